#include "io/input_hash.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

#include <nettle/sha2.h>

#include "io/file_reader.h"
#include "io/jsonl_trace.h"

namespace clustersim {

Result<std::string> InputSha256(const std::vector<std::string>& paths) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  // The file's own bytes, streamed: a .gz is not inflated a second time
  // (that doubled the cost of a short run), and memory stays flat.
  std::vector<char> buf(std::size_t{1} << 16);
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    auto parts = ListJsonlParts(path);
    if (!parts.ok()) return parts.status();
    files.insert(files.end(), parts.value().begin(), parts.value().end());
  }
  for (const std::string& path : files) {
    // A pipe or FIFO was consumed by the run: opening it again would block
    // for a writer that is gone, or hash nothing.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      return Status::Error(DisplayName(path) + ": not a regular file; it was read once and cannot be hashed");
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::Error(DisplayName(path) + ": cannot be read to hash it");
    while (in) {
      in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
      const std::streamsize n = in.gcount();
      if (n > 0) sha256_update(&ctx, static_cast<std::size_t>(n), reinterpret_cast<const std::uint8_t*>(buf.data()));
    }
    if (in.bad()) return Status::Error(DisplayName(path) + ": read error while hashing it");
  }
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, sizeof digest, digest);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (const std::uint8_t b : digest) hex += kHex[b >> 4], hex += kHex[b & 15];
  return hex;
}

}  // namespace clustersim
