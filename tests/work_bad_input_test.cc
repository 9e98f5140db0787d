// The seed-002 bad-input corpus: cluster inventories in tests/data/bad_cluster/
// and Joulie JSONL traces in tests/data/bad_jsonl/, each loaded through the
// real reader and checked against the expectation file beside it (the style
// of bad_input_test.cc).
//
// Case `NAME` is one input, `NAME.yaml` (cluster), `NAME.jsonl` or a folder
// `NAME.parts/` (a JSONL trace of parts), plus `NAME.expected`, a line-based
// file ('#' starts a comment line):
//
//   catalog FILE          cluster: load this catalog (beside the case) instead of the shipped one
//   strict                jsonl: the first skipped record is fatal
//   class-alias off       jsonl: JsonlOptions::class_alias = false
//   error: MESSAGE        fatal: the exact Status message
//   nodes N               cluster loaded: exactly N nodes
//   jobs N / pods N       jsonl loaded: exactly N jobs / pods
//   order NAME...         jsonl loaded: the first pod of each job, in job order
//   skip|warn|note RULE N jsonl loaded: the per-rule count of that severity;
//                         the lists are exhaustive (an unlisted rule must not occur)
//   message TEXT          jsonl loaded: this exact Diagnostic::ToString() was reported
//
// `{file}` stands for the input path as given to the loader, `{dir}` for the
// corpus folder. `*.catalog` files are catalogs used by cases, not cases.

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/cluster_yaml.h"
#include "io/hardware_catalog.h"
#include "io/jsonl_trace.h"
#include "model/diagnostics.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

const char* const kClusterDir = CLUSTERSIM_TEST_DATA "/bad_cluster";
const char* const kJsonlDir = CLUSTERSIM_TEST_DATA "/bad_jsonl";
// The corpus sizes when this test was written: removing a case fails the
// test. Raise them when adding cases.
constexpr std::size_t kMinClusterCases = 29;
constexpr std::size_t kMinJsonlCases = 26;

struct WorkCase {
  std::string name;      // the file name up to the first '.'
  std::string input;     // path of the input file or parts folder
  std::string expected;  // path of NAME.expected
  std::string dir;       // the corpus folder
};

void PrintTo(const WorkCase& c, std::ostream* os) { *os << c.input; }

bool IsInput(const fs::directory_entry& e) {
  const std::string f = e.path().filename().string();
  if (e.is_directory()) return f.ends_with(".parts");
  return f.ends_with(".yaml") || f.ends_with(".jsonl");
}

std::vector<WorkCase> ListCases(const char* dir) {
  std::vector<WorkCase> cases;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!IsInput(entry)) continue;
    const std::string file = entry.path().filename().string();
    const std::string name = file.substr(0, file.find('.'));
    cases.push_back({name, entry.path().string(), std::string(dir) + "/" + name + ".expected", dir});
  }
  std::sort(cases.begin(), cases.end(), [](const WorkCase& a, const WorkCase& b) { return a.name < b.name; });
  return cases;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (std::size_t p = s->find(from); p != std::string::npos; p = s->find(from, p + to.size()))
    s->replace(p, from.size(), to);
}

struct Expectation {
  std::optional<std::string> catalog;
  bool strict = false;
  bool class_alias = true;
  std::optional<std::string> error;
  std::int64_t nodes = -1, jobs = -1, pods = -1;
  std::optional<std::vector<std::string>> order;
  std::map<std::string, std::int64_t> skip, warn, note;
  std::vector<std::string> messages;
  std::vector<std::string> problems;  // syntax errors in the .expected file
};

Expectation ParseExpectation(const WorkCase& c) {
  Expectation e;
  std::istringstream in(ReadAll(c.expected));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ReplaceAll(&line, "{file}", c.input);
    ReplaceAll(&line, "{dir}", c.dir);
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (key == "error:") {
      e.error = line.substr(std::string("error: ").size());
    } else if (key == "message") {
      e.messages.push_back(line.substr(std::string("message ").size()));
    } else if (key == "catalog") {
      e.catalog.emplace();
      ls >> *e.catalog;
    } else if (key == "strict") {
      e.strict = true;
    } else if (key == "class-alias") {
      std::string v;
      ls >> v;
      if (v != "off") e.problems.push_back("class-alias takes 'off': " + line);
      e.class_alias = false;
    } else if (key == "nodes" || key == "jobs" || key == "pods") {
      ls >> (key == "nodes" ? e.nodes : key == "jobs" ? e.jobs : e.pods);
    } else if (key == "order") {
      e.order.emplace();
      for (std::string name; ls >> name;) e.order->push_back(name);
    } else if (key == "skip" || key == "warn" || key == "note") {
      std::string rule;
      std::int64_t n = -1;
      ls >> rule >> n;
      if (rule.empty() || n < 0) e.problems.push_back("bad count line: " + line);
      (key == "skip" ? e.skip : key == "warn" ? e.warn : e.note)[rule] = n;
    } else {
      e.problems.push_back("unknown keyword: " + line);
    }
    if (ls.fail() && key != "error:" && key != "message" && key != "strict" && key != "order")
      e.problems.push_back("cannot parse: " + line);
  }
  const bool loaded = e.nodes >= 0 || e.jobs >= 0;
  if (e.error.has_value() == loaded) e.problems.push_back("need exactly one of 'error:' and 'nodes'/'jobs'");
  if (e.error && (!e.skip.empty() || !e.warn.empty() || !e.note.empty() || !e.messages.empty()))
    e.problems.push_back("an error case has no counts or messages");
  return e;
}

std::string CaseName(const testing::TestParamInfo<WorkCase>& info) {
  std::string s = info.param.name;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

// Every input has an expectation and every expectation an input; catalogs
// named by cases exist; there are enough cases.
void CheckComplete(const char* dir, std::size_t min_cases) {
  const auto cases = ListCases(dir);
  EXPECT_GE(cases.size(), min_cases) << "corpus directory: " << dir;
  std::map<std::string, int> per_name;
  for (const auto& c : cases) {
    ++per_name[c.name];
    EXPECT_TRUE(fs::exists(c.expected)) << c.input << " has no " << c.expected;
    const Expectation e = ParseExpectation(c);
    if (e.catalog) {
      EXPECT_TRUE(fs::exists(c.dir + "/" + *e.catalog)) << c.expected << " names a missing catalog";
    }
  }
  for (const auto& [name, n] : per_name) EXPECT_EQ(n, 1) << "two inputs share the case name " << name;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (!file.ends_with(".expected")) continue;
    EXPECT_EQ(per_name.count(file.substr(0, file.size() - std::string(".expected").size())), 1u)
        << file << " has no input";
  }
}

TEST(WorkBadInputCorpus, HasAllItsCompleteCases) {
  CheckComplete(kClusterDir, kMinClusterCases);
  CheckComplete(kJsonlDir, kMinJsonlCases);
}

class BadCluster : public testing::TestWithParam<WorkCase> {};

TEST_P(BadCluster, LoadsAsExpected) {
  const WorkCase& c = GetParam();
  const Expectation e = ParseExpectation(c);
  ASSERT_TRUE(e.problems.empty()) << c.expected << ": " << e.problems.front();
  const HardwareCatalog* catalog = &ShippedCatalog();
  HardwareCatalog custom;
  Status status;
  if (e.catalog) {
    auto loaded = LoadCatalog(c.dir + "/" + *e.catalog);
    if (loaded.ok()) {
      custom = loaded.take();
      catalog = &custom;
    } else {
      status = loaded.status();
    }
  }
  std::optional<Cluster> cluster;
  std::vector<Diagnostic> warnings;
  if (status.ok()) {
    auto loaded = LoadCluster(c.input, *catalog, &warnings);
    if (loaded.ok()) cluster = loaded.take();
    else status = loaded.status();
  }
  if (e.error) {
    ASSERT_FALSE(status.ok()) << "expected the error: " << *e.error;
    EXPECT_EQ(status.message(), *e.error);
    return;
  }
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(static_cast<std::int64_t>(cluster->nodes.size()), e.nodes);
  // Values kept with a fallback (the base model for a model the catalog
  // lacks), each named with its line.
  std::map<std::string, std::int64_t> warned;
  std::vector<std::string> messages;
  for (const Diagnostic& d : warnings) ++warned[d.rule], messages.push_back(d.ToString());
  EXPECT_EQ(warned, e.warn);
  EXPECT_EQ(messages, e.messages);
  // Whatever loads is well-formed.
  std::set<std::string> names;
  for (const Node& n : cluster->nodes) {
    EXPECT_TRUE(names.insert(n.name).second) << "duplicate node " << n.name;
    ASSERT_LT(n.type, cluster->types.size());
    const NodeType& t = cluster->types[n.type];
    EXPECT_LE(t.gpu.min_cap_w, t.gpu.max_w) << n.name;
    EXPECT_LE(t.cpu.rapl_min_w, t.cpu.rapl_max_w) << n.name;
    EXPECT_GT(t.millicores, 0) << n.name;
  }
}

INSTANTIATE_TEST_SUITE_P(WorkBadInputCorpus, BadCluster, testing::ValuesIn(ListCases(kClusterDir)), CaseName);

class BadJsonl : public testing::TestWithParam<WorkCase> {};

TEST_P(BadJsonl, LoadsAsExpected) {
  const WorkCase& c = GetParam();
  const Expectation e = ParseExpectation(c);
  ASSERT_TRUE(e.problems.empty()) << c.expected << ": " << e.problems.front();
  JsonlOptions options;
  options.class_alias = e.class_alias;
  Diagnostics diag;
  diag.set_stop_on_skip(e.strict);
  auto loaded = LoadJsonlTrace(c.input, options, &diag);
  std::string reported;
  for (const auto& d : diag.entries()) reported += "  " + d.ToString() + "\n";

  if (e.error) {
    ASSERT_FALSE(loaded.ok()) << "expected the error: " << *e.error << "\nreported:\n" << reported;
    EXPECT_EQ(loaded.status().message(), *e.error);
    return;
  }
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const Workload& w = loaded.value();
  EXPECT_EQ(static_cast<std::int64_t>(w.jobs.size()), e.jobs) << "reported:\n" << reported;
  if (e.pods >= 0) {
    EXPECT_EQ(static_cast<std::int64_t>(w.pods.size()), e.pods);
  }
  EXPECT_EQ(diag.CountsOf(Severity::kSkip), e.skip) << "reported:\n" << reported;
  EXPECT_EQ(diag.CountsOf(Severity::kWarning), e.warn) << "reported:\n" << reported;
  EXPECT_EQ(diag.CountsOf(Severity::kNote), e.note) << "reported:\n" << reported;
  for (const std::string& m : e.messages) {
    const bool found = std::any_of(diag.entries().begin(), diag.entries().end(),
                                   [&](const Diagnostic& d) { return d.ToString() == m; });
    EXPECT_TRUE(found) << "not reported: " << m << "\nreported:\n" << reported;
  }
  ASSERT_EQ(w.work.size(), w.jobs.size());
  if (e.order) {
    std::vector<std::string> order;
    for (const WorkJob& j : w.work) order.push_back(w.pods[j.first_pod].name);
    EXPECT_EQ(order, *e.order);
  }
  // Whatever survived is well-formed: sorted, pods contiguous and covered,
  // units = millicores, every profile value in [0, 1].
  EXPECT_TRUE(std::is_sorted(w.jobs.begin(), w.jobs.end(),
                             [](const Job& a, const Job& b) { return a.submit < b.submit; }));
  std::uint32_t next_pod = 0;
  for (std::size_t j = 0; j < w.jobs.size(); ++j) {
    EXPECT_EQ(w.work[j].first_pod, next_pod);
    std::int64_t units = 0;
    for (std::uint32_t k = 0; k < w.work[j].num_pods; ++k) {
      const Pod& p = w.pods[w.work[j].first_pod + k];
      units += p.millicores;
      for (double v : {p.profile.s_cpu, p.profile.s_gpu, p.profile.u_cpu, p.profile.u_gpu, p.profile.mem,
                       p.profile.io, p.profile.feed, p.profile.peer}) {
        EXPECT_GE(v, 0);
        EXPECT_LE(v, 1);
      }
      EXPECT_GT(p.cpu_units, 0);
      EXPECT_GE(p.gpu_units, 0);
    }
    next_pod += w.work[j].num_pods;
    EXPECT_EQ(w.jobs[j].units, units);
    EXPECT_GE(w.jobs[j].submit, 0);
  }
  EXPECT_EQ(next_pod, w.pods.size());
}

INSTANTIATE_TEST_SUITE_P(WorkBadInputCorpus, BadJsonl, testing::ValuesIn(ListCases(kJsonlDir)), CaseName);

}  // namespace
}  // namespace clustersim
