#pragma once
// TextSink: where writers put their text. Writers append to `buf` and call
// Poll() after each row; a file sink flushes full chunks to disk so a
// million-row output never sits whole in memory, a string sink keeps it all
// (tests, small outputs).

#include <cstdio>
#include <string>

#include "model/status.h"

namespace clustersim {

class TextSink {
 public:
  virtual ~TextSink() = default;
  std::string buf;
  void Poll() {
    if (buf.size() >= kChunk) Flush();
  }
  virtual void Flush() {}

 protected:
  static constexpr std::size_t kChunk = 1 << 20;
};

using StringSink = TextSink;

// Writes to `path.tmp-<pid>`; Commit() flushes and renames it over `path`.
// Destroying an uncommitted sink removes the temporary file, so a failed run
// leaves no partial output.
class AtomicFileSink final : public TextSink {
 public:
  // One buffer, reserved once: growing a string to a chunk again and again
  // costs page faults and copies that showed up in profiles.
  explicit AtomicFileSink(std::string path) : path_(std::move(path)) { buf.reserve(kChunk + 4096); }
  ~AtomicFileSink() override;
  AtomicFileSink(const AtomicFileSink&) = delete;
  AtomicFileSink& operator=(const AtomicFileSink&) = delete;

  Status Open();
  void Flush() override;
  Status Commit();

 private:
  std::string path_, tmp_;
  std::FILE* f_ = nullptr;
  bool failed_ = false;
};

}  // namespace clustersim
