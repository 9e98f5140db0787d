// SWF reader and normalisation policies (swf-and-metrics.md §1, §2). Every
// expected job below is worked out by hand from the policy definitions; jobs
// render as "id:submit/limit/run/procs/units" (seconds).

#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "io/swf_policy.h"
#include "io/number_parse.h"
#include "io/swf_reader.h"
#include "io/trace_loader.h"
#include "model/diagnostics.h"

namespace clustersim {
namespace {

// One SWF record; fields 6, 7 and 10..18 are fixed ("-1 -1" and
// "-1 1 1 1 1 QUEUE 1 -1 -1").
std::string Rec(const std::string& n, const std::string& submit, const std::string& wait, const std::string& run,
                const std::string& alloc, const std::string& req, const std::string& req_time,
                const std::string& queue = "1") {
  return n + " " + submit + " " + wait + " " + run + " " + alloc + " -1 -1 " + req + " " + req_time +
         " -1 1 1 1 1 " + queue + " 1 -1 -1\n";
}

std::string Sec(SimTime t) {
  const bool neg = t < 0;
  const SimTime a = neg ? -t : t;
  std::string s = (neg ? "-" : "") + std::to_string(a / kTicksPerSecond);
  if (SimTime f = a % kTicksPerSecond; f != 0) {
    std::string frac = std::to_string(f + kTicksPerSecond).substr(1);
    while (frac.back() == '0') frac.pop_back();
    s += "." + frac;
  }
  return s;
}

std::string Render(const Workload& w) {
  std::string s;
  for (const Job& j : w.jobs) {
    if (!s.empty()) s += ' ';
    s += std::to_string(j.trace_id) + ":" + Sec(j.submit) + "/" + Sec(j.time_limit) + "/" + Sec(j.run_time) + "/" +
         std::to_string(j.procs) + "/" + std::to_string(j.units);
  }
  return s;
}

struct Normalised {
  Result<Workload> w = Status::Error("not run");
  Diagnostics diag;
  const Workload& ok() const {
    EXPECT_TRUE(w.ok()) << w.status().message();
    static const Workload kEmpty;
    return w.ok() ? w.value() : kEmpty;
  }
};

std::unique_ptr<Normalised> Normalise(const std::string& text, const SwfOptions& o) {
  auto n = std::make_unique<Normalised>();
  auto trace = ReadSwf(text, "t.swf", &n->diag);
  if (!trace.ok()) {
    n->w = trace.status();
    return n;
  }
  n->w = NormaliseSwf(trace.value(), o, &n->diag);
  return n;
}

SwfOptions Policy(SwfPolicy p) {
  SwfOptions o;
  o.policy = p;
  return o;
}

using Counts = std::map<std::string, std::int64_t>;

const char* const kSmall =
    "; Version: 2.2\n"
    "; Computer: Toy cluster\n"
    "; this comment is prose: not a header label\n"
    "; MaxJobs: 4\n"
    "; MaxNodes: 16\n"
    "; MaxProcs: 64\n"
    "; Note: first note\n"
    "; Note: second note\n"
    "1 0 2 100 8 -1 -1 8 200 -1 1 1 1 1 1 1 -1 -1\n"
    "2 10 0 50.5 4 -1 -1 4 60 -1 1 2 1 1 1 1 -1 -1\n"
    "3 20 5 30 16 -1 -1 16 30 -1 1 3 1 1 2 1 -1 -1\n"
    "4 20 0 7 1 -1 -1 1 10 -1 1 3 1 1 2 1 -1 -1\n";

// ---- Reader (§1) ----

TEST(SwfReader, HeaderLabelsKeptInOrderWithRepeats) {
  Diagnostics diag;
  auto t = ReadSwf(kSmall, "small.swf", &diag);
  ASSERT_TRUE(t.ok()) << t.status().message();
  const std::vector<std::pair<std::string, std::string>> want = {
      {"Version", "2.2"},   {"Computer", "Toy cluster"}, {"MaxJobs", "4"},         {"MaxNodes", "16"},
      {"MaxProcs", "64"},   {"Note", "first note"},      {"Note", "second note"}};
  EXPECT_EQ(t.value().header, want);
  EXPECT_EQ(t.value().max_nodes.value_or(0), 16);
  EXPECT_EQ(t.value().max_procs.value_or(0), 64);
  EXPECT_EQ(diag.counts().size(), 0u);
}

// A size given twice with two values used the last one without a word;
// a repeat of the same value, or of a note, is nothing to say.
TEST(SwfReader, ASizeGivenTwiceWithAnotherValueIsNamed) {
  Diagnostics diag;
  auto t = ReadSwf("; MaxProcs: 128\n; Note: a\n; Note: b\n; MaxNodes: 8\n; MaxNodes: 8\n; MaxProcs: 64\n" +
                       Rec("1", "0", "0", "10", "4", "4", "20"),
                   "twice.swf", &diag);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t.value().max_procs.value_or(0), 64);
  EXPECT_EQ(diag.Count("duplicate_header_field"), 1);
  ASSERT_EQ(diag.entries().size(), 1u);
  EXPECT_EQ(diag.entries()[0].ToString(),
            "twice.swf:6: duplicate_header_field: MaxProcs is given again ('64', earlier '128'); the last one is used");
  // A value the readers cannot use replaces nothing: the warning would name
  // the wrong one.
  Diagnostics quiet;
  auto kept = ReadSwf("; MaxProcs: 128\n; MaxProcs: -1\n; MaxProcs: 0128\n; TimeZoneString: UTC\n; TimeZoneString:\n"
                      "; MaxRuntime: 3600\n; MaxRuntime: 2000000000\n; MaxRuntime: 2000000000\n"
                      "; UnixStartTime: 1714982400\n; UnixStartTime: 01714982400\n" +
                          Rec("1", "0", "0", "10", "4", "4", "20"),
                      "kept.swf", &quiet);
  ASSERT_TRUE(kept.ok()) << kept.status().message();
  EXPECT_EQ(kept.value().max_procs.value_or(0), 128);
  // A limit of 2e9 s is one the normaliser takes (up to 10^12 s): a change.
  ASSERT_EQ(quiet.entries().size(), 1u);
  EXPECT_EQ(quiet.entries()[0].ToString(), "kept.swf:7: duplicate_header_field: MaxRuntime is given again "
                                           "('2000000000', earlier '3600'); the last one is used");
}

TEST(SwfReader, FieldsKeepFractionsAndUnknowns) {
  Diagnostics diag;
  auto t = ReadSwf(kSmall, "small.swf", &diag);
  ASSERT_TRUE(t.ok());
  const auto& r = t.value().records;
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0].line, 9);
  EXPECT_EQ(r[1].f[kSwfJobNumber], 2);
  EXPECT_EQ(r[1].f[kSwfSubmit], Seconds(10));
  EXPECT_EQ(r[1].f[kSwfRun], 50'500'000);
  EXPECT_EQ(r[1].f[kSwfAvgCpu], SwfRecord::kUnknown);
  EXPECT_EQ(r[1].f[kSwfReqMem], -1);
  EXPECT_EQ(r[1].f[kSwfUser], 2);
  EXPECT_EQ(r[2].f[kSwfQueue], 2);
}

// The reader's fast path must give what the per-token slow path gives
// (ParseSeconds; counts keep whole seconds, truncated toward zero; -1 s in
// a time field is "unknown") and refuse what that path refuses. Random lines
// mix the forms real traces use with the edges: 12 and 13 digits, 6 and 7
// fraction digits, a bare trailing dot, signs, tabs and CR.
TEST(SwfReader, FastPathAgreesWithTheTokenParser) {
  std::mt19937_64 rng(11);
  auto pick = [&](int n) { return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
  auto digits = [&](int n) {
    std::string d;
    for (int i = 0; i < n; ++i) d += static_cast<char>('0' + pick(10));
    return d;
  };
  auto token = [&]() -> std::string {
    switch (pick(10)) {
      case 0: return "-1";
      case 1: return "0";
      case 2: return digits(1 + pick(6));
      case 3: return "-" + digits(1 + pick(4));
      case 4: return digits(1 + pick(4)) + "." + digits(1 + pick(7));
      case 5: return "-" + digits(1 + pick(3)) + "." + digits(1 + pick(6));
      case 6: return digits(12 + pick(2));
      case 7: return digits(1 + pick(3)) + ".";
      case 8: return digits(7 + pick(5));  // long numbers
      default: return "-1.0";
    }
  };
  int accepted = 0;
  for (int line = 0; line < 3000; ++line) {
    std::vector<std::string> tokens;
    std::string text = pick(2) ? "  " : "";
    for (int i = 0; i < kSwfFieldCount; ++i) {
      tokens.push_back(token());
      text += tokens.back() + (pick(4) == 0 ? "\t" : std::string(1 + pick(3), ' '));
    }
    if (pick(3) == 0) text += "\r";
    text += "\n";
    // The line is the last of the text, or more follows.
    if (pick(2) == 0) text += "; a comment\n";
    SwfRecord want;
    bool ok = true;
    for (int i = 0; i < kSwfFieldCount && ok; ++i) {
      SimTime v = 0;
      ok = ParseSeconds(tokens[static_cast<std::size_t>(i)], &v) == ParseError::kOk;
      want.f[static_cast<std::size_t>(i)] =
          IsSwfTimeField(i) ? (v == -kTicksPerSecond ? SwfRecord::kUnknown : v) : v / kTicksPerSecond;
    }
    Diagnostics diag;
    auto t = ReadSwf("; MaxProcs: 8\n" + text, "r.swf", &diag);
    ASSERT_TRUE(t.ok()) << text;
    ASSERT_EQ(t.value().records.size(), ok ? 1u : 0u) << text;
    if (!ok) continue;
    ++accepted;
    for (int i = 0; i < kSwfFieldCount; ++i)
      ASSERT_EQ(t.value().records[0].f[static_cast<std::size_t>(i)], want.f[static_cast<std::size_t>(i)])
          << "field " << i + 1 << " of: " << text;
  }
  EXPECT_GT(accepted, 100);  // both outcomes are exercised
  EXPECT_LT(accepted, 2900);
}

TEST(SwfReader, ExtraFieldsAreAccepted) {
  Diagnostics diag;
  auto t = ReadSwf("; MaxProcs: 8\n1 0 0 10 4 -1 -1 4 20 -1 1 1 1 1 1 1 -1 -1 frontier:excl:1x4 99\n", "x.swf",
                   &diag);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t.value().records.size(), 1u);
  EXPECT_EQ(diag.counts().size(), 0u);
}

TEST(SwfReader, GzipReadsLikeThePlainFile) {
  LoadOptions lo;
  Diagnostics d1, d2;
  auto plain = LoadTrace(CLUSTERSIM_TEST_DATA "/swf/small.swf", lo, &d1);
  auto gz = LoadTrace(CLUSTERSIM_TEST_DATA "/swf/small.swf.gz", lo, &d2);
  ASSERT_TRUE(plain.ok()) << plain.status().message();
  ASSERT_TRUE(gz.ok()) << gz.status().message();
  EXPECT_EQ(gz.value().format, TraceFormat::kSwf);
  const Workload& w = gz.value().workload;
  // strict: size = requested procs, limit = requested time, run = run time.
  EXPECT_EQ(Render(w), "1:0/200/100/8/8 2:10/60/50.5/4/4 3:20/30/30/16/16 4:20/10/7/1/1");
  EXPECT_EQ(Render(w), Render(plain.value().workload));
  EXPECT_EQ(w.header, plain.value().workload.header);
  EXPECT_EQ(w.header.size(), 7u);
  EXPECT_EQ(w.capacity, 64);  // MaxProcs
  EXPECT_EQ(w.jobs[2].queue, 2);
  EXPECT_EQ(d1.counts(), Counts{});
  EXPECT_EQ(d2.counts(), Counts{});
}

TEST(SwfReader, FormatIsSniffedFromContent) {
  LoadOptions lo;
  lo.capacity = 10;
  Diagnostics diag;
  auto a = LoadTraceText("; MaxProcs: 8\n" + Rec("1", "0", "0", "10", "4", "4", "20"), "trace.txt", lo, &diag);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a.value().format, TraceFormat::kSwf);
  auto b = LoadTraceText(Rec("1", "0", "0", "10", "4", "4", "20"), "trace.txt", lo, &diag);
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(b.value().format, TraceFormat::kSwf);
  auto c = LoadTraceText("job_submit_time,num_nodes,time_limit\n0,4,100\n", "trace.txt", lo, &diag);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c.value().format, TraceFormat::kCsv);
}

TEST(SwfReader, PolicyNames) {
  SwfPolicy p;
  const std::pair<const char*, SwfPolicy> names[] = {
      {"strict", SwfPolicy::kStrict},           {"clean", SwfPolicy::kClean},
      {"pyss", SwfPolicy::kPyss},               {"pyss-strong", SwfPolicy::kPyssStrong},
      {"rlscheduler", SwfPolicy::kRlScheduler}, {"batsim", SwfPolicy::kBatsim}};
  for (const auto& [name, want] : names) {
    ASSERT_TRUE(ParseSwfPolicy(name, &p)) << name;
    EXPECT_EQ(p, want);
    EXPECT_STREQ(SwfPolicyName(p), name);
  }
  EXPECT_TRUE(ParseSwfPolicy("batsim-delay", &p));  // the §2.7 name
  EXPECT_EQ(p, SwfPolicy::kBatsim);
  EXPECT_FALSE(ParseSwfPolicy("pyss_strong", &p));
}

// ---- strict and clean (§2.7) ----

const std::string kStrictClean = "; MaxProcs: 64\n" +
                                 Rec("1", "0", "-1", "100", "8", "-1", "200") +  // size from allocated
                                 Rec("2", "5", "-1", "0", "4", "4", "60") +      // zero run time
                                 Rec("3", "6", "-1", "90", "4", "4", "60") +     // run > requested
                                 Rec("4", "7", "-1", "12.25", "2", "2", "0");    // no requested time

TEST(SwfPolicyTest, StrictDropsJobsWithoutARequestedTime) {
  auto n = Normalise(kStrictClean, Policy(SwfPolicy::kStrict));
  // The overrunning job 3 keeps its run time: the kill at the limit is the
  // engine's (--overrun clip), so --overrun allow still sees the real run.
  EXPECT_EQ(Render(n->ok()), "1:0/200/100/8/8 2:5/60/0/4/4 3:6/60/90/4/4");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), (Counts{{"unknown_requested_time", 1}}));
  EXPECT_EQ(n->diag.CountsOf(Severity::kWarning), (Counts{{"zero_run_time", 1}}));
  EXPECT_EQ(n->diag.CountsOf(Severity::kNote), (Counts{{"run_exceeds_request", 1}, {"size_from_allocated", 1}}));
  EXPECT_EQ(n->ok().capacity, 64);
}

TEST(SwfPolicyTest, CleanFillsTheRequestedTimeFromTheRunTime) {
  auto n = Normalise(kStrictClean, Policy(SwfPolicy::kClean));
  EXPECT_EQ(Render(n->ok()), "1:0/200/100/8/8 2:5/60/0/4/4 3:6/60/90/4/4 4:7/12.25/12.25/2/2");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), Counts{});
  EXPECT_EQ(n->diag.Count("clairvoyant_estimate"), 1);
}

TEST(SwfPolicyTest, NodeGranularAllocationRoundsUp) {
  SwfOptions o;
  o.procs_per_node = 4;
  auto n = Normalise("; MaxNodes: 16\n; MaxProcs: 64\n" + Rec("1", "0", "-1", "10", "5", "5", "20") +
                         Rec("2", "1", "-1", "10", "8", "8", "20"),
                     o);
  EXPECT_EQ(Render(n->ok()), "1:0/20/10/5/2 2:1/20/10/8/2");  // ceil(5/4) = 2, 8/4 = 2
  EXPECT_EQ(n->ok().capacity, 16);                              // MaxNodes
}

TEST(SwfPolicyTest, ReplayBeginsAtSubmitPlusWait) {
  SwfOptions o;
  o.replay = true;
  auto n = Normalise(std::string(kSmall) + Rec("5", "30", "-1", "10", "1", "1", "20"), o);
  const Workload& w = n->ok();
  EXPECT_EQ(w.mode, TraceMode::kReplay);
  ASSERT_EQ(w.jobs.size(), 4u);
  EXPECT_EQ(w.jobs[0].begin, Seconds(2));
  EXPECT_EQ(w.jobs[1].begin, Seconds(10));
  EXPECT_EQ(w.jobs[2].begin, Seconds(25));
  EXPECT_EQ(w.jobs[3].begin, Seconds(20));
  EXPECT_EQ(n->diag.Count("unknown_wait_time"), 1);
}

// swf-and-metrics.md §2.7's knobs. Fields (alloc, req): job 1 (4, 8), job 2
// (6, -1), job 3 (-1, 2); job 4 has no requested time.
TEST(SwfPolicyTest, SizeSourceAndEstimateFillKnobs) {
  const std::string text = "; MaxProcs: 64\n; MaxRuntime: 3600\n" + Rec("1", "0", "-1", "100", "4", "8", "200") +
                           Rec("2", "1", "-1", "100", "6", "-1", "200") + Rec("3", "2", "-1", "100", "-1", "2", "200") +
                           Rec("4", "3", "-1", "50", "3", "3", "-1");
  SwfOptions o = Policy(SwfPolicy::kClean);
  EXPECT_EQ(Render(Normalise(text, o)->ok()), "1:0/200/100/8/8 2:1/200/100/6/6 3:2/200/100/2/2 4:3/50/50/3/3");
  o.size_source = SizeSource::kAllocated;
  auto a = Normalise(text, o);
  EXPECT_EQ(Render(a->ok()), "1:0/200/100/4/4 2:1/200/100/6/6 3:2/200/100/2/2 4:3/50/50/3/3");
  EXPECT_EQ(a->diag.Count("size_from_requested"), 1);
  o.size_source = SizeSource::kMax;
  EXPECT_EQ(Render(Normalise(text, o)->ok()), "1:0/200/100/8/8 2:1/200/100/6/6 3:2/200/100/2/2 4:3/50/50/3/3");
  o.size_source = SizeSource::kRequested;
  o.estimate_fill = EstimateFill::kMaxRuntime;
  auto m = Normalise(text, o);
  EXPECT_EQ(Render(m->ok()), "1:0/200/100/8/8 2:1/200/100/6/6 3:2/200/100/2/2 4:3/3600/50/3/3");
  EXPECT_EQ(m->diag.Count("estimate_from_max_runtime"), 1);
  o.estimate_fill = EstimateFill::kDrop;
  auto d = Normalise(text, o);
  EXPECT_EQ(Render(d->ok()), "1:0/200/100/8/8 2:1/200/100/6/6 3:2/200/100/2/2");
  EXPECT_EQ(d->diag.Count("unknown_requested_time"), 1);
  // No MaxRuntime to fill from: refused, not guessed.
  o.estimate_fill = EstimateFill::kMaxRuntime;
  auto none = Normalise("; MaxProcs: 64\n" + Rec("1", "0", "-1", "100", "4", "8", "-1"), o);
  ASSERT_FALSE(none->w.ok());
  EXPECT_NE(none->w.status().message().find("no positive MaxRuntime"), std::string::npos);
}

// ---- pyss (§2.1) ----

TEST(SwfPolicyTest, PyssMapping) {
  const std::string text = "; MaxProcs: 64\n" +
      Rec("1", "-5", "-1", "100", "200", "200", "300") +  // submit < 0: 1-s job at 1, size max(1, 200), no clamp
      Rec("2", "0", "-1", "100.7", "8", "8", "-1") +      // -1 trap: estimate int(-1) -> run 100, actual 1
      Rec("3", "5", "-1", "100", "-1", "128", "300") +    // size 128 clamped to 64
      Rec("4", "6", "-1", "0", "4", "4", "50") +          // run 0: 1-s job, size max(1, 4)
      Rec("5", "7", "-1", "100.9", "8", "8", "50") +      // estimate 50 -> 100; actual 100 clipped to 50
      Rec("6", "8", "-1", "30", "-1", "-1", "60") +       // size <= 0: 1-s job, size max(1, -1)
      Rec("7", "9", "-1", "0.5", "2", "2", "0") +         // est max(0, 1); actual int(0.5) -> 1
      Rec("8", "10", "-1", "0.4", "2", "2", "-1");        // -1 trap under 1 s: int(-1) < int(0.4), raised and clipped
  auto n = Normalise(text, Policy(SwfPolicy::kPyss));
  EXPECT_EQ(Render(n->ok()),
            "2:0/100/1/8/8 1:1/1/1/200/200 3:5/300/100/64/64 4:6/1/1/4/4 5:7/100/50/8/8 6:8/1/1/1/1 "
            "7:9/1/1/2/2 8:10/1/1/2/2");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), Counts{});  // pyss keeps invalid jobs
  // The file is sorted; only the policy moved job 1 (submit -5 -> 1) after
  // job 2. §1.6's "not sorted" diagnostic is about the file, so none here.
  EXPECT_EQ(n->diag.CountsOf(Severity::kWarning), Counts{});
  EXPECT_EQ(n->diag.CountsOf(Severity::kNote),
            (Counts{{"estimate_raised", 3}, {"one_second_job", 3}, {"run_clipped", 3}, {"size_clamped", 1}}));
  for (const Job& j : n->ok().jobs) EXPECT_LE(j.run_time, j.time_limit) << "pyss jobs never overrun";
}

// swf-and-metrics.md §2.1: sizes are clamped to the machine, MaxProcs or a
// configured size; pyss's machine is the one its command line gives, so a
// configured size wins (-n 6: 12 -> 6, where MaxProcs would give 8 and the
// job could never run).
TEST(SwfPolicyTest, PyssClampsToTheConfiguredSize) {
  const std::string text = "; MaxProcs: 8\n" + Rec("1", "0", "-1", "100", "12", "12", "300") +
                           Rec("2", "1", "-1", "100", "4", "4", "300");
  SwfOptions o = Policy(SwfPolicy::kPyss);
  o.capacity = 6;
  auto n = Normalise(text, o);
  EXPECT_EQ(Render(n->ok()), "1:0/300/100/6/6 2:1/300/100/4/4");
  auto header = Normalise(text, Policy(SwfPolicy::kPyss));
  EXPECT_EQ(Render(header->ok()), "1:0/300/100/8/8 2:1/300/100/4/4");
  // A machine size times processors per node past int64 is saturated, not
  // wrapped into a negative size that would clamp every job.
  SwfOptions huge = Policy(SwfPolicy::kPyss);
  huge.capacity = std::int64_t{1} << 62;
  huge.procs_per_node = 2;
  auto h = Normalise(text, huge);
  EXPECT_EQ(Render(h->ok()), "1:0/300/100/12/6 2:1/300/100/4/2");
  EXPECT_EQ(h->diag.Count("size_clamped"), 0);
  o.policy = SwfPolicy::kPyssStrong;  // the strong filter drops what exceeds it
  auto strong = Normalise(text, o);
  EXPECT_EQ(Render(strong->ok()), "2:1/300/100/4/4");
  EXPECT_EQ(strong->diag.Count("exceeds_machine"), 1);
}

TEST(SwfPolicyTest, PyssStrongFilterThenPyss) {
  const std::string text = "; MaxProcs: 64\n" +
                           Rec("1", "-5", "-1", "100", "8", "8", "300") +   // step 5: submit < 0
                           Rec("2", "0", "-1", "100", "128", "8", "300") +  // step 1: allocated > MaxProcs
                           Rec("3", "1", "-1", "100", "8", "-1", "300") +   // step 2: requested := allocated
                           Rec("4", "2", "-1", "100", "0", "0", "300") +    // step 2: both <= 0
                           Rec("5", "3", "-1", "0", "8", "8", "300") +      // step 3: run <= 0
                           Rec("6", "4", "-1", "100", "8", "8", "-1") +     // step 3: requested time <= 0
                           Rec("7", "5", "-1", "100", "8", "8", "50");      // step 4: run clipped to 50
  auto n = Normalise(text, Policy(SwfPolicy::kPyssStrong));
  EXPECT_EQ(Render(n->ok()), "3:1/300/100/8/8 7:5/50/50/8/8");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip),
            (Counts{{"exceeds_machine", 1}, {"negative_submit", 1}, {"no_processors", 1}, {"no_requested_time", 1},
                    {"no_run_time", 1}}));
  EXPECT_EQ(n->diag.CountsOf(Severity::kNote), (Counts{{"run_clipped", 1}}));
}

// ---- RLScheduler (§2.3) ----

TEST(SwfPolicyTest, RlSchedulerMapping) {
  // ppn = MaxProcs / MaxNodes = 4; the machine has MaxNodes = 16 nodes.
  const std::string text = "; MaxNodes: 16\n; MaxProcs: 64\n" +
                           Rec("1", "0", "-1", "100", "5", "3", "200") +  // max(5, 3) = 5 procs -> 2 nodes
                           Rec("2", "1", "-1", "100", "4", "8", "-1") +   // estimate -1 -> run; 8 procs -> 2
                           Rec("3", "2", "-1", "0", "4", "4", "50") +     // run 0: dropped
                           Rec("4", "3", "-1", "-1", "4", "4", "50") +    // run -1 -> 10 s
                           Rec("5", "4", "-1", "300", "1", "1", "100");   // run > estimate: kept as is
  auto n = Normalise(text, Policy(SwfPolicy::kRlScheduler));
  EXPECT_EQ(Render(n->ok()), "1:0/200/100/5/2 2:1/100/100/8/2 4:3/50/10/4/1 5:4/100/300/1/1");
  EXPECT_EQ(n->ok().capacity, 16);
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), (Counts{{"zero_run_time", 1}}));
  EXPECT_EQ(n->diag.CountsOf(Severity::kNote), (Counts{{"clairvoyant_estimate", 1}, {"run_time_10s", 1}}));
}

TEST(SwfPolicyTest, RlSchedulerWithOnlyMaxNodesHasOneProcPerNode) {
  // MaxProcs := MaxNodes, so ppn = 1 and a job needs as many nodes as procs.
  auto n = Normalise("; MaxNodes: 256\n" + Rec("1", "0", "-1", "100", "5", "-1", "200"),
                     Policy(SwfPolicy::kRlScheduler));
  EXPECT_EQ(Render(n->ok()), "1:0/200/100/5/5");
  EXPECT_EQ(n->ok().capacity, 256);
}

TEST(SwfPolicyTest, RlSchedulerBothUnknownPlansWithTheSubstituted10s) {
  // swf-and-metrics.md §2.3: RLScheduler substitutes the estimate first, so a
  // job with both fields -1 keeps estimate -1 and runs 10 s. clustersim
  // decision: a schedule cannot plan with a negative estimate, so the job
  // plans with its substituted run time (10 s), counted as
  // `negative_estimate` (documented in docs/formats.md).
  auto n = Normalise("; MaxNodes: 16\n; MaxProcs: 64\n" + Rec("1", "0", "-1", "-1", "4", "4", "-1"),
                     Policy(SwfPolicy::kRlScheduler));
  ASSERT_EQ(n->ok().jobs.size(), 1u);
  const Job& j = n->ok().jobs[0];
  EXPECT_EQ(j.run_time, Seconds(10));
  EXPECT_EQ(j.time_limit, Seconds(10));
  EXPECT_EQ(n->diag.Count("negative_estimate"), 1);
}

// RLScheduler keeps a negative submit for its windows (each counts from its
// first submit); the engine's clock starts at 0, so run through it the job
// is dropped: it ran the resource trace back from its baseline at 0.
TEST(SwfPolicyTest, RlSchedulerKeepsNegativeSubmitsOnlyForItsWindows) {
  const std::string text = "; MaxNodes: 16\n; MaxProcs: 64\n" + Rec("1", "-50", "-1", "100", "4", "4", "200") +
                           Rec("2", "0", "-1", "100", "4", "4", "200");
  auto engine = Normalise(text, Policy(SwfPolicy::kRlScheduler));
  EXPECT_EQ(Render(engine->ok()), "2:0/200/100/4/1");
  EXPECT_EQ(engine->diag.CountsOf(Severity::kSkip), (Counts{{"negative_submit", 1}}));
  SwfOptions windows = Policy(SwfPolicy::kRlScheduler);
  windows.keep_negative_submits = true;
  auto kept = Normalise(text, windows);
  EXPECT_EQ(Render(kept->ok()), "1:-50/200/100/4/1 2:0/200/100/4/1");
  // A submit of exactly -1 is -1 s (RLScheduler's int), not the reader's
  // "unknown" tick: it was kept as -1 us, moving the window's first submit.
  auto minus_one = Normalise("; MaxNodes: 16\n; MaxProcs: 64\n" + Rec("1", "-1", "-1", "100", "4", "4", "200"), windows);
  EXPECT_EQ(Render(minus_one->ok()), "1:-1/200/100/4/1");
}

// ---- Batsim converter (§2.4) ----

TEST(SwfPolicyTest, BatsimMapping) {
  // No MaxProcs: the platform is the largest job (6). Walltime = max(2 run,
  // field 9); run = (floor(run) + 1) s; submits shifted so the first is 0;
  // ids renumbered 0.. in file order.
  const std::string text = Rec("1", "100", "-1", "100", "4", "8", "150") +  // wall max(200, 150); run 101
                           Rec("2", "110", "-1", "100.5", "2", "2", "300") +  // wall max(201, 300); run 101
                           Rec("3", "120", "-1", "0", "2", "2", "300") +      // run 0: dropped
                           Rec("4", "130", "-1", "50", "0", "4", "300") +     // allocated 0: dropped
                           Rec("5", "140", "-1", "10", "6", "6", "-1");       // wall max(20, -1); run 11
  auto n = Normalise(text, Policy(SwfPolicy::kBatsim));
  EXPECT_EQ(Render(n->ok()), "0:0/200/101/4/4 1:10/300/101/2/2 2:40/20/11/6/6");
  EXPECT_EQ(n->ok().capacity, 6);
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), (Counts{{"no_processors", 1}, {"no_run_time", 1}}));
}

TEST(SwfPolicyTest, BatsimRaisesNegativeSubmitsToZero) {
  auto n = Normalise(Rec("1", "-5", "-1", "10", "1", "1", "-1") + Rec("2", "20", "-1", "10", "1", "1", "-1"),
                     Policy(SwfPolicy::kBatsim));
  EXPECT_EQ(Render(n->ok()), "0:0/20/11/1/1 1:20/20/11/1/1");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), Counts{});
}

TEST(SwfPolicyTest, BatsimGivenWalltimeOnlyDropsJobsNotAboveTheirRun) {
  SwfOptions o = Policy(SwfPolicy::kBatsim);
  o.batsim_given_walltime_only = true;
  auto n = Normalise(Rec("1", "0", "-1", "100", "1", "1", "100") + Rec("2", "10", "-1", "100", "1", "1", "150"), o);
  // The one kept job is the first: it is shifted to 0 and gets id 0.
  EXPECT_EQ(Render(n->ok()), "0:0/150/101/1/1");
  EXPECT_EQ(n->diag.CountsOf(Severity::kSkip), (Counts{{"walltime_not_above_run", 1}}));
}

TEST(SwfPolicyTest, BatsimGrainAndWalltimeFactor) {
  SwfOptions o = Policy(SwfPolicy::kBatsim);
  o.batsim_grain = Seconds(10);
  o.batsim_walltime_factor = 3.0;
  auto n = Normalise(Rec("1", "0", "-1", "95", "2", "2", "-1") + Rec("2", "5", "-1", "100", "2", "2", "-1"), o);
  // floor(95/10)+1 = 10 grains = 100 s; floor(100/10)+1 = 11 grains = 110 s.
  EXPECT_EQ(Render(n->ok()), "0:0/285/100/2/2 1:5/300/110/2/2");
}

// A record that a later rule drops is counted as skipped only: its notes and
// warnings from the rules before would count a change no kept job has.
TEST(SwfPolicyTest, ADroppedRecordCountsNoChangeOrWarning) {
  const std::string text =
      "; MaxProcs: 8\n"
      "1 0 0 10 2 -1 -1 -1 100 -1 1 1 1 1 1 1 -1 -1\n"  // size from allocated; kept
      "2 5 0 -1 2 -1 -1 -1 100 -1 1 1 1 1 1 1 -1 -1\n"  // size from allocated, then unknown run time
      "3 6 -1 0 2 -1 -1 4 -1 -1 1 1 1 1 1 1 -1 -1\n"    // clairvoyant, zero run; no wait time
      "4 7 0 20 2 -1 -1 4 100 -1 1 1 1 1 1 1 -1 -1\n";
  auto clean = Normalise(text, Policy(SwfPolicy::kClean));
  EXPECT_EQ(clean->ok().jobs.size(), 3u);
  EXPECT_EQ(clean->diag.CountsOf(Severity::kNote), (Counts{{"clairvoyant_estimate", 1}, {"size_from_allocated", 1}}));
  EXPECT_EQ(clean->diag.CountsOf(Severity::kSkip), (Counts{{"unknown_run_time", 1}}));
  SwfOptions replay = Policy(SwfPolicy::kClean);
  replay.replay = true;
  auto r = Normalise(text, replay);
  EXPECT_EQ(r->ok().jobs.size(), 2u);
  EXPECT_EQ(r->diag.CountsOf(Severity::kNote), (Counts{{"size_from_allocated", 1}}));
  EXPECT_EQ(r->diag.CountsOf(Severity::kWarning), Counts{});
  EXPECT_EQ(r->diag.CountsOf(Severity::kSkip), (Counts{{"unknown_run_time", 1}, {"unknown_wait_time", 1}}));
  auto rl = Normalise(text, Policy(SwfPolicy::kRlScheduler));
  EXPECT_EQ(rl->diag.CountsOf(Severity::kNote), (Counts{{"run_time_10s", 1}}));
  EXPECT_EQ(rl->diag.CountsOf(Severity::kSkip), (Counts{{"zero_run_time", 1}}));
}

}  // namespace
}  // namespace clustersim
