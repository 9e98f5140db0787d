#pragma once
// The protobuf text format, as far as dr_evt's config files use it
// (`simulator -c FILE`, its DR_EVT_Params message): scalar fields
// `name: value` and nested messages `name { ... }` (or `name: { ... }`,
// `name < ... >`), values that are numbers, identifiers (`true`, enum
// names) or quoted strings (adjacent strings concatenate, C escapes), lists
// `[a, b]`, `#` comments, optional `;` or `,` after a field. No schema: the
// caller decides which names mean what. Every syntax error names file and
// line.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/status.h"

namespace clustersim {

struct TextField {
  std::vector<std::string> messages;  // enclosing message names, outermost first
  std::string name;
  std::string value;  // strings unescaped, without quotes
  std::int64_t line = 0;
};

// Scalars in file order (a list gives one field per item). `name` is the
// file's name for messages.
Result<std::vector<TextField>> ParseProtobufText(std::string_view text, const std::string& name);

}  // namespace clustersim
