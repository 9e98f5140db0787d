#include "io/file_reader.h"

#include "model/memory.h"
#include "model/text_escape.h"

#include <libdeflate.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

namespace clustersim {
namespace {

std::string Name(const std::string& path) { return EscapeControl(path); }

// Line limits, checked on text as it arrives: `Feed` each new chunk.
class LineLimits {
 public:
  explicit LineLimits(const std::string& path) : path_(path) {}
  // REQUIRES: `text` is everything read so far; `from` where the new part starts.
  Status Feed(std::string_view text, std::size_t from) {
    const char* p = text.data() + from;
    const char* end = text.data() + text.size();
    while (p < end) {
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      if (nl == nullptr) break;
      const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data());
      if (at - line_start_ > kMaxLineBytes) return TooLong();
      line_start_ = at + 1;
      if (++lines_ > kMaxLines)
        return Status::Error(fmt::format("{}: too_many_lines: more than {} lines; split the trace", Name(path_),
                                         kMaxLines));
      p = static_cast<const char*>(nl) + 1;
    }
    if (text.size() - line_start_ > kMaxLineBytes) return TooLong();
    return Status::Ok();
  }

 private:
  Status TooLong() const {
    return Status::Error(fmt::format("{}:{}: line_too_long: a line is longer than {} bytes; this is not a text "
                                     "trace or configuration",
                                     Name(path_), lines_ + 1, kMaxLineBytes));
  }
  const std::string& path_;
  std::size_t line_start_ = 0;
  std::int64_t lines_ = 0;
};

Status BombError(const std::string& path, std::size_t out, std::size_t in) {
  return Status::Error(fmt::format("{}: gzip_bomb: {} compressed bytes expand past {} bytes (more than {}x); "
                                   "refusing to inflate further (decompress it yourself if it is genuine)",
                                   Name(path), in, out, kMaxGzipRatio));
}

// Pipes, FIFOs, sockets: read in chunks up to kMaxStreamBytes, checking
// lines as they arrive (gzip streams are checked after inflating).
Result<ByteBuffer> ReadStream(const std::string& path, int fd) {
  ByteBuffer data;
  LineLimits limits(path);
  char buf[1 << 16];
  bool gz = false;
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::Error(Name(path) + ": read error: " + std::strerror(errno));
    if (n == 0) break;
    const std::size_t from = data.size();
    if (!data.Append(buf, static_cast<std::size_t>(n))) return Status::Error(OutOfMemoryWhileReading(path));
    if (from == 0 && data.size() >= 2 && static_cast<unsigned char>(data.data()[0]) == 0x1f &&
        static_cast<unsigned char>(data.data()[1]) == 0x8b)
      gz = true;
    if (data.size() > kMaxStreamBytes)
      return Status::Error(fmt::format("{}: stream_too_large: more than {} bytes from a pipe; give a file",
                                       Name(path), kMaxStreamBytes));
    if (!gz)
      if (Status st = limits.Feed(data.view(), from); !st.ok()) return st;
  }
  return data;
}

// The uncompressed size a gzip trailer announces (mod 2^32), if plausible
// for a real trace; 0 otherwise (a bomb, or a corrupt or truncated file).
std::size_t GzipSizeHint(std::string_view compressed) {
  if (compressed.size() < 18) return 0;
  const auto* t = reinterpret_cast<const unsigned char*>(compressed.data() + compressed.size() - 4);
  const std::size_t isize = t[0] | (t[1] << 8) | (t[2] << 16) | (static_cast<std::size_t>(t[3]) << 24);
  const std::size_t cap = std::max(kBombFloorBytes, compressed.size() * kMaxGzipRatio);
  return isize > 0 && isize <= cap ? isize : 0;
}

// libdeflate inflates a whole buffer about twice as fast as zlib (RICC:
// 20 ms against 44). It needs the output size up front, which the trailer
// gives for the usual single-member file; it is used only up to
// kWholeBufferBytes, so a bomb cannot make it allocate before the line and
// ratio checks have seen any output. Anything it does not finish
// cleanly in that space (zlib framing, a later member larger than the
// trailer says, corrupt or truncated data) returns false, and zlib takes
// over, streaming with the bomb guard, and words the error.
bool InflateWithLibdeflate(std::string_view compressed, ByteBuffer* out, bool* out_of_memory) {
  constexpr std::size_t kWholeBufferBytes = std::size_t{64} << 20;
  const std::size_t hint = GzipSizeHint(compressed);
  if (hint == 0 || hint > kWholeBufferBytes || static_cast<unsigned char>(compressed[0]) != 0x1f) return false;
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  if (d == nullptr) return false;
  if (!out->Resize(hint + 1)) {
    *out_of_memory = true;
    return false;
  }
  AdviseHugePages(out->data(), out->capacity());
  std::size_t in_pos = 0, out_pos = 0;
  bool ok = true;
  while (ok && in_pos < compressed.size()) {  // concatenated members are legal
    std::size_t in_used = 0, produced = 0;
    const libdeflate_result r =
        libdeflate_gzip_decompress_ex(d, compressed.data() + in_pos, compressed.size() - in_pos,
                                      out->data() + out_pos, out->size() - out_pos, &in_used, &produced);
    ok = r == LIBDEFLATE_SUCCESS;
    in_pos += in_used;
    out_pos += produced;
  }
  libdeflate_free_decompressor(d);
  if (ok) out->Resize(out_pos);  // shrinking never allocates
  return ok;
}

Result<ByteBuffer> Gunzip(const std::string& path, std::string_view compressed) {
  // Whole buffers are small (<= 64 MiB): their lines are checked by the
  // readers' LineCursor, at no extra pass.
  bool out_of_memory = false;
  if (ByteBuffer fast; InflateWithLibdeflate(compressed, &fast, &out_of_memory)) return fast;
  if (out_of_memory) return Status::Error(OutOfMemoryWhileReading(path));
  // Inflate incrementally with zlib's gzip+zlib auto-detection (windowBits
  // 47), checking lines and the expansion ratio as output arrives.
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) return Status::Error(Name(path) + ": zlib init failed");
  struct End {
    z_stream* zs;
    ~End() { inflateEnd(zs); }
  } end{&zs};
  ByteBuffer out;
  LineLimits limits(path);
  constexpr std::size_t kStep = std::size_t{1} << 20;
  const std::size_t hint = GzipSizeHint(compressed);
  // Up to the guard's floor plus one step: no reallocation copies a
  // buffer that size while a bomb is still being detected.
  // Untouched capacity costs no memory, so an unknown size reserves it all.
  if (!out.Reserve(hint > 0 ? std::min(hint + 1, kBombFloorBytes + kStep) : kBombFloorBytes + kStep))
    return Status::Error(OutOfMemoryWhileReading(path));
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));  // zlib only reads it
  zs.avail_in = static_cast<uInt>(compressed.size());
  std::size_t produced = 0;
  while (true) {
    // The guard runs before the buffer grows: a bomb is refused without
    // ever holding more than kBombFloorBytes plus one step.
    const std::size_t consumed = compressed.size() - zs.avail_in;
    if (produced >= kBombFloorBytes && produced > consumed * kMaxGzipRatio) return BombError(path, produced, consumed);
    const std::size_t from = produced;
    if (!out.Resize(produced + kStep)) return Status::Error(OutOfMemoryWhileReading(path));
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
    zs.avail_out = static_cast<uInt>(kStep);
    const int rc = inflate(&zs, Z_NO_FLUSH);
    produced = out.size() - zs.avail_out;
    out.Resize(produced);
    if (Status st = limits.Feed(out.view(), from); !st.ok()) return st;
    if (rc == Z_STREAM_END) {
      if (zs.avail_in == 0) break;
      inflateReset(&zs);  // concatenated gzip members are legal
      continue;
    }
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) return Status::Error(Name(path) + ": truncated gzip data");
    if (rc != Z_OK && rc != Z_BUF_ERROR)
      return Status::Error(Name(path) + ": corrupt gzip data: " + (zs.msg ? zs.msg : "inflate failed"));
  }
  return out;
}

bool IsGzip(std::string_view d) {
  return d.size() >= 2 && static_cast<unsigned char>(d[0]) == 0x1f && static_cast<unsigned char>(d[1]) == 0x8b;
}

}  // namespace

Result<FileContents> ReadFileUnguarded(const std::string& path, FileContents fc) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::Error(Name(path) + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    return Status::Error(Name(path) + ": cannot stat: " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return Status::Error(Name(path) + ": is a directory, not a file");
  }
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
    ::close(fd);
    return Status::Error(Name(path) + ": is a device, not a file; refusing to read it (it may never end)");
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void* m = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (m == MAP_FAILED)
      return Status::Error(errno == ENOMEM ? OutOfMemoryWhileReading(path)
                                           : Name(path) + ": cannot map: " + std::strerror(errno));
    const std::string_view mapped(static_cast<const char*>(m), static_cast<size_t>(st.st_size));
    if (IsGzip(mapped)) {
      Result<ByteBuffer> text = Gunzip(path, mapped);  // no copy of the input
      ::munmap(m, mapped.size());
      if (!text.ok()) return text.status();
      fc.data_ = text.take();
      return fc;
    }
    ::madvise(m, mapped.size(), MADV_SEQUENTIAL);
    fc.map_ = mapped.data();
    fc.map_size_ = mapped.size();
    return fc;  // memory is the page cache's; LineCursor checks the lines

  }
  Result<ByteBuffer> raw = ReadStream(path, fd);
  ::close(fd);
  if (!raw.ok()) return raw.status();
  if (IsGzip(raw.value().view())) {
    Result<ByteBuffer> text = Gunzip(path, raw.value().view());
    if (!text.ok()) return text.status();
    fc.data_ = text.take();
  } else {
    fc.data_ = raw.take();
  }
  return fc;
}

ByteBuffer& ByteBuffer::operator=(ByteBuffer&& o) noexcept {
  if (this != &o) {
    std::free(p_);
    p_ = o.p_, size_ = o.size_, cap_ = o.cap_;
    o.p_ = nullptr, o.size_ = o.cap_ = 0;
  }
  return *this;
}

ByteBuffer::~ByteBuffer() { std::free(p_); }

bool ByteBuffer::Reserve(std::size_t n) {
  if (n <= cap_) return true;
  void* p = std::realloc(p_, n);
  if (p == nullptr) return false;
  p_ = static_cast<char*>(p);
  cap_ = n;
  return true;
}

bool ByteBuffer::Resize(std::size_t n) {
  if (n > cap_ && !Reserve(std::max(n, cap_ * 2))) return false;
  size_ = n;
  return true;
}

bool ByteBuffer::Append(const char* data, std::size_t n) {
  const std::size_t at = size_;
  if (!Resize(size_ + n)) return false;
  std::memcpy(p_ + at, data, n);
  return true;
}

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
  try {
    return ReadFileUnguarded(path, FileContents());
  } catch (const std::bad_alloc&) {
    return Status::Error(OutOfMemoryWhileReading(path));
  }
}

std::string OutOfMemoryWhileReading(const std::string& path) {
  return "out of memory while reading " + Name(path);
}

Result<std::string> ReadFileContents(const std::string& path) {
  Result<FileContents> fc = ReadFile(path);
  if (!fc.ok()) return fc.status();
  return std::string(fc.value().view());
}

}  // namespace clustersim
