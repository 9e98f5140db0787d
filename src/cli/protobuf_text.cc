#include "cli/protobuf_text.h"

#include <fmt/format.h>

#include "model/text_escape.h"

namespace clustersim {
namespace {

// Messages nest this deep at most: DR_EVT_Params needs two levels, and a
// bound keeps a hostile file from recursing without end.
constexpr int kMaxDepth = 16;

bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || (c >= '0' && c <= '9'); }
// A number or an identifier value: 12, -3.5e2, 0x1F, inf, true, EASY.
bool IsWordChar(char c) { return IsIdentChar(c) || c == '.' || c == '-' || c == '+'; }

class Parser {
 public:
  Parser(std::string_view text, const std::string& name) : s_(text), file_(EscapeControl(name)) {}

  Status Parse(std::vector<TextField>* out) {
    out_ = out;
    if (Status st = Fields(0, '\0'); !st.ok()) return st;
    return Status::Ok();
  }

 private:
  Status Fail(const std::string& why) const { return Status::Error(fmt::format("{}:{}: {}", file_, line_, why)); }

  // Skips spaces, newlines (counted) and `#` comments.
  void Skip() {
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else {
        return;
      }
    }
  }
  bool At(char c) {
    Skip();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  std::string Shown() const {
    if (pos_ >= s_.size()) return "end of file";
    return fmt::format("'{}'", EscapeControl(s_.substr(pos_, 1)));
  }

  // Fields until `close` ('}' or '>'), or the end of the text at depth 0.
  Status Fields(int depth, char close) {
    while (true) {
      Skip();
      if (pos_ >= s_.size()) {
        if (close == '\0') return Status::Ok();
        return Fail(fmt::format("message '{}' is not closed: expected '{}' before the end of the file",
                                messages_.back(), close));
      }
      if (s_[pos_] == close) {
        ++pos_;
        return Status::Ok();
      }
      if (!IsIdentStart(s_[pos_])) return Fail(fmt::format("expected a field name, found {}", Shown()));
      const std::size_t b = pos_;
      while (pos_ < s_.size() && IsIdentChar(s_[pos_])) ++pos_;
      const std::string field(s_.substr(b, pos_ - b));
      const bool colon = At(':');
      if (colon) ++pos_;
      if (At('{') || At('<')) {
        if (depth + 1 > kMaxDepth) return Fail(fmt::format("messages nest deeper than {}", kMaxDepth));
        const char end = s_[pos_] == '{' ? '}' : '>';
        ++pos_;
        messages_.push_back(field);
        if (Status st = Fields(depth + 1, end); !st.ok()) return st;
        messages_.pop_back();
      } else {
        if (!colon) return Fail(fmt::format("field '{}': expected ':' or '{{', found {}", field, Shown()));
        if (Status st = Values(field); !st.ok()) return st;
      }
      if (At(';') || At(',')) ++pos_;
    }
  }

  // One value, or a list `[a, b, ...]` of them.
  Status Values(const std::string& field) {
    if (!At('[')) return Value(field);
    ++pos_;
    if (At(']')) return ++pos_, Status::Ok();
    while (true) {
      if (Status st = Value(field); !st.ok()) return st;
      if (At(',')) {
        ++pos_;
        continue;
      }
      if (At(']')) return ++pos_, Status::Ok();
      return Fail(fmt::format("field '{}': expected ',' or ']' in the list, found {}", field, Shown()));
    }
  }

  Status Value(const std::string& field) {
    Skip();
    TextField f{messages_, field, {}, line_};
    if (pos_ < s_.size() && (s_[pos_] == '"' || s_[pos_] == '\'')) {
      // Adjacent strings concatenate ("a" "b" is "ab").
      while (At('"') || At('\'')) {
        if (Status st = String(&f.value); !st.ok()) return st;
      }
    } else {
      const std::size_t b = pos_;
      while (pos_ < s_.size() && IsWordChar(s_[pos_])) ++pos_;
      if (pos_ == b) return Fail(fmt::format("field '{}': expected a value, found {}", field, Shown()));
      f.value = std::string(s_.substr(b, pos_ - b));
    }
    out_->push_back(std::move(f));
    return Status::Ok();
  }

  // A quoted string at pos_, unescaped into *out (appended).
  Status String(std::string* out) {
    const char q = s_[pos_++];
    while (true) {
      if (pos_ >= s_.size() || s_[pos_] == '\n') return Fail("unterminated string");
      const char c = s_[pos_++];
      if (c == q) return Status::Ok();
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= s_.size()) return Fail("unterminated string");
      const char e = s_[pos_++];
      switch (e) {
        case 'n': out->push_back('\n'); break;
        case 't': out->push_back('\t'); break;
        case 'r': out->push_back('\r'); break;
        case '\\': case '\'': case '"': case '?': out->push_back(e); break;
        default:
          if (e >= '0' && e <= '7') {  // up to three octal digits
            int v = e - '0';
            for (int k = 0; k < 2 && pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '7'; ++k)
              v = v * 8 + (s_[pos_++] - '0');
            out->push_back(static_cast<char>(v & 0xFF));
            break;
          }
          return Fail(fmt::format("unknown escape '\\{}' in a string", EscapeControl(std::string_view(&e, 1))));
      }
    }
  }

  std::string_view s_;
  std::string file_;
  std::size_t pos_ = 0;
  std::int64_t line_ = 1;
  std::vector<std::string> messages_;
  std::vector<TextField>* out_ = nullptr;
};

}  // namespace

Result<std::vector<TextField>> ParseProtobufText(std::string_view text, const std::string& name) {
  std::vector<TextField> fields;
  Parser p(text, name);
  if (Status st = p.Parse(&fields); !st.ok()) return st;
  return fields;
}

}  // namespace clustersim
