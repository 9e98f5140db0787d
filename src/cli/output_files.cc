#include "cli/output_files.h"

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "io/temp_registry.h"
#include "report/run_report.h"

namespace clustersim {
namespace {

const std::vector<std::string> kOutputNames = {
    "schedule.csv", "rejected.csv", "resources.csv",  "jobs.csv",  "summary.json",        "timing.json", "windows.csv",
    "placements.csv", "timeseries.csv", "nodes.csv", "node_timeseries.csv", "devices.csv", "policy.csv",
    "schedule.swf", "report.html"};

}  // namespace

Status CheckPageTarget(const std::string& page, const std::vector<std::string>& run_dirs, bool own_report) {
  namespace fs = std::filesystem;
  const fs::path p(page);
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  for (const std::string& dir : run_dirs) {
    for (const std::string& name : kOutputNames) {
      if (name == "report.html") continue;
      std::error_code ec;
      // The file itself (through any link), or a new file of that name in
      // the run's directory.
      const bool same = fs::equivalent(p, fs::path(dir) / name, ec) ||
                        (p.filename() == name && fs::equivalent(parent, dir, ec));
      if (same)
        return Status::Error(fmt::format("{}: this is {} of the run in {}; write the page elsewhere", page, name, dir));
    }
  }
  // Nor over the files of another run: `report a -o b/summary.json` left b
  // with an HTML summary. A folder with a summary or timing file is a run's;
  // its report.html is its own page, replaced only by a report of it.
  std::error_code ec;
  bool shown = false;
  for (const std::string& dir : run_dirs) shown = shown || (own_report && fs::equivalent(parent, dir, ec));
  for (const std::string& name : kOutputNames) {
    if (p.filename() != name || (name == "report.html" && shown)) continue;
    for (const char* marker : {"summary.json", "timing.json"})
      if (fs::exists(parent / marker, ec))
        return Status::Error(fmt::format("{}: this is {} of the run in {}; write the page elsewhere", page, name,
                                         parent.string()));
  }
  return Status::Ok();
}

Result<std::unique_ptr<OutputFiles>> OutputFiles::IntoDirectory(const std::string& dir,
                                                                const std::vector<std::string>& inputs) {
  auto set = OutputSet::Begin(dir, kOutputNames, inputs);
  if (!set.ok()) return set.status();
  std::unique_ptr<OutputFiles> o(new OutputFiles());
  o->set_ = set.take();
  return o;
}

std::unique_ptr<OutputFiles> OutputFiles::AsNamedFiles() { return std::unique_ptr<OutputFiles>(new OutputFiles()); }

Result<TextSink*> OutputFiles::Open(const std::string& name) {
  if (set_) {
    auto f = set_->Create(name);
    if (!f.ok()) return f.status();
    dir_files_.push_back(f.take());
    return static_cast<TextSink*>(dir_files_.back().get());
  }
  path_files_.push_back(std::make_unique<AtomicFileSink>(name));
  if (Status st = path_files_.back()->Open(); !st.ok()) return st;
  return static_cast<TextSink*>(path_files_.back().get());
}

Status OutputFiles::Publish(bool report) {
  for (auto& f : dir_files_)
    if (Status st = f->Close(); !st.ok()) return st;
  if (set_ && report) {
    auto page = RenderRunReportFrom(set_->private_dir(), set_->target(), CLUSTERSIM_VERSION);
    if (!page.ok()) {
      // Named by the folder the user asked for: the private one is gone
      // when the message is read.
      std::string message = page.status().message();
      const std::string& from = set_->private_dir();
      for (std::size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + set_->target().size()))
        message.replace(at, from.size(), set_->target());
      return Status::Error(message);
    }
    auto f = set_->Create("report.html");
    if (!f.ok()) return f.status();
    f.value()->buf = std::move(page.value());
    if (Status st = f.value()->Close(); !st.ok()) return st;
  }
  if (set_) return set_->Publish();
  // Every named file is written out before any replaces an old one: a write
  // error (a full disk) left -R new beside -o old.
  for (auto& f : path_files_)
    if (Status st = f->Close(); !st.ok()) return st;
  const DeferSignals all_or_none;  // the named files are renamed one by one
  for (auto& f : path_files_)
    if (Status st = f->Commit(); !st.ok()) return st;
  return Status::Ok();
}

}  // namespace clustersim
