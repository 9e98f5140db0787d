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

// Whether `s` holds a C0 control character (a line break, a tab) or DEL:
// names that go into output rows must not, or they would split a row.
bool HasControlChar(std::string_view s);

}  // namespace clustersim
