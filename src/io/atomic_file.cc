#include "io/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "io/text_sink.h"

namespace clustersim {

Status AtomicFileSink::Open() {
  std::error_code ec;
  const std::filesystem::path p(path_);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  if (ec) return Status::Error(path_ + ": cannot create directory: " + ec.message());
  tmp_ = path_ + ".tmp-" + std::to_string(::getpid());
  f_ = std::fopen(tmp_.c_str(), "wb");
  if (f_ == nullptr) return Status::Error(path_ + ": cannot write: " + std::strerror(errno));
  return Status::Ok();
}

void AtomicFileSink::Flush() {
  if (f_ != nullptr && !buf.empty() && std::fwrite(buf.data(), 1, buf.size(), f_) != buf.size()) failed_ = true;
  buf.clear();
}

Status AtomicFileSink::Commit() {
  if (f_ == nullptr) return Status::Error(path_ + ": not open");
  Flush();
  const bool closed = std::fclose(f_) == 0;
  f_ = nullptr;
  if (failed_ || !closed) {
    std::remove(tmp_.c_str());
    return Status::Error(path_ + ": write failed (disk full?)");
  }
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::remove(tmp_.c_str());
    return Status::Error(path_ + ": cannot rename into place: " + err);
  }
  return Status::Ok();
}

AtomicFileSink::~AtomicFileSink() {
  if (f_ != nullptr) {
    std::fclose(f_);
    std::remove(tmp_.c_str());
  }
}

Status WriteFileAtomically(const std::string& path, std::string_view content) {
  AtomicFileSink sink(path);
  Status st = sink.Open();
  if (!st.ok()) return st;
  sink.buf.assign(content);
  return sink.Commit();
}

}  // namespace clustersim
