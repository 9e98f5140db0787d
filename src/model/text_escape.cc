#include "model/text_escape.h"

namespace clustersim {
namespace {

void AppendHex(unsigned char c, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->append("\\x");
  out->push_back(kHex[c >> 4]);
  out->push_back(kHex[c & 15]);
}

// Length of the valid UTF-8 sequence at s[i] (2-4), or 0.
std::size_t Utf8Length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(s[i + 1]);
  if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0) || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 >= 0x90))
    return 0;  // overlong forms and surrogates
  return n;
}

}  // namespace

std::string EscapeControl(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x20 && static_cast<unsigned char>(s[i]) < 0x7f) ++i;
  if (i == s.size()) return std::string(s);  // the usual case: plain ASCII
  std::string out(s.substr(0, i));
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
      ++i;
    } else if (c == '\n') {
      out.append("\\n"), ++i;
    } else if (c == '\r') {
      out.append("\\r"), ++i;
    } else if (c == '\t') {
      out.append("\\t"), ++i;
    } else if (const std::size_t n = c >= 0x80 ? Utf8Length(s, i) : 0;
               n > 0 && !(n == 2 && c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0)) {
      out.append(s.substr(i, n));  // printable non-ASCII; U+0080..U+009F (C1) are escaped below
      i += n;
    } else {
      AppendHex(c, &out);
      ++i;
    }
  }
  return out;
}

bool HasControlChar(std::string_view s) {
  for (const char ch : s)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) return true;
  return false;
}

std::string QuoteShort(std::string_view s, std::size_t max) {
  if (s.size() <= max) return "'" + EscapeControl(s) + "'";
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return "'" + EscapeControl(s.substr(0, cut)) + "...' (" + std::to_string(s.size()) + " bytes)";
}

}  // namespace clustersim
