// `clustersim generate` (io/workload_generator, cli/generate): byte
// determinism, the §l.1 record shape and key order, work sizing against the
// §l.3 formula, the pod structure of each family, the hourly multiplier rule
// and the command line (options, errors, atomic output). Distributions are in
// workload_generator_stats_test.cc.

#include "io/workload_generator.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/generate.h"
#include "io/jsonl_trace.h"
#include "io/text_sink.h"
#include "model/diagnostics.h"
#include "test_util.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string Render(const GeneratorOptions& o) {
  StringSink sink;
  WriteWorkloadTrace(o, &sink);
  return sink.buf;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A positive integer without leading zeros, then `suffix` ("", "m", "Gi").
bool IsCount(std::string_view s, std::string_view suffix) {
  if (s.size() <= suffix.size() || s.substr(s.size() - suffix.size()) != suffix) return false;
  s.remove_suffix(suffix.size());
  return s[0] != '0' && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// workload-NNNNNN-<role>-NN (std::regex is avoided: GCC 12 warns inside it
// at -O2).
bool IsJobId(std::string_view id) {
  static const std::set<std::string_view> kRoles = {"worker", "launcher",   "ps",       "controller",
                                                    "trial",  "preprocess", "analytics"};
  const auto digits = [](std::string_view s) { return s.find_first_not_of("0123456789") == std::string_view::npos; };
  const std::size_t last = id.rfind('-');
  return id.size() > 19 && id.substr(0, 9) == "workload-" && digits(id.substr(9, 6)) && id[15] == '-' &&
         last == id.size() - 3 && digits(id.substr(last + 1)) && kRoles.count(id.substr(16, last - 16)) == 1;
}

std::vector<std::string> Keys(const Json& j) {
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  return keys;
}

struct CliRun {
  int rc;
  std::string out, err;
};

CliRun Cli(std::vector<std::string> args) {
  args.insert(args.begin(), "generate");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::ostringstream out, err;
  const int rc = RunGenerate(static_cast<int>(argv.size()), argv.data(), out, err);
  return {rc, out.str(), err.str()};
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(GeneratorDeterminism, SameSeedSameBytesOtherSeedOtherBytes) {
  GeneratorOptions o;
  o.max_workloads = 300;
  o.seed = 42;
  const std::string a = Render(o), b = Render(o);
  EXPECT_EQ(a, b);
  o.seed = 43;
  EXPECT_NE(a, Render(o));
}

TEST(GeneratorDeterminism, CliRunsWriteIdenticalFiles) {
  const fs::path d = test::ScratchDir("gen_determinism");
  const std::string p1 = (d / "a.jsonl").string(), p2 = (d / "b.jsonl").string();
  ASSERT_EQ(Cli({"-o", p1, "--seed", "9", "--workloads", "200", "--quiet"}).rc, 0);
  ASSERT_EQ(Cli({"-o", p2, "--seed", "9", "--workloads", "200", "--quiet"}).rc, 0);
  EXPECT_EQ(Slurp(p1), Slurp(p2));
  EXPECT_FALSE(Slurp(p1).empty());
  // Only the renamed outputs remain: no temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2);
}

TEST(GeneratorDeterminism, WorkloadDrawsDoNotDependOnArrivals) {
  // Each workload has its own stream: changing the arrival rate moves the
  // offsets but not what the workloads are.
  GeneratorOptions o;
  o.max_workloads = 50;
  const auto a = GenerateAll(o);
  o.mean_interarrival_s = 60;
  const auto b = GenerateAll(o);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].family, b[i].family);
    EXPECT_EQ(a[i].duration_s, b[i].duration_s);
    EXPECT_NE(a[i].submit_s, b[i].submit_s);
  }
}

TEST(GeneratorDeterminism, TimeScaleOnlyDividesSubmitOffsets) {
  GeneratorOptions o;
  o.max_workloads = 100;
  const auto plain = Lines(Render(o));
  o.time_scale = 120;
  const auto scaled = Lines(Render(o));
  ASSERT_EQ(plain.size(), scaled.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    Json a = Json::parse(plain[i]), b = Json::parse(scaled[i]);
    EXPECT_NEAR(b["submitTimeOffsetSec"].get<double>() * 120, a["submitTimeOffsetSec"].get<double>(), 1e-4);
    a.erase("submitTimeOffsetSec");
    b.erase("submitTimeOffsetSec");
    EXPECT_EQ(a, b);  // work stays in simulated seconds
  }
}

TEST(GeneratorRecords, EveryLineIsAJobRecordWithTheSpecKeysInOrder) {
  GeneratorOptions o;
  o.max_workloads = 1500;
  o.seed = 3;
  o.amd_gpu_ratio = 0.5;
  const auto workloads = GenerateAll(o);
  const auto lines = Lines(Render(o));
  std::size_t pods = 0;
  for (const auto& w : workloads) pods += w.pods.size();
  ASSERT_EQ(lines.size(), pods);

  const std::vector<std::string> top = {"type", "schemaVersion", "jobId", "workloadId", "workloadType",
                                        "podRole", "gang", "intentClass", "submitTimeOffsetSec", "podTemplate",
                                        "work", "sensitivity", "workloadClass", "workloadProfile"};
  const std::vector<std::string> profile = {"cpuUtilization", "gpuUtilization", "memoryIntensity", "ioIntensity",
                                            "cpuFeedIntensityGpu"};
  std::set<std::string> ids;
  double last_submit = 0;
  for (const std::string& line : lines) {
    SCOPED_TRACE(line);
    const Json j = Json::parse(line);
    EXPECT_EQ(Keys(j), top);
    EXPECT_EQ(j["type"], "job");
    EXPECT_EQ(j["schemaVersion"], "v2");
    const std::string id = j["jobId"];
    EXPECT_TRUE(IsJobId(id));
    EXPECT_TRUE(ids.insert(id).second) << "duplicate " << id;
    EXPECT_EQ(id.substr(0, 15), j["workloadId"].get<std::string>());
    EXPECT_TRUE(j["gang"].is_boolean());
    const double submit = j["submitTimeOffsetSec"];
    EXPECT_GE(submit, last_submit);  // arrival order
    last_submit = submit;

    const Json& pt = j["podTemplate"];
    const Json& req = pt["requests"];
    const std::string cpu = req["cpu"], memory = req["memory"];
    EXPECT_TRUE(IsCount(cpu, "") || (IsCount(cpu, "m") && !IsCount(cpu, "000m")));  // whole cores without m
    EXPECT_TRUE(IsCount(memory, "Gi"));
    const bool nvidia = req.contains("nvidia.com/gpu"), amd = req.contains("amd.com/gpu");
    EXPECT_FALSE(nvidia && amd);
    EXPECT_EQ(req.size(), 2u + (nvidia || amd ? 1 : 0));
    if (nvidia || amd) {
      EXPECT_GE(std::stoi(req[nvidia ? "nvidia.com/gpu" : "amd.com/gpu"].get<std::string>()), 1);
    }
    const bool performance = j["intentClass"] == "performance";
    EXPECT_TRUE(performance || j["intentClass"] == "standard");
    EXPECT_EQ(pt.contains("affinity"), performance);
    if (performance) {
      const Json& term = pt["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
                           ["nodeSelectorTerms"][0]["matchExpressions"][0];
      EXPECT_EQ(term, Json::parse(R"({"key":"joulie.io/power-profile","operator":"NotIn","values":["eco"]})"));
    }

    EXPECT_EQ(Keys(j["work"]), (std::vector<std::string>{"cpuUnits", "gpuUnits"}));
    EXPECT_GT(j["work"]["cpuUnits"].get<double>(), 0);
    EXPECT_EQ(j["work"]["gpuUnits"].get<double>() > 0, nvidia || amd);
    EXPECT_EQ(j["sensitivity"], Json::parse(R"({"cpu":1,"gpu":1})"));
    const Json& cls = j["workloadClass"];
    EXPECT_EQ(cls.contains("gpu"), j["workloadType"] != "cpu_preprocess" && j["workloadType"] != "cpu_analytics");
    EXPECT_EQ(Keys(j["workloadProfile"]), profile);
    for (const auto& [k, v] : j["workloadProfile"].items()) {
      EXPECT_GE(v.get<double>(), 0) << k;
      EXPECT_LE(v.get<double>(), 1) << k;
    }
  }
}

TEST(GeneratorRecords, SensitivityAndPeerIntensityOptions) {
  GeneratorOptions o;
  o.max_workloads = 20;
  for (const std::string& line : Lines(Render(o)))
    EXPECT_FALSE(Json::parse(line)["workloadProfile"].contains("peerTransferIntensity"));
  o.sensitivity_cpu = 0;
  o.sensitivity_gpu = 0.8;
  o.peer_intensity = 0.25;
  for (const std::string& line : Lines(Render(o))) {
    const Json j = Json::parse(line);
    EXPECT_EQ(j["sensitivity"], Json::parse(R"({"cpu":0,"gpu":0.8})"));
    EXPECT_EQ(Keys(j["workloadProfile"]).back(), "peerTransferIntensity");
    EXPECT_EQ(j["workloadProfile"]["peerTransferIntensity"].get<double>(), 0.25);
  }
}

TEST(GeneratorRecords, FirstRecordOfSeedZeroIsPinned) {
  // Pins the draw order and the number format: a change here changes every
  // trace generated with a seed, so it must be deliberate.
  GeneratorOptions o;
  o.max_workloads = 1;
  EXPECT_EQ(
      Lines(Render(o)).at(0),
      R"({"type":"job","schemaVersion":"v2","jobId":"workload-000001-launcher-01","workloadId":"workload-000001",)"
      R"("workloadType":"distributed_training","podRole":"launcher","gang":true,"intentClass":"performance",)"
      R"("submitTimeOffsetSec":16.039937,"podTemplate":{"requests":{"cpu":"2197m","memory":"7Gi"},"affinity":)"
      R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":)"
      R"([{"key":"joulie.io/power-profile","operator":"NotIn","values":["eco"]}]}]}}}},"work":{"cpuUnits":834.367,)"
      R"("gpuUnits":0},"sensitivity":{"cpu":1,"gpu":1},"workloadClass":{"cpu":"cpu.mixed","gpu":"gpu.compute_bound"},)"
      R"("workloadProfile":{"cpuUtilization":0.2333,"gpuUtilization":0.3858,"memoryIntensity":0.4738,)"
      R"("ioIntensity":0.1786,"cpuFeedIntensityGpu":0.3755}})");
}

// cpuUnits = dur * cpu * max(.1, U_cpu) * rate * cpuFrac (* work scale),
// recomputed from the record's own fields and the duration the in-memory API
// exposes.
TEST(GeneratorWork, UnitsFollowTheFormulaFromTheRecordFields) {
  for (const double time_scale : {1.0, 4.0}) {
    GeneratorOptions o;
    o.max_workloads = 600;
    o.seed = 11;
    o.cpu_rate = 2;
    o.gpu_rate = 3;
    o.work_scale = time_scale == 1 ? 1 : 1.5;
    o.time_scale = time_scale;
    const auto workloads = GenerateAll(o);
    const auto lines = Lines(Render(o));
    std::size_t line = 0;
    for (const auto& w : workloads) {
      EXPECT_NEAR(w.submit_s, w.arrival_s / time_scale, 5e-7);  // only offsets are scaled
      for (const auto& p : w.pods) {
        const Json j = Json::parse(lines.at(line++));
        const std::string cpu_text = j["podTemplate"]["requests"]["cpu"];
        const double cpu = cpu_text.back() == 'm' ? std::stod(cpu_text) / 1000 : std::stod(cpu_text);
        EXPECT_DOUBLE_EQ(cpu, p.cpu);
        const double u_cpu = j["workloadProfile"]["cpuUtilization"], u_gpu = j["workloadProfile"]["gpuUtilization"];
        const double want_cpu = w.duration_s * cpu * std::max(.1, u_cpu) * o.cpu_rate * p.cpu_frac * o.work_scale;
        const double want_gpu = w.duration_s * p.gpus * std::max(.1, u_gpu) * o.gpu_rate * p.gpu_frac * o.work_scale;
        // Work units are printed with 3 decimals.
        EXPECT_NEAR(j["work"]["cpuUnits"].get<double>(), want_cpu, 5e-4 + 1e-12 * want_cpu);
        EXPECT_NEAR(j["work"]["gpuUnits"].get<double>(), want_gpu, 5e-4 + 1e-12 * want_gpu);
      }
    }
    EXPECT_EQ(line, lines.size());
  }
}

// A reader takes cpuUnits <= 0 as missing, 1000 (formats.md §2.7): a tiny
// --work-scale rounded some pods to 0 and they ran 1000 units. Every pod's
// CPU work is at least the 0.001 the 3 decimals can print.
TEST(GeneratorWork, CpuUnitsNeverRoundToZero) {
  GeneratorOptions o;
  o.max_workloads = 50;
  o.seed = 7;
  o.work_scale = 1e-5;
  int smallest = 0;
  for (const std::string& line : Lines(Render(o))) {
    const double units = Json::parse(line)["work"]["cpuUnits"].get<double>();
    EXPECT_GE(units, 0.001) << line;
    smallest += units == 0.001 ? 1 : 0;
  }
  EXPECT_GT(smallest, 0);  // the scale did reach the floor
}

TEST(GeneratorGang, PodStructureOfEveryFamily) {
  GeneratorOptions o;
  o.max_workloads = 3000;
  o.seed = 5;
  std::map<Family, int> seen;
  for (const auto& w : GenerateAll(o)) {
    SCOPED_TRACE(w.Id());
    ++seen[w.family];
    std::map<std::string, int> roles;
    for (const auto& p : w.pods) EXPECT_EQ(p.role_index, ++roles[p.role]) << p.role;  // NN counts per role
    const int g = w.total_gpus;
    switch (w.family) {
      case Family::kCpuPreprocess:
      case Family::kCpuAnalytics:
        ASSERT_EQ(w.pods.size(), 1u);
        EXPECT_EQ(g, 0);
        EXPECT_EQ(w.pods[0].gpus, 0);
        break;
      case Family::kDebugEval:
      case Family::kSingleGpuTraining:
        ASSERT_EQ(w.pods.size(), 1u);
        EXPECT_EQ(w.pods[0].role, "worker");
        EXPECT_EQ(w.pods[0].gpus, g);
        break;
      case Family::kDistributedTraining:
        EXPECT_EQ(roles["launcher"], 1);
        EXPECT_EQ(roles["worker"], g);
        EXPECT_EQ(w.pods[0].role, "launcher");
        EXPECT_EQ(w.pods[0].gpus, 0);
        for (std::size_t i = 1; i < w.pods.size(); ++i) EXPECT_EQ(w.pods[i].gpus, 1);
        EXPECT_GE(w.pods[0].cpu, 1);
        EXPECT_LE(w.pods[0].cpu, 4);
        break;
      case Family::kParameterServer:
        EXPECT_EQ(roles["ps"], g >= 4 ? 2 : 1);
        EXPECT_EQ(roles["worker"], g);
        EXPECT_EQ(w.pods.size(), static_cast<std::size_t>(roles["ps"] + g));
        for (const auto& p : w.pods) EXPECT_EQ(p.gpus, p.role == "worker" ? 1 : 0);
        break;
      case Family::kHpo: {
        EXPECT_EQ(roles["controller"], 1);
        const int max_trials = g >= 4 ? 8 : 4;
        EXPECT_GE(roles["trial"], 2);
        EXPECT_LE(roles["trial"], max_trials);
        EXPECT_EQ(w.pods[0].role, "controller");
        EXPECT_EQ(w.pods[0].cpu, 1);
        for (std::size_t i = 1; i < w.pods.size(); ++i) EXPECT_EQ(w.pods[i].gpus, 1);
        break;
      }
    }
    EXPECT_EQ(w.gang(), w.family == Family::kDistributedTraining || w.family == Family::kParameterServer);
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kFamilyCount));

  // In the records: every pod of a workload shares its id, type, gang flag,
  // intent and submit time.
  o.max_workloads = 300;
  std::map<std::string, Json> first_of;
  for (const std::string& line : Lines(Render(o))) {
    const Json j = Json::parse(line);
    const std::string id = j["workloadId"];
    if (!first_of.count(id)) {
      first_of[id] = j;
      continue;
    }
    for (const char* key : {"workloadType", "gang", "intentClass", "submitTimeOffsetSec", "workloadProfile"})
      EXPECT_EQ(j[key], first_of[id][key]) << id << " " << key;
  }
}

TEST(GeneratorGang, HpoTrialRangeCoversEveryCount) {
  GeneratorOptions o;
  o.max_workloads = 6000;
  o.gpu_ratio = 1;
  std::set<int> small, large;
  for (const auto& w : GenerateAll(o)) {
    if (w.family != Family::kHpo) continue;
    (w.total_gpus >= 4 ? large : small).insert(static_cast<int>(w.pods.size()) - 1);
  }
  EXPECT_EQ(small, (std::set<int>{2, 3, 4}));
  EXPECT_EQ(large, (std::set<int>{2, 3, 4, 5, 6, 7, 8}));
}

TEST(GeneratorArrivals, HourlyMultiplierBurstDipAndFloor) {
  GeneratorOptions o;
  const DayPlan none;
  EXPECT_EQ(ArrivalMultiplier(o, 9, none), 1.0);
  EXPECT_EQ(ArrivalMultiplier(o, 2, none), 0.10);
  // Burst: mult * 2 + 8 / 16.
  EXPECT_DOUBLE_EQ(ArrivalMultiplier(o, 10, DayPlan{10, -1}), 2.5);
  EXPECT_DOUBLE_EQ(ArrivalMultiplier(o, 11, DayPlan{10, -1}), 0.95);  // another hour is untouched
  // Dip: mult * .08, floored at .05.
  EXPECT_DOUBLE_EQ(ArrivalMultiplier(o, 3, DayPlan{-1, 3}), 0.05);
  o.dip_multiplier = 0.9;
  EXPECT_DOUBLE_EQ(ArrivalMultiplier(o, 20, DayPlan{-1, 20}), 0.36);
}

TEST(GeneratorArrivals, WorkloadsAndHorizonWhicheverComesFirst) {
  GeneratorOptions o;
  o.max_workloads = 0;
  o.horizon_s = 3600;
  const auto by_horizon = GenerateAll(o);
  ASSERT_GT(by_horizon.size(), 10u);
  EXPECT_LE(by_horizon.back().arrival_s, 3600);
  o.max_workloads = 5;
  EXPECT_EQ(GenerateAll(o).size(), 5u);
  o.max_workloads = 1'000'000;
  EXPECT_EQ(GenerateAll(o).size(), by_horizon.size());
}

// A workload writes one line per pod (one to dozens), so --workloads alone
// let the trace pass the lines a run reads: generation stops before the
// workload that would cross the bound, and the CLI refuses (no file).
TEST(GeneratorArrivals, StopsBeforeTheLineBound) {
  GeneratorOptions o;
  o.max_workloads = 40;
  std::int64_t pods = 0, workloads = 0;
  GenerateWorkloads(o, [&](const GeneratedWorkload& w) { pods += static_cast<std::int64_t>(w.pods.size()); });
  ASSERT_GT(pods, 40);  // some workload has several pods
  o.max_lines = pods - 1;
  pods = 0;
  const GeneratorSummary s = GenerateWorkloads(o, [&](const GeneratedWorkload& w) {
    pods += static_cast<std::int64_t>(w.pods.size());
    ++workloads;
  });
  EXPECT_TRUE(s.too_many_lines);
  EXPECT_LE(pods, o.max_lines);
  EXPECT_EQ(s.pods, pods);
  EXPECT_LT(workloads, 40);
  EXPECT_EQ(s.workloads, workloads);
}

TEST(GeneratorCli, WritesFileAndSummaryLine) {
  const fs::path d = test::ScratchDir("gen_cli");
  const std::string path = (d / "trace.jsonl").string();
  const CliRun r = Cli({"-o", path, "--workloads", "7", "--seed", "1"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("7 workloads"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sensitivity cpu 1 gpu 1"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  GeneratorOptions o;
  o.max_workloads = 7;
  o.seed = 1;
  EXPECT_EQ(Slurp(path), Render(o));
  EXPECT_EQ(Cli({"-o", path, "--workloads", "7", "--quiet"}).err, "");
}

TEST(GeneratorCli, StdoutAndHorizonAlone) {
  const CliRun r = Cli({"-o", "-", "--horizon", "1h", "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  GeneratorOptions o;
  o.max_workloads = 0;
  o.horizon_s = 3600;
  EXPECT_EQ(r.out, Render(o));
  EXPECT_GT(GenerateAll(o).size(), 50u);  // the default count does not cut a horizon given alone
  EXPECT_EQ(Cli({"-o", "-", "--horizon", "60m", "--quiet"}).out, r.out);
  EXPECT_EQ(Cli({"-o", "-", "--horizon", "3600", "--quiet"}).out, r.out);
  // A leading + is the number, as simulate's --seed takes it.
  EXPECT_EQ(Cli({"-o", "-", "--horizon", "3600", "--seed", "+0", "--quiet"}).out, r.out);
}

TEST(GeneratorCli, BadValuesGetOneLineAndNoFile) {
  const fs::path d = test::ScratchDir("gen_bad");
  const std::string path = (d / "t.jsonl").string();
  const std::vector<std::vector<std::string>> bad = {
      {"--gpu-ratio", "1.5"},       {"--perf-ratio", "-0.1"},    {"--seed", "0x10"},
      {"--seed", "-1"},             {"--seed", "+"},             {"--workloads", "0"},        {"--workloads", ""},
      {"--mean-interarrival", "0"}, {"--time-scale", "nan"},     {"--horizon", "2w"},
      {"--horizon", "-5"},          {"--min-gpus", "65"},        {"--sensitivity-gpu", "1e"},
      {"--peer-intensity", "2"},    {"--dip-multiplier", "inf"}, {"--work-scale", " 1"},
      {"--no-such-flag", "1"},      {"--time-scale", "e3"},      {"--work-scale", "2e+"},
      {"--gpu-ratio", "1e1"},       {"--time-scale", "1e999"},
      {"--horizon", "100000d"},  // about 1.7e9 workloads: would fill the disk (it used to start writing)
      // The bound counts a burst's multiplier: this asked for ~4.5e10
      // workloads in the burst hour and ran until the disk was full.
      {"--horizon", "1d", "--burst-probability", "1", "--burst-mean-jobs", "1000000000"},
      {"--workloads", "1000000000"},  // more lines than a run reads (it wrote 65 GB before it was stopped)
      {"--time-scale", "0.0000000001"},  // outside simulate's range: the trace could not be read at its scale
      {"--time-scale", "0.000000001"},   // offsets past 10^12 s from the 30th workload: refused, nothing kept
  };
  // A .gz name would hold plain text.
  const CliRun gz = Cli({"-o", (d / "t.jsonl.gz").string(), "--workloads", "3"});
  EXPECT_EQ(gz.rc, 1);
  EXPECT_NE(gz.err.find("without .gz"), std::string::npos) << gz.err;
  for (auto args : bad) {
    SCOPED_TRACE(args[0] + " " + args[1]);
    args.insert(args.begin(), {"-o", path});
    const CliRun r = Cli(args);
    EXPECT_EQ(r.rc, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("clustersim generate: error: ", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(path));
  }
  // Each refusal says its own reason (the two time scales above passed the
  // number check and were stopped by the range and by the offsets).
  EXPECT_NE(Cli({"-o", path, "--time-scale", "0.0000000001"}).err.find("simulate's range"), std::string::npos);
  EXPECT_NE(Cli({"-o", path, "--time-scale", "0.000000001"}).err.find("workload 30's submit offset would pass"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(path));
  // On stdout nothing can be taken back: 29 workloads' lines were written
  // before the 30th was refused.
  const CliRun piped = Cli({"-o", "-", "--time-scale", "0.000000001"});
  EXPECT_EQ(piped.rc, 1);
  EXPECT_EQ(piped.out, "");
  EXPECT_NE(piped.err.find("workload 30's submit offset would pass"), std::string::npos) << piped.err;
  EXPECT_EQ(Cli({"--workloads", "3"}).rc, 1);  // -o is required
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 0);
}

// Numbers take an exponent as simulate's options do: 1e3 is 1000 (it was
// refused as "expected a number > 0").
TEST(GeneratorCli, NumbersTakeAnExponent) {
  const CliRun plain = Cli({"-o", "-", "--workloads", "5", "--time-scale", "1000", "--sensitivity-gpu", "0.25",
                            "--quiet"});
  ASSERT_EQ(plain.rc, 0) << plain.err;
  const CliRun exp = Cli({"-o", "-", "--workloads", "5", "--time-scale", "1e3", "--sensitivity-gpu", "2.5E-1",
                          "--quiet"});
  ASSERT_EQ(exp.rc, 0) << exp.err;
  EXPECT_EQ(exp.out, plain.out);
  EXPECT_NE(exp.out, Cli({"-o", "-", "--workloads", "5", "--quiet"}).out);  // the values took effect
}

TEST(GeneratorCli, UnwritableOutputLeavesNothing) {
  const fs::path d = test::ScratchDir("gen_unwritable");
  std::ofstream(d / "file") << "x";
  const CliRun r = Cli({"-o", (d / "file" / "t.jsonl").string(), "--quiet"});
  EXPECT_EQ(r.rc, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
}

TEST(GeneratorCli, ClustersimJsonlReaderLoadsTheTrace) {
  const fs::path d = test::ScratchDir("gen_reader");
  const std::string path = (d / "trace.jsonl").string();
  ASSERT_EQ(Cli({"-o", path, "--workloads", "400", "--seed", "4", "--amd-gpu-ratio", "0.3", "--peer-intensity",
                 "0.2", "--quiet"})
                .rc,
            0);
  GeneratorOptions o;
  o.max_workloads = 400;
  o.seed = 4;
  o.amd_gpu_ratio = 0.3;
  std::size_t pods = 0, jobs = 0;
  for (const auto& w : GenerateAll(o)) {
    pods += w.pods.size();
    jobs += w.gang() ? 1 : w.pods.size();  // a gang is one job, every other pod its own
  }
  Diagnostics diag;
  auto loaded = LoadJsonlTrace(path, JsonlOptions{}, &diag);
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded.value().pods.size(), pods);
  EXPECT_EQ(loaded.value().work.size(), jobs);
  EXPECT_TRUE(diag.CountsOf(Severity::kSkip).empty());
}

TEST(GeneratorCli, HelpListsEveryOptionWithItsDefault) {
  const CliRun r = Cli({"--help"});
  EXPECT_EQ(r.rc, 0);
  for (const char* flag : {"--output", "--seed", "--workloads", "--horizon", "--mean-interarrival", "--time-scale",
                           "--work-scale", "--perf-ratio", "--gpu-ratio", "--amd-gpu-ratio", "--min-gpus",
                           "--cpu-rate", "--gpu-rate", "--burst-probability", "--burst-mean-jobs",
                           "--burst-multiplier", "--dip-probability", "--dip-multiplier", "--sensitivity-cpu",
                           "--sensitivity-gpu", "--peer-intensity", "--quiet"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  EXPECT_NE(r.out.find("(default 0.80)"), std::string::npos);
}

}  // namespace
}  // namespace clustersim
