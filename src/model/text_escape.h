#pragma once
// Messages quote input text (a bad field, a file name). Bytes that a
// terminal would act on — C0 controls, DEL, C1 controls, invalid UTF-8 —
// are written as \xNN (\n, \r and \t as themselves escaped), so a hostile
// trace cannot move the cursor, recolour or retitle the user's terminal, and
// every message stays one line. Valid printable UTF-8 is kept.

#include <string>
#include <string_view>

namespace clustersim {

std::string EscapeControl(std::string_view s);

// `s` quoted for a one-line message: escaped as above, and cut after
// `max` bytes with the length said ('abc...' (123456 bytes)), so a wrong
// file given as a YAML input is not echoed whole.
std::string QuoteShort(std::string_view s, std::size_t max = 80);

// Whether `s` holds a C0 control character (a line break, a tab) or DEL:
// names that go into output rows must not, or they would split a row.
bool HasControlChar(std::string_view s);

}  // namespace clustersim
