#include "io/quantity.h"

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

namespace clustersim {
namespace {

// "value" or "value rounded" or the error text, so one EXPECT_EQ shows all.
std::string Cpu(std::string_view s) {
  std::int64_t v = -1;
  bool rounded = false;
  const QuantityError e = ParseCpuQuantity(s, &v, &rounded);
  if (e != QuantityError::kOk) return QuantityErrorText(e);
  return std::to_string(v) + (rounded ? " rounded" : "");
}

std::string Mem(std::string_view s) {
  std::int64_t v = -1;
  bool rounded = false;
  const QuantityError e = ParseMemoryQuantity(s, &v, &rounded);
  if (e != QuantityError::kOk) return QuantityErrorText(e);
  return std::to_string(v) + (rounded ? " rounded" : "");
}

TEST(Quantity, CpuIntoMillicores) {
  EXPECT_EQ(Cpu("2"), "2000");
  EXPECT_EQ(Cpu("500m"), "500");
  EXPECT_EQ(Cpu("0.5"), "500");
  EXPECT_EQ(Cpu("1.5"), "1500");
  EXPECT_EQ(Cpu(".5"), "500");
  EXPECT_EQ(Cpu("5."), "5000");
  EXPECT_EQ(Cpu("+1"), "1000");
  EXPECT_EQ(Cpu(" 2 "), "2000");
  EXPECT_EQ(Cpu("0"), "0");
  EXPECT_EQ(Cpu("-0"), "0");
  EXPECT_EQ(Cpu("007"), "7000");
  EXPECT_EQ(Cpu("1k"), "1000000");
  EXPECT_EQ(Cpu("1Ki"), "1024000");
  EXPECT_EQ(Cpu("1000000n"), "1");
  EXPECT_EQ(Cpu("250000u"), "250");
}

TEST(Quantity, ExponentsAloneAndWithASuffix) {
  EXPECT_EQ(Cpu("2e3m"), "2000");
  EXPECT_EQ(Cpu("1e3"), "1000000");
  EXPECT_EQ(Cpu("1E3"), "1000000");  // E followed by digits is an exponent...
  EXPECT_EQ(Mem("2E"), "2000000000000000000");  // ...and alone the exa suffix
  EXPECT_EQ(Cpu("1e-3"), "1");
  EXPECT_EQ(Cpu("15e-1"), "1500");
  EXPECT_EQ(Cpu("1.5e+1"), "15000");
  EXPECT_EQ(Mem("1e3Ki"), "1024000");
}

// Amounts below the unit round up, as Kubernetes' MilliValue()/Value() do.
TEST(Quantity, SubUnitAmountsRoundUp) {
  EXPECT_EQ(Cpu("0.0005"), "1 rounded");
  EXPECT_EQ(Cpu("1.0005"), "1001 rounded");
  EXPECT_EQ(Cpu("1.5m"), "2 rounded");
  EXPECT_EQ(Cpu("100u"), "1 rounded");
  EXPECT_EQ(Mem("0.5"), "1 rounded");
  EXPECT_EQ(Mem("500m"), "1 rounded");
  EXPECT_EQ(Mem("1e-30"), "1 rounded");
  EXPECT_EQ(Mem("1e-50"), "1 rounded");
  EXPECT_EQ(Mem("0.1Ki"), "103 rounded");  // 102.4
  EXPECT_EQ(Mem("0.5Ki"), "512");          // exact: no rounding
}

TEST(Quantity, MemoryIntoBytes) {
  EXPECT_EQ(Mem("8Gi"), "8589934592");
  EXPECT_EQ(Mem("512Mi"), "536870912");
  EXPECT_EQ(Mem("1G"), "1000000000");
  EXPECT_EQ(Mem("1.5Gi"), "1610612736");
  EXPECT_EQ(Mem("48Gi"), "51539607552");
  EXPECT_EQ(Mem("1e3"), "1000");
  EXPECT_EQ(Mem("123"), "123");
  EXPECT_EQ(Mem("1Ti"), "1099511627776");
  EXPECT_EQ(Mem("1Ei"), "1152921504606846976");
  EXPECT_EQ(Mem("9223372036854775807"), "9223372036854775807");
}

TEST(Quantity, ExactWhereFloatingPointIsNot) {
  // 0.1 + 0.2 style traps: every digit is kept as an integer.
  EXPECT_EQ(Cpu("0.3"), "300");
  EXPECT_EQ(Cpu("2.675"), "2675");
  EXPECT_EQ(Mem("1.1Gi"), "1181116007 rounded");  // 1181116006.4
  EXPECT_EQ(Cpu("9223372036854775.807"), "9223372036854775807");
}

TEST(Quantity, Errors) {
  EXPECT_EQ(Cpu(""), "empty");
  EXPECT_EQ(Cpu("  "), "empty");
  EXPECT_EQ(Cpu("abc"), "not a number");
  EXPECT_EQ(Cpu("."), "not a number");
  EXPECT_EQ(Cpu("+"), "not a number");
  EXPECT_EQ(Cpu("1.2.3"), "not a number");
  EXPECT_EQ(Cpu("1e+"), "not a number");
  EXPECT_EQ(Cpu("1x"), "unknown unit suffix");
  EXPECT_EQ(Cpu("1e"), "unknown unit suffix");
  EXPECT_EQ(Cpu("2 m"), "unknown unit suffix");
  EXPECT_EQ(Mem("8GB"), "unknown unit suffix");
  EXPECT_EQ(Cpu("-1"), "negative");
  EXPECT_EQ(Mem("-0.5Gi"), "negative");
  EXPECT_EQ(Mem("9223372036854775808"), "too large");
  EXPECT_EQ(Mem("8Ei"), "too large");
  EXPECT_EQ(Cpu("1E"), "too large");  // 10^18 cores = 10^21 millicores
  EXPECT_EQ(Mem("1e100000000"), "too large");
  EXPECT_EQ(Mem("12345678901234567890"), "too large");  // 20 digits, the last dropped is 0
  EXPECT_EQ(Cpu("1.00000000000000000001"), "more than 19 significant digits");
}

}  // namespace
}  // namespace clustersim
