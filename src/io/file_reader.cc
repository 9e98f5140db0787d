#include "io/file_reader.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace clustersim {
namespace {

Result<std::string> ReadPlain(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return Status::Error(path + ": cannot open: " + std::strerror(errno));
  std::string data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return Status::Error(path + ": read error");
  return data;
}

Result<std::string> Gunzip(const std::string& path, std::string compressed) {
  // Inflate from memory with zlib's gzip+zlib auto-detection (windowBits 47).
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) return Status::Error(path + ": zlib init failed");
  std::string out;
  out.resize(compressed.size() * 4 + 4096);
  zs.next_in = reinterpret_cast<Bytef*>(compressed.data());
  zs.avail_in = static_cast<uInt>(compressed.size());
  int rc = Z_OK;
  while (true) {
    if (zs.total_out == out.size()) out.resize(out.size() * 2);
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + zs.total_out);
    zs.avail_out = static_cast<uInt>(out.size() - zs.total_out);
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc == Z_STREAM_END) {
      // Concatenated gzip members are legal: keep going if input remains.
      if (zs.avail_in == 0) break;
      size_t produced = zs.total_out;
      inflateReset(&zs);
      zs.total_out = produced;
      continue;
    }
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) {
      inflateEnd(&zs);
      return Status::Error(path + ": truncated gzip data");
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      std::string msg = zs.msg ? zs.msg : "inflate failed";
      inflateEnd(&zs);
      return Status::Error(path + ": corrupt gzip data: " + msg);
    }
  }
  out.resize(zs.total_out);
  inflateEnd(&zs);
  return out;
}

}  // namespace

std::string DisplayName(const std::string& path) { return path; }

Result<std::string> ReadFileContents(const std::string& path) {
  Result<std::string> raw = ReadPlain(path);
  if (!raw.ok()) return raw;
  const std::string& d = raw.value();
  if (d.size() >= 2 && static_cast<unsigned char>(d[0]) == 0x1f &&
      static_cast<unsigned char>(d[1]) == 0x8b)
    return Gunzip(path, raw.take());
  return raw;
}

}  // namespace clustersim
