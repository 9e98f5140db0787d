// Fuzzes the strict config-file check and simulator's config expansion (the
// `key = value` format or dr_evt's protobuf text): any text is accepted or
// refused with a message naming the file and a line; never a crash, and
// every argument made is an option of the list.

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
  const auto args = ConfigTextArgs(text, "fuzz.toml", names, "sim_setup");
  if (!args.ok() && args.status().message().rfind("fuzz.toml:", 0) != 0) __builtin_trap();
  if (args.ok())
    for (const std::string& a : args.value()) {
      const std::size_t eq = a.find('=');
      if (a.rfind("--", 0) != 0 || eq == std::string::npos) __builtin_trap();
      bool known = false;
      for (const std::string& n : names) known |= a.compare(2, eq - 2, n) == 0 && n.size() == eq - 2;
      if (!known) __builtin_trap();
    }
  return 0;
}
