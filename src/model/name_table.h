#pragma once
// The names of an enum's values: one table per enum, next to the enum, used
// to parse option values, to print them, and to list them when a value is
// unknown. The first entry for a value is its canonical name; later entries
// for the same value are accepted spellings (dr_evt's older names, say) that
// are not listed.

#include <cstddef>
#include <string_view>
#include <vector>

namespace clustersim {

template <typename E>
struct EnumName {
  std::string_view name;  // a string literal, so name.data() is NUL-terminated
  E value;
};

template <typename E, std::size_t N>
bool ParseEnumName(const EnumName<E> (&table)[N], std::string_view s, E* out) {
  for (const EnumName<E>& e : table)
    if (e.name == s) return *out = e.value, true;
  return false;
}

template <typename E, std::size_t N>
const char* EnumNameOf(const EnumName<E> (&table)[N], E value) {
  for (const EnumName<E>& e : table)
    if (e.value == value) return e.name.data();
  return "?";
}

// The canonical names, in table order.
template <typename E, std::size_t N>
std::vector<std::string_view> CanonicalNames(const EnumName<E> (&table)[N]) {
  std::vector<std::string_view> names;
  for (std::size_t i = 0; i < N; ++i) {
    bool alias = false;
    for (std::size_t j = 0; j < i; ++j) alias = alias || table[j].value == table[i].value;
    if (!alias) names.push_back(table[i].name);
  }
  return names;
}

}  // namespace clustersim
