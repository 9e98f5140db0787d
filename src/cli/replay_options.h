#pragma once
// What `clustersim replay` refuses: a replay keeps the trace's recorded
// times, so the options that choose how a simulation schedules or draws run
// times would be ignored. They are refused by name, never taken silently,
// and left out of replay's --help.

#include <string>
#include <vector>

#include "cli/options.h"
#include "model/status.h"

namespace CLI {
class App;
}

namespace clustersim {

// Every such option the command line gave (at any value, its default
// included: `--policy fcfs` would be ignored too).
std::vector<std::string> SchedulingOptionsGiven(const OptionValues& v);
// An error naming them, else OK.
Status CheckReplayOptions(const OptionValues& v);

// Leaves those options out of --help; they stay parsed, so giving one is
// answered by CheckReplayOptions rather than as an unknown option.
void UnlistReplayRefusedOptions(CLI::App* app);

}  // namespace clustersim
