#pragma once
// The help text of the run front ends (`simulate`, `replay`, `simulator`).

#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

namespace clustersim {

// CLI11 ends each option group with a blank line unless it is the last
// group; the hidden options (group "") come last, so the last shown group
// got a second blank line before the examples. One is enough.
class RunHelpFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    std::string out = CLI::Formatter::make_help(app, std::move(name), mode);
    const std::string footer = app->get_footer();
    if (const std::size_t at = out.rfind("\n\n\n" + footer); !footer.empty() && at != std::string::npos)
      out.erase(at, 1);
    return out;
  }
};

inline void UseRunHelpFormat(CLI::App* app) { app->formatter(std::make_shared<RunHelpFormatter>()); }

}  // namespace clustersim
