// Config files: dr_evt's protobuf text (cli/protobuf_text.h) and the
// expansion of `simulator -c FILE` into options at its place
// (cli/config_file.h, dr_evt-compat.md §11).

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/config_file.h"
#include "cli/protobuf_text.h"
#include "io/file_reader.h"
#include "subprocess.h"
#include "test_util.h"

namespace clustersim::test {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

const std::vector<std::string> kNames = {"total_nodes", "run_time_mode", "verbose", "seed", "infile",
                                         "check_memory_pressure", "outputs"};

TEST(ProtobufText, ReadsScalarsMessagesListsAndStrings) {
  auto f = ParseProtobufText(
      "# dr_evt\nsim_setup {\n  total_nodes: 100;  # trailing\n  infile: \"a \\\"b\\\".csv\" 'x'\n"
      "  nested: < seed: -3.5e2, >\n  list: [1, two]\n}\nflag: true\n",
      "c.txt");
  ASSERT_TRUE(f.ok()) << f.status().message();
  const std::vector<TextField>& v = f.value();
  ASSERT_EQ(v.size(), 6u);
  EXPECT_EQ(v[0].messages, Args{"sim_setup"});
  EXPECT_EQ(v[0].name, "total_nodes");
  EXPECT_EQ(v[0].value, "100");
  EXPECT_EQ(v[0].line, 3);
  EXPECT_EQ(v[1].value, "a \"b\".csvx");  // escapes, adjacent strings joined
  EXPECT_EQ(v[2].messages, (Args{"sim_setup", "nested"}));
  EXPECT_EQ(v[2].value, "-3.5e2");
  EXPECT_EQ(v[3].value, "1");
  EXPECT_EQ(v[4].value, "two");
  EXPECT_EQ(v[4].line, 6);
  EXPECT_TRUE(v[5].messages.empty());
  EXPECT_EQ(v[5].value, "true");
}

TEST(ProtobufText, SyntaxErrorsNameFileAndLine) {
  for (const auto& [text, error] : std::vector<std::pair<std::string, std::string>>{
           {"sim_setup {\n total_nodes: 1\n", "c.txt:3: message 'sim_setup' is not closed"},
           {"total_nodes 100\n", "c.txt:1: field 'total_nodes': expected ':' or '{'"},
           {"\n\ninfile: \"abc\n", "c.txt:3: unterminated string"},
           {"infile: \"a\\qb\"\n", "c.txt:1: unknown escape"},
           {"seed: \n}\n", "c.txt:2: field 'seed': expected a value"},
           {"list: [1 2]\n", "c.txt:1: field 'list': expected ',' or ']'"},
           {"= 3\n", "c.txt:1: expected a field name"},
           {"sim_setup {\n seed", "c.txt:2: field 'seed': expected ':' or '{', found end of file"}}) {
    SCOPED_TRACE(text);
    auto f = ParseProtobufText(text, "c.txt");
    ASSERT_FALSE(f.ok());
    EXPECT_NE(f.status().message().find(error), std::string::npos) << f.status().message();
  }
  std::string deep;
  for (int i = 0; i < 20; ++i) deep += "m {";
  auto f = ParseProtobufText(deep, "c.txt");
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.status().message().find("nest deeper than 16"), std::string::npos) << f.status().message();
}

TEST(ConfigFile, DrEvtProtobufTextBecomesOptions) {
  auto a = ConfigTextArgs(
      "sim_setup {\n  total_nodes: 50\n  run_time_mode: \"limit\"\n  verbose: false\n  infile: \"\"\n"
      "  memory_pressure_fraction: 0.8\n}\ntrace_setup { outfile: \"t.out\" max_jobs: 3 }\nseed: 7\n",
      "c.txt", kNames, "sim_setup");
  ASSERT_TRUE(a.ok()) << a.status().message();
  // The tracer's message is skipped; an empty string or false is an unset
  // field (proto3 defaults).
  EXPECT_EQ(a.value(), (Args{"--total_nodes=50", "--run_time_mode=limit", "--check_memory_pressure=0.8", "--seed=7"}));
  // proto3's defaults are fields not given, as dr_evt reads them: max_time: 0
  // is no limit, not a cut at 0.
  auto zeros = ConfigTextArgs("sim_setup { total_nodes: 0 seed: 0 run_time_mode: \"limit\" max_time: 0.0 "
                              "verbose: false }",
                              "c.txt", {"total_nodes", "seed", "run_time_mode", "max_time", "verbose"}, "sim_setup");
  ASSERT_TRUE(zeros.ok()) << zeros.status().message();
  EXPECT_EQ(zeros.value(), Args{"--run_time_mode=limit"});
  auto nul = ConfigTextArgs("outfile: \"x\\000y.csv\"\n", "c.txt", {"outfile"}, "sim_setup");
  ASSERT_FALSE(nul.ok());
  EXPECT_EQ(nul.status().message(), "c.txt:1: field 'outfile': a value may not hold a NUL byte");
  auto typo = ConfigTextArgs("sim_setup { total_node: 5 }", "c.txt", kNames, "sim_setup");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.status().message(), "c.txt:1: unknown field 'total_node' (did you mean 'total_nodes'?)");
  auto other = ConfigTextArgs("\nsetup { seed: 1 }", "c.txt", kNames, "sim_setup");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("c.txt:2: field 'seed' in message 'setup'"), std::string::npos)
      << other.status().message();
}

TEST(ConfigFile, KeyValueLinesBecomeOptions) {
  auto a = ConfigTextArgs("# c\ntotal_nodes = 50\nrun_time_mode = \"limit\"  # why\noutputs = [a, \"b c\"]\n", "c.toml",
                          kNames, "sim_setup");
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a.value(), (Args{"--total_nodes=50", "--run_time_mode=limit", "--outputs=a", "--outputs=b c"}));
  auto bad = ConfigTextArgs("total_nodes = 50\nseeds = 1\n", "c.toml", kNames, "sim_setup");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message().rfind("c.toml:2: unknown option 'seeds'", 0), 0u) << bad.status().message();
}

// `clustersim simulate --config`: what the check accepts is what applies.
// CLI11's own reader kept a byte-order mark on the first key (that line was
// then skipped without a word) and cut a quoted value at '#'; a key set
// twice or an empty value ran silently; a bad value did not say it came
// from the file.
TEST(ConfigFile, ClustersimAppliesWhatTheCheckAccepted) {
  const fs::path d = ScratchDir("config_clustersim");
  std::ofstream(d / "j.csv") << "job_submit_time,num_nodes,time_limit\n0,3,100\n";
  ProcessOptions in_dir;
  in_dir.cwd = d.string();
  const auto run = [&](const std::string& text) {
    std::ofstream(d / "c.toml", std::ios::binary) << text;
    fs::remove_all(d / "o#1");
    return RunProcess({ClustersimBinary(), "simulate", (d / "j.csv").string(), "--config", (d / "c.toml").string(),
                       "--quiet"},
                      in_dir);
  };
  ProcessResult r = run("\xEF\xBB\xBFtotal_nodes = 16\noutput-dir = \"o#1\"  # a comment\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string summary = Slurp(d / "o#1" / "summary.json");
  EXPECT_NE(summary.find("\"capacity\": 16"), std::string::npos) << summary;
  r = run("seed = 5\ntotal-nodes = 8\ntotal_nodes = 9\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("c.toml:3: total_nodes: set twice (first on line 2 as total-nodes)"), std::string::npos) << r.err;
  r = run("total_nodes = 8\nbackfill = \"\"\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("c.toml:2: backfill: an empty value"), std::string::npos) << r.err;
  r = run("total_nodes = 8\nbackfill = [\"\"]\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("c.toml:2: backfill: an empty value"), std::string::npos) << r.err;
  // One option under two of its names: clustersim took the first, simulator the last.
  r = run("total_nodes = 8\nbackfill = easy\nbackfill_policy = conservative\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("c.toml:3: backfill_policy: set twice (first on line 2 as backfill)"), std::string::npos) << r.err;
  r = run("total_nodes = 8\nbackfill = bogus\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--backfill: unknown value 'bogus'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(--backfill was set on " + (d / "c.toml").string() + ":2)"), std::string::npos) << r.err;
  // CLI11's conversion errors ("Could not convert: --check = maybe") named
  // no line.
  r = run("total_nodes = 8\ncheck = maybe\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("(--check was set on " + (d / "c.toml").string() + ":2)"), std::string::npos) << r.err;
  // Its flag errors name the key bare ("check: too many inputs for a flag").
  r = run("total_nodes = 8\ncheck = []\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("(--check was set on " + (d / "c.toml").string() + ":2)"), std::string::npos) << r.err;
  // A bad value given on the command line (here attached to its short
  // name) is not the file's: no note.
  std::ofstream(d / "c.toml", std::ios::binary) << "total_nodes = 8\nbackfill = easy\n";
  r = RunProcess({ClustersimBinary(), "simulate", (d / "j.csv").string(), "--config", (d / "c.toml").string(),
                  "-bbogus", "--quiet"},
                 in_dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.find("was set on"), std::string::npos) << r.err;
  r = run("help = true\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("c.toml:1: unknown option 'help'"), std::string::npos) << r.err;
}

// The file applies where it stands: `-n 100 -c F` takes F's size, `-c F -n
// 100` the command line's (dr_evt-compat.md §11); either format.
TEST(ConfigFile, SimulatorAppliesTheFileAtItsPlace) {
  const fs::path d = ScratchDir("config_place");
  std::ofstream(d / "j.csv") << "job_submit_time,num_nodes,time_limit\n0,30,100\n";
  std::ofstream(d / "c.pbtxt") << "sim_setup {\n  total_nodes: 50\n}\n";
  std::ofstream(d / "c.toml") << "total_nodes = 50\n";
  const auto nodes = [&](Args extra) {
    Args argv = {SimulatorBinary(), (d / "j.csv").string(), "-o", (d / "s.csv").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ProcessResult r = RunProcess(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::size_t at = r.out.find("Total nodes: ");
    return at == std::string::npos ? std::string() : r.out.substr(at + 13, r.out.find('\n', at) - at - 13);
  };
  for (const std::string file : {"c.pbtxt", "c.toml"}) {
    SCOPED_TRACE(file);
    const std::string path = (d / file).string();
    EXPECT_EQ(nodes({"-n", "100", "-c", path}), "50");
    EXPECT_EQ(nodes({"-c", path, "-n", "100"}), "100");
    EXPECT_EQ(nodes({"--config=" + path, "--total_nodes", "70"}), "70");
  }
  EXPECT_EQ(nodes({"-n", "100", "-n", "60"}), "60");  // as getopt: the last one
  EXPECT_EQ(nodes({"-n", "100", "-c" + (d / "c.pbtxt").string()}), "50");  // -cFILE, as getopt reads it
  // A file may not name another (it would be ignored), nor ask for help.
  std::ofstream(d / "nested.toml") << "config = c.toml\n";
  const ProcessResult nested = RunProcess({SimulatorBinary(), (d / "j.csv").string(), "-c",
                                           (d / "nested.toml").string(), "-o", (d / "t.csv").string()});
  EXPECT_EQ(nested.exit_code, 1);
  EXPECT_NE(nested.err.find("nested.toml:1: unknown option 'config'"), std::string::npos) << nested.err;
  // Inside a bundle of short flags -c cannot be expanded: refused, not ignored.
  const ProcessResult bundle = RunProcess({SimulatorBinary(), (d / "j.csv").string(), "-Mc",
                                           (d / "c.toml").string(), "-o", (d / "t.csv").string()});
  EXPECT_EQ(bundle.exit_code, 1);
  EXPECT_NE(bundle.err.find("bundle of short flags"), std::string::npos) << bundle.err;
  std::ofstream(d / "bad.pbtxt") << "sim_setup {\n  total_nodes: 50\n  bogus: 1\n}\n";
  const ProcessResult r = RunProcess({SimulatorBinary(), (d / "j.csv").string(), "-c", (d / "bad.pbtxt").string(),
                                      "-o", (d / "t.csv").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("bad.pbtxt:3: unknown field 'bogus'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d / "t.csv"));
}

}  // namespace
}  // namespace clustersim::test
