#pragma once
// The facility ambient (§g) from the command line: `--ambient 22` (constant),
// `--ambient 20,5,24` (base °C, amplitude °C, period in hours: a sinusoid),
// or `--ambient temps.csv`: rows `time_s,temp_c` (a header line is
// allowed), times increasing, each temperature held until the next row.

#include <string>

#include "model/ambient.h"
#include "model/status.h"

namespace clustersim {

Result<Ambient> ParseAmbient(const std::string& text, const std::string& label = "--ambient");

}  // namespace clustersim
