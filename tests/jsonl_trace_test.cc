#include "io/jsonl_trace.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace clustersim {
namespace {

struct Loaded {
  Workload w;
  std::string status = "ok";
  std::string diagnostics;  // every entry, one per line
  Diagnostics diag;
};

std::unique_ptr<Loaded> Load(const std::string& text, JsonlOptions options = {}, bool strict = false) {
  auto out = std::make_unique<Loaded>();
  out->diag.set_stop_on_skip(strict);
  auto r = LoadJsonlTraceText(text, "t.jsonl", options, &out->diag);
  if (r.ok()) out->w = r.take();
  else out->status = r.status().message();
  for (const Diagnostic& d : out->diag.entries()) out->diagnostics += d.ToString() + "\n";
  return out;
}

const Pod& OnlyPod(const Loaded& l) {
  EXPECT_EQ(l.w.pods.size(), 1u) << l.status << "\n" << l.diagnostics;
  static const Pod kNone;
  return l.w.pods.empty() ? kNone : l.w.pods[0];
}

// §l.1's example record: every field lands where it belongs.
TEST(JsonlTrace, ReadsEveryFieldOfTheSpecExample) {
  const auto l = Load(
      R"({"type":"job","schemaVersion":"v2","jobId":"wl-000042-worker-01","workloadId":"wl-000042",)"
      R"("workloadType":"distributed_training","podRole":"worker","gang":true,"intentClass":"performance",)"
      R"("submitTimeOffsetSec":812.5,"podTemplate":{"requests":{"cpu":"8","memory":"48Gi","nvidia.com/gpu":"4"}},)"
      R"("work":{"cpuUnits":52000,"gpuUnits":61000},"sensitivity":{"cpu":1,"gpu":0.8},)"
      R"("workloadClass":{"cpu":"cpu.mixed","gpu":"gpu.compute_bound"},)"
      R"("workloadProfile":{"cpuUtilization":0.3,"gpuUtilization":0.55,"memoryIntensity":0.6,)"
      R"("ioIntensity":0.1,"cpuFeedIntensityGpu":0.5,"peerTransferIntensity":0.2}})"
      "\n");
  ASSERT_EQ(l->status, "ok");
  EXPECT_EQ(l->diagnostics, "");
  EXPECT_EQ(l->w.name, "t.jsonl");
  EXPECT_EQ(l->w.mode, TraceMode::kSimulation);
  ASSERT_EQ(l->w.jobs.size(), 1u);
  ASSERT_EQ(l->w.work.size(), 1u);
  const Job& j = l->w.jobs[0];
  EXPECT_EQ(j.submit, 812'500'000);
  EXPECT_EQ(j.units, 8000);
  EXPECT_EQ(j.trace_id, 0);
  EXPECT_EQ(j.time_limit, 0);
  EXPECT_EQ(j.run_time, 0);
  EXPECT_EQ(j.procs, 0);
  const WorkJob& wj = l->w.work[0];
  EXPECT_EQ(wj.first_pod, 0u);
  EXPECT_EQ(wj.num_pods, 1u);
  EXPECT_TRUE(wj.gang);
  EXPECT_FALSE(wj.avoids_eco);
  EXPECT_TRUE(wj.has_intent);
  EXPECT_EQ(wj.intent, IntentClass::kPerformance);
  EXPECT_EQ(wj.workload_id, "wl-000042");
  EXPECT_EQ(wj.workload_type, "distributed_training");
  EXPECT_EQ(wj.ns, "default");
  const Pod& p = OnlyPod(*l);
  EXPECT_EQ(p.name, "wl-000042-worker-01");
  EXPECT_EQ(p.role, "worker");
  EXPECT_EQ(p.millicores, 8000);
  EXPECT_EQ(p.memory_bytes, 48LL << 30);
  EXPECT_EQ(p.gpus, 4);
  EXPECT_EQ(p.vendor, GpuVendor::kNvidia);
  EXPECT_EQ(p.cpu_units, 52000);
  EXPECT_EQ(p.gpu_units, 61000);
  const WorkProfile& w = p.profile;
  EXPECT_EQ(w.s_cpu, 1);
  EXPECT_EQ(w.s_gpu, 0.8);
  EXPECT_EQ(w.cpu_class, CpuClass::kMixed);
  EXPECT_EQ(w.gpu_class, GpuClass::kComputeBound);
  EXPECT_EQ(w.u_cpu, 0.3);
  EXPECT_EQ(w.u_gpu, 0.55);
  EXPECT_EQ(w.mem, 0.6);
  EXPECT_EQ(w.io, 0.1);
  EXPECT_EQ(w.feed, 0.5);
  EXPECT_EQ(w.peer, 0.2);
}

TEST(JsonlTrace, DefaultsOfAMinimalRecord) {
  const auto l = Load(R"({"jobId":"a"})");
  ASSERT_EQ(l->status, "ok");
  EXPECT_EQ(l->diagnostics, "");
  const Pod& p = OnlyPod(*l);
  EXPECT_EQ(p.millicores, 1000);
  EXPECT_EQ(p.memory_bytes, 0);
  EXPECT_EQ(p.gpus, 0);
  EXPECT_EQ(p.vendor, GpuVendor::kNone);
  EXPECT_EQ(p.cpu_units, 1000);
  EXPECT_EQ(p.gpu_units, 0);
  EXPECT_EQ(p.role, "");
  const WorkProfile& w = p.profile;
  EXPECT_EQ(w.s_cpu, 1);  // §k.1 item 15: absent sensitivity is 1
  EXPECT_EQ(w.s_gpu, 1);
  EXPECT_EQ(w.cpu_class, CpuClass::kMixed);
  EXPECT_EQ(w.gpu_class, GpuClass::kMixed);
  EXPECT_EQ(w.u_cpu, 0.65);
  EXPECT_EQ(w.u_gpu, 0);
  EXPECT_EQ(w.mem, 0.45);
  EXPECT_EQ(w.io, 0.10);
  EXPECT_EQ(w.feed, 0);
  EXPECT_EQ(w.peer, 0);
  const WorkJob& wj = l->w.work[0];
  EXPECT_EQ(wj.workload_id, "a");
  EXPECT_EQ(wj.workload_type, "");
  EXPECT_EQ(wj.ns, "default");
  EXPECT_FALSE(wj.gang);
  EXPECT_FALSE(wj.has_intent);
  EXPECT_EQ(l->w.jobs[0].submit, 0);
}

// "u_cpu u_gpu mem io feed" after §l.1's class-dependent defaults.
std::string Defaults(const std::string& cpu_class, const std::string& gpu_class, int gpus) {
  const auto l = Load(R"({"jobId":"a","podTemplate":{"requests":{"nvidia.com/gpu":")" + std::to_string(gpus) +
                      R"("}},"workloadClass":{"cpu":")" + cpu_class + R"(","gpu":")" + gpu_class + R"("}})");
  const WorkProfile& w = OnlyPod(*l).profile;
  std::ostringstream s;
  s << w.u_cpu << " " << w.u_gpu << " " << w.mem << " " << w.io << " " << w.feed;
  return s.str();
}

TEST(JsonlTrace, ClassDependentDefaults) {
  EXPECT_EQ(Defaults("cpu.compute_bound", "gpu.mixed", 0), "0.95 0 0.45 0.1 0");
  EXPECT_EQ(Defaults("cpu.memory_bound", "gpu.mixed", 0), "0.6 0 0.85 0.1 0");
  EXPECT_EQ(Defaults("cpu.io_bound", "gpu.mixed", 0), "0.2 0 0.2 0.85 0");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.mixed", 0), "0.65 0 0.45 0.1 0");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.compute_bound", 2), "0.65 0.95 0.45 0.1 0.45");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.memory_bound", 1), "0.65 0.7 0.85 0.1 0.45");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.bandwidth_bound", 1), "0.65 0.7 0.85 0.1 0.45");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.mixed", 1), "0.65 0.8 0.45 0.1 0.45");
  EXPECT_EQ(Defaults("cpu.io_bound", "gpu.memory_bound", 1), "0.2 0.7 0.85 0.85 0.45");
  EXPECT_EQ(Defaults("cpu.mixed", "gpu.compute_bound", 0), "0.65 0 0.45 0.1 0");
}

TEST(JsonlTrace, GpuRequestKeysGiveTheVendor) {
  auto vendor = [](const std::string& key, const std::string& n) {
    const auto l = Load(R"({"jobId":"a","podTemplate":{"requests":{")" + key + R"(":)" + n + "}}}");
    const Pod& p = OnlyPod(*l);
    return std::to_string(p.gpus) + " " + std::to_string(static_cast<int>(p.vendor));
  };
  EXPECT_EQ(vendor("nvidia.com/gpu", "\"4\""), "4 1");
  EXPECT_EQ(vendor("amd.com/gpu", "\"2\""), "2 2");
  EXPECT_EQ(vendor("gpu", "\"1\""), "1 3");  // plain `gpu`: any vendor
  EXPECT_EQ(vendor("nvidia.com/gpu", "8"), "8 1");  // a JSON number is accepted too
  EXPECT_EQ(vendor("nvidia.com/gpu", "\"0\""), "0 0");
  EXPECT_EQ(vendor("example.com/fpga", "\"1\""), "0 0");
}

TEST(JsonlTrace, RequiredAffinityAgainstEcoNodes) {
  auto avoids = [](const std::string& terms) {
    const auto l = Load(R"({"jobId":"a","podTemplate":{"affinity":{"nodeAffinity":{)"
                        R"("requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":)" +
                        terms + "}}}}}");
    EXPECT_EQ(l->diagnostics, "");
    return l->w.work.empty() ? std::string("skipped") : l->w.work[0].avoids_eco ? "avoids" : "allows";
  };
  const std::string not_eco = R"({"key":"joulie.io/power-profile","operator":"NotIn","values":["eco"]})";
  EXPECT_EQ(avoids("[{\"matchExpressions\":[" + not_eco + "]}]"), "avoids");
  EXPECT_EQ(avoids(R"([{"matchExpressions":[{"key":"joulie.io/power-profile","operator":"In","values":["performance"]}]}])"),
            "avoids");
  EXPECT_EQ(avoids(R"([{"matchExpressions":[{"key":"joulie.io/power-profile","operator":"NotIn","values":["draining"]}]}])"),
            "allows");
  EXPECT_EQ(avoids(R"([{"matchExpressions":[{"key":"zone","operator":"NotIn","values":["eco"]}]}])"), "allows");
  // Terms are alternatives: one that admits eco nodes is enough.
  EXPECT_EQ(avoids("[{\"matchExpressions\":[" + not_eco + "]},{\"matchExpressions\":[]}]"), "allows");
  EXPECT_EQ(avoids("[]"), "allows");
  EXPECT_EQ(avoids("[{}]"), "allows");
  EXPECT_EQ(avoids(R"([{"matchExpressions":[{"key":"joulie.io/power-profile","operator":"Exists"}]}])"), "allows");
}

// Render "name@seconds" per job, gang pods joined by '+'.
std::string Jobs(const Workload& w) {
  std::string s;
  for (std::size_t j = 0; j < w.jobs.size(); ++j) {
    s += s.empty() ? "" : " ";
    for (std::uint32_t k = 0; k < w.work[j].num_pods; ++k)
      s += (k ? "+" : "") + w.pods[w.work[j].first_pod + k].name;
    s += "@" + std::to_string(w.jobs[j].submit / 1'000'000) + "#" + std::to_string(w.jobs[j].trace_id);
  }
  return s;
}

TEST(JsonlTrace, GangsFormOneJobAndJobsSortBySubmit) {
  const auto l = Load(
      R"({"jobId":"A0","workloadId":"A","gang":true,"submitTimeOffsetSec":10,"podTemplate":{"requests":{"cpu":"2"}}})"
      "\n"
      R"({"jobId":"x","submitTimeOffsetSec":5})"
      "\n"
      R"({"jobId":"A1","workloadId":"A","gang":true,"submitTimeOffsetSec":12,"podTemplate":{"requests":{"cpu":"500m"}}})"
      "\n"
      R"({"jobId":"B","workloadId":"B","gang":true,"submitTimeOffsetSec":12})"
      "\n\n"
      R"({"jobId":"y","submitTimeOffsetSec":12})"
      "\n"
      R"({"jobId":"z","workloadId":"A","gang":false,"submitTimeOffsetSec":1})"
      "\n");
  ASSERT_EQ(l->status, "ok");
  // A gang is submitted with its last pod; ties keep file order.
  EXPECT_EQ(Jobs(l->w), "z@1#5 x@5#1 A0+A1@12#0 B@12#3 y@12#4");
  EXPECT_EQ(l->w.jobs[2].units, 2500);
  EXPECT_TRUE(l->w.work[2].gang);
  EXPECT_EQ(l->w.work[2].first_pod, 2u);
  EXPECT_EQ(l->w.work[3].first_pod, 4u);
  EXPECT_EQ(l->w.pods.size(), 6u);
}

// A gang is one job with one class: performance if any pod declares it,
// whatever the pods' order, so its performance pod never lands on an eco
// node (§h.3); the mismatch is reported. (The first pod's class used to win.)
TEST(JsonlTrace, AGangWithAPerformancePodIsPerformance) {
  for (const char* first : {"standard", "performance"}) {
    const std::string second = std::string(first) == "standard" ? "performance" : "standard";
    const auto l = Load(std::string(R"({"jobId":"w-0","workloadId":"w","gang":true,"intentClass":")") + first +
                        "\"}\n" + R"({"jobId":"w-1","workloadId":"w","gang":true,"intentClass":")" + second + "\"}\n");
    ASSERT_EQ(l->status, "ok");
    ASSERT_EQ(l->w.work.size(), 1u);
    EXPECT_TRUE(l->w.work[0].has_intent);
    EXPECT_EQ(l->w.work[0].intent, IntentClass::kPerformance) << first;
    EXPECT_NE(l->diagnostics.find("gang_intent_mismatch"), std::string::npos) << l->diagnostics;
  }
}

// GPU work on a pod without GPUs could never progress (§a.4): dropped and
// said. (It used to be dropped silently.)
TEST(JsonlTrace, GpuWorkWithoutGpusIsDroppedWithAWarning) {
  const auto l = Load(R"({"jobId":"a","podTemplate":{"requests":{"cpu":"2"}},"work":{"cpuUnits":100,"gpuUnits":100}})");
  ASSERT_EQ(l->status, "ok");
  EXPECT_EQ(OnlyPod(*l).gpu_units, 0);
  EXPECT_EQ(l->diagnostics, "t.jsonl:1: gpu_work_without_gpus: work.gpuUnits 100 but the pod requests no GPU; its GPU "
                            "work is dropped (no device can run it)\n");
  const auto gpu =
      Load(R"({"jobId":"a","podTemplate":{"requests":{"nvidia.com/gpu":1}},"work":{"cpuUnits":100,"gpuUnits":100}})");
  EXPECT_EQ(OnlyPod(*gpu).gpu_units, 100);
  EXPECT_EQ(gpu->diagnostics, "");
}

TEST(JsonlTrace, OffsetsAreExactAndScaled) {
  // 0.1234565 is 0.12345649999... as a double; the decimal text rounds up.
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":0.1234565})")->w.jobs[0].submit, 123457);
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":1e3})")->w.jobs[0].submit, 1'000'000'000);
  JsonlOptions o;
  o.time_scale = 120;
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":812.5})", o)->w.jobs[0].submit, 97'500'000'000);
  // Rounded once, after the product (the offset was rounded to the µs
  // first: 0.0000004 s x 120 gave 0, 0.0000006 s x 120 gave 120 µs).
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":0.0000004})", o)->w.jobs[0].submit, 48);
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":0.0000006})", o)->w.jobs[0].submit, 72);
  o.time_scale = 0.5;
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":3})", o)->w.jobs[0].submit, 1'500'000);
  EXPECT_EQ(Load(R"({"jobId":"a","submitTimeOffsetSec":-3})", o)->w.jobs[0].submit, 0);  // clamped first
  o.time_scale = 0;
  EXPECT_EQ(Load(R"({"jobId":"a"})", o)->status, "time_scale must be a positive number, got 0");
}

TEST(JsonlTrace, ClassAliasesAreCountedAndCanBeTurnedOff) {
  const std::string rec = R"({"jobId":"a","workloadClass":{"cpu":"cpu.compute","gpu":"gpu.compute"}})";
  const auto on = Load(rec);
  EXPECT_EQ(OnlyPod(*on).profile.cpu_class, CpuClass::kComputeBound);
  EXPECT_EQ(OnlyPod(*on).profile.gpu_class, GpuClass::kComputeBound);
  EXPECT_EQ(on->diagnostics,
            "t.jsonl:1: class_alias: workloadClass.cpu 'cpu.compute' read as 'cpu.compute_bound'\n"
            "t.jsonl:1: class_alias: workloadClass.gpu 'gpu.compute' read as 'gpu.compute_bound'\n");
  JsonlOptions joulie;
  joulie.class_alias = false;
  const auto off = Load(rec, joulie);
  EXPECT_EQ(OnlyPod(*off).profile.cpu_class, CpuClass::kMixed);
  EXPECT_EQ(OnlyPod(*off).profile.gpu_class, GpuClass::kMixed);
  EXPECT_EQ(off->diag.Count("class_alias"), 2);
  EXPECT_EQ(OnlyPod(*off).profile.u_cpu, 0.65);  // the defaults follow the mapped class
}

TEST(JsonlTrace, RepairsAreWarningsAndTheRecordIsKept) {
  const auto l = Load(
      R"({"jobId":"a","submitTimeOffsetSec":-3,"sensitivity":{"cpu":1.5,"gpu":-0.1},)"
      R"("podTemplate":{"requests":{"nvidia.com/gpu":"0.5","cpu":"0.0005"}},"work":{"cpuUnits":0,"gpuUnits":-1},)"
      R"("workloadClass":{"cpu":"cpu.weird"},"intentClass":"urgent","workloadProfile":{"ioIntensity":2},)"
      R"("criticality":{"class":"high"},"cpu":{"capSensitivity":"low","bound":true},"extra":1,"extra2":2})"
      "\n");
  ASSERT_EQ(l->status, "ok");
  const Pod& p = OnlyPod(*l);
  EXPECT_EQ(l->w.jobs[0].submit, 0);
  EXPECT_EQ(p.profile.s_cpu, 1);
  EXPECT_EQ(p.profile.s_gpu, 0);
  EXPECT_EQ(p.gpus, 0);
  EXPECT_EQ(p.vendor, GpuVendor::kNone);
  EXPECT_EQ(p.millicores, 1);
  EXPECT_EQ(p.cpu_units, 1000);
  EXPECT_EQ(p.gpu_units, 0);
  EXPECT_EQ(p.profile.cpu_class, CpuClass::kMixed);
  EXPECT_EQ(p.profile.io, 1);
  EXPECT_FALSE(l->w.work[0].has_intent);
  EXPECT_EQ(l->diagnostics,
            "t.jsonl:1: unknown_field: unknown field 'extra' ignored\n"
            "t.jsonl:1: unknown_field: unknown field 'extra2' ignored\n"
            "t.jsonl:1: negative_offset: submitTimeOffsetSec -3 is negative; clamped to 0\n"
            "t.jsonl:1: unknown_intent: intentClass 'urgent' is not performance or standard; ignored\n"
            "t.jsonl:1: fractional_gpu: podTemplate.requests[\"nvidia.com/gpu\"] '0.5' is fractional; the pod runs "
            "without GPUs\n"
            "t.jsonl:1: quantity_rounded: podTemplate.requests.cpu '0.0005' is finer than 1 millicore; rounded up to 1\n"
            "t.jsonl:1: nonpositive_cpu_units: work.cpuUnits 0 is not positive; the default 1000 is used\n"
            "t.jsonl:1: negative_gpu_units: work.gpuUnits -1 is negative; 0 is used\n"
            "t.jsonl:1: clamped_sensitivity: sensitivity.cpu 1.5 clamped to 1\n"
            "t.jsonl:1: clamped_sensitivity: sensitivity.gpu -0.1 clamped to 0\n"
            "t.jsonl:1: unknown_class: workloadClass.cpu 'cpu.weird' is not a CPU class; read as 'cpu.mixed'\n"
            "t.jsonl:1: clamped_profile: workloadProfile.ioIntensity 2 clamped to 1\n");
  EXPECT_EQ(l->diag.TotalOf(Severity::kSkip), 0);
}

TEST(JsonlTrace, BadLinesAreSkippedOrStopUnderStrict) {
  const std::string text =
      "{\"jobId\":\"a\"}\n"
      "not json\n"
      "{\"workloadId\":\"w\"}\n"
      "{\"jobId\":\"b\",\"gang\":\"yes\"}\n"
      "{\"type\":\"workload\",\"jobId\":\"s\"}\n"
      "[1,2]\n"
      "{\"jobId\":\"c\"}";  // no final newline: parsed from a padded copy
  const auto l = Load(text);
  ASSERT_EQ(l->status, "ok");
  EXPECT_EQ(Jobs(l->w), "a@0#0 c@0#1");
  EXPECT_EQ(l->diagnostics,
            "t.jsonl:2: bad_json: not valid JSON: a bare word (not true, false or null)\n"
            "t.jsonl:3: missing_job_id: the record has no jobId\n"
            "t.jsonl:4: wrong_type: gang: expected true or false, got a string\n"
            "t.jsonl:5: non_job_record: type 'workload' is not a job; ignored\n"
            "t.jsonl:6: not_an_object: a record must be a JSON object, got an array\n");
  const auto strict = Load(text, {}, true);
  EXPECT_EQ(strict->status, "t.jsonl:2: bad_json: not valid JSON: a bare word (not true, false or null)");
  EXPECT_EQ(Load("\n  \n")->status, "t.jsonl: empty_file: no records (the file is empty)");
}

TEST(JsonlTrace, FolderOfPartsInNameOrder) {
  namespace fs = std::filesystem;
  const fs::path dir = test::ScratchDir("jsonl_parts");
  auto write = [&](const char* name, const char* text) { std::ofstream(dir / name) << text; };
  write("part-2.jsonl", "{\"jobId\":\"c\"}\n{bad\n");
  write("part-1.jsonl", "{\"jobId\":\"a\"}\n{\"jobId\":\"b\"}\n");
  write("notes.txt", "{\"jobId\":\"ignored\"}\n");
  // Spark's markers are passed over without a word; a hidden part is read.
  write("_SUCCESS", "");
  write(".part-1.jsonl.crc", "crc");
  write("_extra.jsonl", "{\"jobId\":\"z\"}\n");
  Diagnostics diag;
  auto r = LoadJsonlTrace(dir.string(), {}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Jobs(r.value()), "z@0#0 a@0#1 b@0#2 c@0#3");
  EXPECT_EQ(r.value().name, dir.string());
  ASSERT_EQ(diag.entries().size(), 2u);
  // The entry that is not a part is named, not silently passed over.
  EXPECT_EQ(diag.entries()[0].ToString(), (dir / "notes.txt").string() +
                                              ": not_a_part: not read: a folder's parts are regular files named "
                                              "*.jsonl or *.jsonl.gz");
  EXPECT_EQ(diag.entries()[1].ToString(), (dir / "part-2.jsonl").string() +
                                              ":2: bad_json: not valid JSON: malformed structure (a bracket, "
                                              "comma or colon is missing or extra)");
  fs::remove(dir / "part-1.jsonl");
  fs::remove(dir / "part-2.jsonl");
  fs::remove(dir / "_extra.jsonl");
  auto none = LoadJsonlTrace(dir.string(), {}, &diag);
  EXPECT_EQ(none.status().message(), dir.string() + ": no_parts: the folder has no *.jsonl files");
}

// A misspelt key silently takes its default (an offset of 0, 1000 units):
// each unknown field is printed once, with file and line, not only counted.
TEST(JsonlTrace, UnknownFieldsArePrintedOncePerField) {
  std::ostringstream echo;
  Diagnostics diag(&echo);
  auto r = LoadJsonlTraceText("{\"jobId\":\"a\",\"submitTimeOfsetSec\":5}\n{\"jobId\":\"b\",\"submitTimeOfsetSec\":7}\n",
                              "t.jsonl", {}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(echo.str(), "t.jsonl:1: unknown_field: unknown field 'submitTimeOfsetSec' ignored\n");
}

// Inside requests and affinity too: "cpus" left the pod at 1 core, a
// misspelt "nodeAfinity" put a performance pod on eco nodes, both unseen.
TEST(JsonlTrace, UnknownRequestsAndAffinityKeysAreNoted) {
  std::ostringstream echo;
  Diagnostics diag(&echo);
  auto r = LoadJsonlTraceText(
      R"({"jobId":"a","podTemplate":{"requests":{"cpus":"4","nvidia.com/gpu":"1"},"affinity":{"nodeAfinity":{}}}})"
      "\n",
      "t.jsonl", {}, &diag);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(echo.str(),
            "t.jsonl:1: unknown_field: unknown field 'podTemplate.requests.cpus' ignored\n"
            "t.jsonl:1: unknown_field: unknown field 'podTemplate.affinity.nodeAfinity' ignored\n");
}

}  // namespace
}  // namespace clustersim
