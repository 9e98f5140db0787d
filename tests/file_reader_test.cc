// ReadFileContents on gzip input: the fast whole-buffer path (libdeflate,
// sized by the trailer) and its fallbacks must all give back the exact
// text, including concatenated members whose sizes the trailer does not
// announce. Corrupt and truncated files are in the bad-input corpus.

#include "io/file_reader.h"

#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace clustersim {
namespace {

namespace fs = std::filesystem;

// ctest runs every test as its own process, several at once: each scratch
// file carries the test's name and the process id so no two collide.
fs::path Scratch(const std::string& name) {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  return fs::path(::testing::TempDir()) /
         ("clustersim_" + std::string(test->name()) + "_" + std::to_string(::getpid()) + "_" + name);
}

std::string Gzip(const std::string& text) {
  const fs::path tmp = Scratch("member.gz");
  gzFile gz = gzopen(tmp.string().c_str(), "wb");
  EXPECT_NE(gz, nullptr);
  EXPECT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
  gzclose(gz);
  std::string bytes;
  {
    std::ifstream in(tmp, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  fs::remove(tmp);
  return bytes;
}

std::string Lines(int n, const char* tag) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::to_string(i) + " " + tag + " 1 2 3 4 5 6 7 8\n";
  return s;
}

std::string ReadBack(const std::string& bytes, const char* name) {
  const fs::path p = Scratch(name);
  std::ofstream(p, std::ios::binary) << bytes;
  auto r = ReadFileContents(p.string());
  fs::remove(p);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r.value() : "";
}

TEST(FileReaderTest, GzipSingleMemberRoundTrips) {
  const std::string text = Lines(20000, "single");
  EXPECT_EQ(ReadBack(Gzip(text), "single.swf.gz"), text);
}

TEST(FileReaderTest, ConcatenatedMembersRoundTripEvenWhenTheTrailerUndersizes) {
  // The trailer announces only the last (small) member: the first member
  // alone overflows that guess, so the output must grow.
  const std::string big = Lines(50000, "first"), small = Lines(10, "second");
  EXPECT_EQ(ReadBack(Gzip(big) + Gzip(small), "two.swf.gz"), big + small);
  EXPECT_EQ(ReadBack(Gzip(small) + Gzip(big), "two_rev.swf.gz"), small + big);
}

TEST(FileReaderTest, PlainTextIsReadAsIs) {
  const std::string text = Lines(100, "plain");
  EXPECT_EQ(ReadBack(text, "plain.swf"), text);
}

}  // namespace
}  // namespace clustersim
