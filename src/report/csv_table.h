#pragma once
// CsvTable: the columns of one of clustersim's own output files, read back
// by name for reports, with the shared line and field splitters
// (io/text_lines.h: quoted fields lose their outer quotes, inner "" stay).
// Columns are located by header name, so a report keeps working when
// columns are added.

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "model/status.h"

namespace clustersim {

struct CsvTable {
  std::size_t rows = 0;
  // One entry per requested numeric column: values by row, NaN where the
  // field is empty or the column absent ("inf" reads as infinity).
  std::vector<std::vector<double>> numbers;
  // One entry per requested text column.
  std::vector<std::vector<std::string>> texts;
  // Requested columns the header lacks (when not `required`).
  std::vector<std::string> absent;
};

// One field as CsvTable reads it: the number it spells, "inf" as infinity,
// else NaN.
double CsvNumber(std::string_view field);

// Reads `path` and returns the requested columns. A field of a numeric
// column that is neither empty nor a number is an error naming file, line
// and column. A requested column the
// header lacks is an error naming file and column when `required` (unless
// its name ends in '?': "free_nodes?"), else an all-NaN (or all-empty)
// column. A row with fewer fields than the header is
// an error naming file and line.
Result<CsvTable> ReadCsvTable(const std::string& path, const std::vector<std::string>& numeric,
                              const std::vector<std::string>& text = {}, bool required = true);

}  // namespace clustersim
