#pragma once
// TextSink: where writers put their text. Writers append to `buf` and call
// Poll() after each row; a file sink flushes full chunks to disk so a
// million-row output never sits whole in memory, a string sink keeps it all
// (tests, small outputs).

#include <string>
#include <vector>

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

// Writes to a file descriptor it owns. Write errors (a full disk, a file size
// limit) are remembered and reported by Close(), so writers need not check
// every row.
class FdSink : public TextSink {
 public:
  // `fd` < 0 makes a sink that discards everything (e.g. -o /dev/null).
  FdSink(int fd, std::string name);
  ~FdSink() override;
  FdSink(const FdSink&) = delete;
  FdSink& operator=(const FdSink&) = delete;

  void Flush() override;
  // Flushes and closes; an error names the file and the reason.
  Status Close();
  const std::string& name() const { return name_; }

 private:
  int fd_;
  std::string name_;
  int error_ = 0;  // errno of the first failed write
};

// One output file published on its own: written to a private temporary
// beside `path` (created with O_EXCL, never through a symbolic link) and
// renamed over `path` by Commit(). Destroying an uncommitted sink, or a fatal
// signal, removes the temporary. `path` must be a new name or a regular file;
// "/dev/null" discards the output.
class AtomicFileSink final : public TextSink {
 public:
  explicit AtomicFileSink(std::string path);
  ~AtomicFileSink() override;
  AtomicFileSink(const AtomicFileSink&) = delete;
  AtomicFileSink& operator=(const AtomicFileSink&) = delete;

  Status Open();
  void Flush() override;
  // Writes out and closes the temporary, without publishing it: a set of
  // files is closed first, so a write error (a full disk) comes before any
  // file of the set replaces an old one.
  Status Close();
  // Closes (if not yet) and renames the temporary over `path`.
  Status Commit();

 private:
  void Discard();
  std::string path_, tmp_;
  FdSink* file_ = nullptr;  // owned
  bool closed_ = false;
  bool null_ = false;
  int slot_ = -1;
  std::vector<std::string> created_;  // parent directories Open made, removed if never committed
};

// The refusals shared by every output path: empty, or an existing entry that
// is not a regular file (a directory, device, FIFO, socket or symbolic link).
Status CheckOutputFilePath(const std::string& path);

}  // namespace clustersim
