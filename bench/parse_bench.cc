// Parse throughput of the SWF and CSV readers on real traces, from memory
// (decompression and disk excluded: that is what "parse MB/s" means in
// BENCHMARKS.md). Set CLUSTERSIM_TRACES to the shared traces folder.

#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "io/file_reader.h"
#include "io/schedule_csv.h"
#include "io/trace_loader.h"
#include "model/diagnostics.h"

namespace clustersim {
namespace {

std::string TracesDir() {
  const char* e = std::getenv("CLUSTERSIM_TRACES");
  return e ? e : std::string(CLUSTERSIM_SOURCE_DIR) + "/../shared/traces";
}

void ParseSwf(benchmark::State& state, const char* file) {
  auto text = ReadFileContents(TracesDir() + "/" + file);
  if (!text.ok()) {
    state.SkipWithError(text.status().message().c_str());
    return;
  }
  for (auto _ : state) {
    Diagnostics diag;
    auto w = LoadTraceText(text.value(), "trace.swf", LoadOptions{}, &diag);
    benchmark::DoNotOptimize(w.value().workload.jobs.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.value().size()));
}
BENCHMARK_CAPTURE(ParseSwf, kth, "KTH-SP2.filtered.swf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ParseSwf, ricc, "RICC-2010-2.swf.gz")->Unit(benchmark::kMillisecond);

// dr_evt CSV: the schedule CSV clustersim writes for RICC (447,792 rows of
// epoch-second replay input).
void ParseCsv(benchmark::State& state) {
  auto text = ReadFileContents(TracesDir() + "/RICC-2010-2.swf.gz");
  if (!text.ok()) {
    state.SkipWithError("no RICC trace");
    return;
  }
  Diagnostics d0;
  auto swf = LoadTraceText(text.value(), "t.swf", LoadOptions{}, &d0);
  std::vector<JobRun> runs(swf.value().workload.jobs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Job& j = swf.value().workload.jobs[i];
    runs[i].begin = j.submit;
    runs[i].end = j.submit + j.run_time;
    runs[i].state = JobState::kCompleted;
  }
  const std::string csv = ScheduleCsv(swf.value().workload, runs, TimeFormat::kExact);
  LoadOptions lo;
  lo.capacity = 8192;
  for (auto _ : state) {
    Diagnostics diag;
    auto w = LoadTraceText(csv, "trace.csv", lo, &diag);
    benchmark::DoNotOptimize(w.value().workload.jobs.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * csv.size()));
}
BENCHMARK(ParseCsv)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace clustersim

BENCHMARK_MAIN();
