#pragma once
// Line iteration and field splitting shared by the text readers. Lines end at
// '\n'; a trailing '\r' is dropped (CRLF files); a UTF-8 BOM at the very
// start of the text is skipped.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clustersim {

// Lines longer than kMaxLineBytes or more than kMaxLines of them
// (io/file_reader.h) end the iteration early with an error: a hostile
// input cannot make a reader build giant fields or records.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text);
  // Next physical line (without its terminator); false at end of text, or
  // at a line past the limits (then !ok()).
  bool Next(std::string_view* line);
  std::int64_t line_number() const { return line_no_; }  // of the last line returned
  bool ok() const { return error_ == nullptr; }
  // "name:line: line_too_long: ..." (or too_many_lines); "" when ok().
  std::string Error(const std::string& name) const;

 private:
  std::string_view text_;
  size_t pos_ = 0;
  std::int64_t line_no_ = 0;
  const char* error_ = nullptr;
};

// True if the line holds only spaces, tabs or '\r'.
bool IsBlank(std::string_view line);

// RFC 4180-style split on ','. Quoted fields may contain commas and doubled
// quotes; the returned view excludes the outer quotes (inner "" stay as-is,
// which is harmless for the numeric fields clustersim reads). Returns false
// on an unterminated quote.
bool SplitCsv(std::string_view line, std::vector<std::string_view>* fields);
// A field SplitCsv returned from quotes, with each doubled quote made one.
std::string UnescapeCsvQuotes(std::string_view field);

// Splits on runs of spaces and tabs (SWF).
void SplitWhitespace(std::string_view line, std::vector<std::string_view>* fields);

// Levenshtein distance, for "did you mean" hints on names.
int EditDistance(std::string_view a, std::string_view b);

}  // namespace clustersim
