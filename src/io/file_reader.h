#pragma once
// Reads a whole input file into memory, transparently gunzipping gzip
// content (detected by its magic bytes, not its name). Plain files are
// memory-mapped: no copy, and pages come straight from the page cache.
// Whole-file access keeps the parsers simple and fast.
//
// Hostile input is bounded (README "Reliability"):
//   - devices (/dev/zero, a terminal) are refused; pipes and FIFOs are read
//     up to kMaxStreamBytes;
//   - gzip is inflated with a guard: past kBombFloorBytes of output, more
//     than kMaxGzipRatio bytes per compressed byte is refused as a bomb;
//   - lines longer than kMaxLineBytes and more than kMaxLines lines are
//     refused: incrementally while streaming or inflating with zlib, so a
//     megabyte-long line stops the read after a megabyte, and by the
//     readers' LineCursor for mapped files and small whole buffers;
//   - running out of memory is "out of memory while reading PATH", not a
//     crash.

#include <cstdint>
#include <string>
#include <string_view>

#include "model/status.h"

namespace clustersim {

inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
inline constexpr std::int64_t kMaxLines = 100'000'000;
inline constexpr std::size_t kMaxStreamBytes = std::size_t{1} << 30;
inline constexpr std::size_t kMaxGzipRatio = 100;  // real traces: 6-12
inline constexpr std::size_t kBombFloorBytes = std::size_t{32} << 20;

// A byte buffer on malloc/realloc, so running out of memory is a false
// return the reader turns into "out of memory while reading X" (operator
// new would throw, or abort under ASan).
class ByteBuffer {
 public:
  ByteBuffer() = default;
  ByteBuffer(ByteBuffer&& o) noexcept : p_(o.p_), size_(o.size_), cap_(o.cap_) { o.p_ = nullptr, o.size_ = o.cap_ = 0; }
  ByteBuffer& operator=(ByteBuffer&& o) noexcept;
  ByteBuffer(const ByteBuffer&) = delete;
  ByteBuffer& operator=(const ByteBuffer&) = delete;
  ~ByteBuffer();
  // Capacity at least n; false (and unchanged) if memory ran out.
  bool Reserve(std::size_t n);
  // Size n, growing the capacity geometrically; false if memory ran out.
  bool Resize(std::size_t n);
  bool Append(const char* data, std::size_t n);
  char* data() { return p_; }
  const char* data() const { return p_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return cap_; }
  std::string_view view() const { return {p_ == nullptr ? "" : p_, size_}; }

 private:
  char* p_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
};

class FileContents {
 public:
  FileContents() = default;
  FileContents(FileContents&& o) noexcept;
  FileContents& operator=(FileContents&& o) noexcept;
  FileContents(const FileContents&) = delete;
  FileContents& operator=(const FileContents&) = delete;
  ~FileContents();

  std::string_view view() const { return map_ ? std::string_view(map_, map_size_) : data_.view(); }

 private:
  friend Result<FileContents> ReadFileUnguarded(const std::string& path, FileContents fc);
  ByteBuffer data_;
  const char* map_ = nullptr;
  std::size_t map_size_ = 0;
};

Result<FileContents> ReadFile(const std::string& path);

// Convenience for small files and tests: the contents as a string.
Result<std::string> ReadFileContents(const std::string& path);

// The message for a std::bad_alloc caught while loading `path`.
std::string OutOfMemoryWhileReading(const std::string& path);

// The name used in messages: the path as given.
std::string DisplayName(const std::string& path);

}  // namespace clustersim
