// ReadFileContents on gzip input: the fast whole-buffer path (libdeflate,
// sized by the trailer) and its fallbacks must all give back the exact
// text, including concatenated members whose sizes the trailer does not
// announce. Corrupt and truncated files are in the bad-input corpus.

#include "io/file_reader.h"

#include <zlib.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace clustersim {
namespace {

namespace fs = std::filesystem;

std::string Gzip(const std::string& text) {
  const fs::path tmp = fs::path(::testing::TempDir()) / "clustersim_gzip_member.gz";
  gzFile gz = gzopen(tmp.string().c_str(), "wb");
  EXPECT_NE(gz, nullptr);
  EXPECT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
  gzclose(gz);
  std::ifstream in(tmp, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string Lines(int n, const char* tag) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::to_string(i) + " " + tag + " 1 2 3 4 5 6 7 8\n";
  return s;
}

std::string ReadBack(const std::string& bytes, const char* name) {
  const fs::path p = fs::path(::testing::TempDir()) / name;
  std::ofstream(p, std::ios::binary) << bytes;
  auto r = ReadFileContents(p.string());
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r.value() : "";
}

TEST(FileReaderTest, GzipSingleMemberRoundTrips) {
  const std::string text = Lines(20000, "single");
  EXPECT_EQ(ReadBack(Gzip(text), "clustersim_single.swf.gz"), text);
}

TEST(FileReaderTest, ConcatenatedMembersRoundTripEvenWhenTheTrailerUndersizes) {
  // The trailer announces only the last (small) member: the first member
  // alone overflows that guess, so the output must grow.
  const std::string big = Lines(50000, "first"), small = Lines(10, "second");
  EXPECT_EQ(ReadBack(Gzip(big) + Gzip(small), "clustersim_two.swf.gz"), big + small);
  EXPECT_EQ(ReadBack(Gzip(small) + Gzip(big), "clustersim_two_rev.swf.gz"), small + big);
}

TEST(FileReaderTest, PlainTextIsReadAsIs) {
  const std::string text = Lines(100, "plain");
  EXPECT_EQ(ReadBack(text, "clustersim_plain.swf"), text);
}

}  // namespace
}  // namespace clustersim
