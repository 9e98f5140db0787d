// Fuzzes the strict config-file check: any text is accepted or refused with
// a message naming the file and a line; never a crash.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cli/config_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clustersim;
  static const std::vector<std::string> names = {"backfill", "policy", "total_nodes", "total-nodes", "outputs",
                                                 "seed",     "config", "run_time_scale"};
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Status st = CheckConfigText(text, "fuzz.toml", names);
  if (!st.ok() && st.message().rfind("fuzz.toml:", 0) != 0) __builtin_trap();
  return 0;
}
