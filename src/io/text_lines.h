#pragma once
// Line iteration and field splitting shared by the text readers. Lines end at
// '\n'; a trailing '\r' is dropped (CRLF files); a UTF-8 BOM at the very
// start of the text is skipped.

#include <cstdint>
#include <string_view>
#include <vector>

namespace clustersim {

class LineCursor {
 public:
  explicit LineCursor(std::string_view text);
  // Next physical line (without its terminator); false at end of text.
  bool Next(std::string_view* line);
  std::int64_t line_number() const { return line_no_; }  // of the last line returned

 private:
  std::string_view text_;
  size_t pos_ = 0;
  std::int64_t line_no_ = 0;
};

// True if the line holds only spaces, tabs or '\r'.
bool IsBlank(std::string_view line);

// RFC 4180-style split on ','. Quoted fields may contain commas and doubled
// quotes; the returned view excludes the outer quotes (inner "" stay as-is,
// which is harmless for the numeric fields clustersim reads). Returns false
// on an unterminated quote.
bool SplitCsv(std::string_view line, std::vector<std::string_view>* fields);

// Splits on runs of spaces and tabs (SWF).
void SplitWhitespace(std::string_view line, std::vector<std::string_view>* fields);

// Levenshtein distance, for "did you mean" hints on names.
int EditDistance(std::string_view a, std::string_view b);

}  // namespace clustersim
