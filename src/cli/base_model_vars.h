#pragma once
// Joulie's SIM_* variables of the hardware base model (power-model.md §i),
// under Joulie's names and units (MHz, ms, W, °C): in a config file as
// `SIM_BASE_IDLE_W = 100`, on the command line as `--SIM_BASE_IDLE_W 100`
// (hidden from --help, listed in README), or in the environment of a
// cluster run. Each sets the base every node starts from; a catalog row
// then overrides what it defines (a CPU's curve and socket caps, a GPU's
// powers, physics and cap settling time).

#include <map>
#include <string>
#include <vector>
#include <utility>

#include <CLI/CLI.hpp>

#include "model/hardware.h"
#include "model/status.h"

namespace clustersim {

// Registers one hidden option per variable; `values` keeps what was given.
void AddBaseModelOptions(CLI::App* app, std::map<std::string, std::string>* values, const std::string& group);

// The base model from the given values, then (when `use_env`) the
// environment for the variables not given. Errors name the variable.
// `applied` (optional) receives each variable set, flag or environment, as
// NAME=text, so summary.json can say what the run used.
Status ResolveBaseModel(const std::map<std::string, std::string>& given, bool use_env, BaseHardware* out,
                        std::vector<std::pair<std::string, std::string>>* applied = nullptr);


}  // namespace clustersim
