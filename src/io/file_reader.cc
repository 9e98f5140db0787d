#include "io/file_reader.h"

#include "model/memory.h"

#include <libdeflate.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clustersim {
namespace {

Result<std::string> ReadPlain(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return Status::Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  std::string data;
  // One read into a buffer of the right size (regular files); pipes and
  // other streams grow the buffer as they go.
  if (::fstat(::fileno(f), &st) == 0 && S_ISREG(st.st_mode)) data.reserve(static_cast<size_t>(st.st_size) + 1);
  if (::fstat(::fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    return Status::Error(path + ": is a directory, not a trace file");
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return Status::Error(path + ": read error");
  return data;
}

// The uncompressed size a gzip trailer announces (mod 2^32), if plausible:
// deflate cannot expand more than ~1032:1, so a larger value is garbage (a
// truncated or corrupt file) and must not make us allocate gigabytes.
std::size_t GzipSizeHint(std::string_view compressed) {
  if (compressed.size() < 18) return 0;
  const auto* t = reinterpret_cast<const unsigned char*>(compressed.data() + compressed.size() - 4);
  const std::size_t isize = t[0] | (t[1] << 8) | (t[2] << 16) | (static_cast<std::size_t>(t[3]) << 24);
  return isize > 0 && isize <= compressed.size() * 1032 ? isize : 0;
}

// libdeflate inflates a whole buffer about twice as fast as zlib (RICC:
// 20 ms against 44). It needs the output size up front, which the trailer
// gives for the usual single-member file. Anything it does not finish
// cleanly (zlib framing, odd multi-member files, corrupt or truncated data)
// returns false, and zlib takes over and words the error.
bool InflateWithLibdeflate(std::string_view compressed, std::string* out) {
  const std::size_t hint = GzipSizeHint(compressed);
  if (hint == 0 || static_cast<unsigned char>(compressed[0]) != 0x1f) return false;
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  if (d == nullptr) return false;
  out->reserve(hint + 1);
  AdviseHugePages(out->data(), out->capacity());
  out->resize(hint + 1);
  std::size_t in_pos = 0, out_pos = 0;
  bool ok = true;
  while (ok && in_pos < compressed.size()) {  // concatenated members are legal
    std::size_t in_used = 0, produced = 0;
    const libdeflate_result r =
        libdeflate_gzip_decompress_ex(d, compressed.data() + in_pos, compressed.size() - in_pos,
                                      out->data() + out_pos, out->size() - out_pos, &in_used, &produced);
    if (r == LIBDEFLATE_INSUFFICIENT_SPACE && out->size() < compressed.size() * 1032) {
      out->resize(out->size() * 2);  // a later member is larger than the trailer said
      continue;
    }
    ok = r == LIBDEFLATE_SUCCESS;
    in_pos += in_used;
    out_pos += produced;
  }
  libdeflate_free_decompressor(d);
  if (ok) out->resize(out_pos);
  return ok;
}

Result<std::string> Gunzip(const std::string& path, std::string_view compressed) {
  if (std::string fast; InflateWithLibdeflate(compressed, &fast)) return fast;
  // Inflate from memory with zlib's gzip+zlib auto-detection (windowBits 47).
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) return Status::Error(path + ": zlib init failed");
  std::string out;
  // The gzip trailer holds the uncompressed size mod 2^32: a good first guess.
  const std::size_t hint = GzipSizeHint(compressed);
  const std::size_t guess = hint > 0 ? hint + 1 : compressed.size() * 4 + 4096;
  out.reserve(guess);
  AdviseHugePages(out.data(), out.capacity());
  out.resize(guess);
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));  // zlib only reads it
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

FileContents::FileContents(FileContents&& o) noexcept
    : data_(std::move(o.data_)), map_(o.map_), map_size_(o.map_size_) {
  o.map_ = nullptr;
  o.map_size_ = 0;
}

FileContents& FileContents::operator=(FileContents&& o) noexcept {
  if (this != &o) {
    if (map_) ::munmap(const_cast<char*>(map_), map_size_);
    data_ = std::move(o.data_);
    map_ = o.map_;
    map_size_ = o.map_size_;
    o.map_ = nullptr;
    o.map_size_ = 0;
  }
  return *this;
}

FileContents::~FileContents() {
  if (map_) ::munmap(const_cast<char*>(map_), map_size_);
}

std::string DisplayName(const std::string& path) { return path; }

Result<FileContents> ReadFile(const std::string& path) {
  FileContents fc;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return Status::Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return Status::Error(path + ": is a directory, not a trace file");
  }
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* m = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (m == MAP_FAILED) return Status::Error(path + ": cannot map: " + std::strerror(errno));
    const auto* p = static_cast<const unsigned char*>(m);
    const size_t n = static_cast<size_t>(st.st_size);
    if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
      Result<std::string> text = Gunzip(path, std::string_view(static_cast<const char*>(m), n));  // no copy of the input
      ::munmap(m, n);
      if (!text.ok()) return text.status();
      fc.data_ = text.take();
      return fc;
    }
    ::madvise(m, n, MADV_SEQUENTIAL);
    fc.map_ = static_cast<const char*>(m);
    fc.map_size_ = n;
    return fc;
  }
  ::close(fd);
  Result<std::string> raw = ReadPlain(path);  // pipes, empty files
  if (!raw.ok()) return raw.status();
  const std::string& d = raw.value();
  if (d.size() >= 2 && static_cast<unsigned char>(d[0]) == 0x1f && static_cast<unsigned char>(d[1]) == 0x8b) {
    Result<std::string> text = Gunzip(path, d);
    if (!text.ok()) return text.status();
    fc.data_ = text.take();
  } else {
    fc.data_ = raw.take();
  }
  return fc;
}

Result<std::string> ReadFileContents(const std::string& path) {
  Result<FileContents> fc = ReadFile(path);
  if (!fc.ok()) return fc.status();
  return std::string(fc.value().view());
}

}  // namespace clustersim
