#pragma once
// Reads a whole input file into memory, transparently gunzipping gzip
// content (detected by its magic bytes, not its name). Plain files are
// memory-mapped: no copy, and pages come straight from the page cache.
// Whole-file access keeps the parsers simple and fast.

#include <string>
#include <string_view>

#include "model/status.h"

namespace clustersim {

class FileContents {
 public:
  FileContents() = default;
  FileContents(FileContents&& o) noexcept;
  FileContents& operator=(FileContents&& o) noexcept;
  FileContents(const FileContents&) = delete;
  FileContents& operator=(const FileContents&) = delete;
  ~FileContents();

  std::string_view view() const { return map_ ? std::string_view(map_, map_size_) : std::string_view(data_); }

 private:
  friend Result<FileContents> ReadFile(const std::string& path);
  std::string data_;
  const char* map_ = nullptr;
  std::size_t map_size_ = 0;
};

Result<FileContents> ReadFile(const std::string& path);

// Convenience for small files and tests: the contents as a string.
Result<std::string> ReadFileContents(const std::string& path);

// The name used in messages: the path as given.
std::string DisplayName(const std::string& path);

}  // namespace clustersim
