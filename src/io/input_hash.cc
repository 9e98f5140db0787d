#include "io/input_hash.h"

#include <cstdint>
#include <filesystem>

#include <nettle/sha2.h>

#include "io/file_reader.h"

namespace clustersim {

Result<std::string> InputSha256(const std::vector<std::string>& paths) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  for (const std::string& path : paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return std::string();
    auto text = ReadFile(path);
    if (!text.ok()) return text.status();
    const std::string_view v = text.value().view();
    sha256_update(&ctx, v.size(), reinterpret_cast<const std::uint8_t*>(v.data()));
  }
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, sizeof digest, digest);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (const std::uint8_t b : digest) hex += kHex[b >> 4], hex += kHex[b & 15];
  return hex;
}

}  // namespace clustersim
