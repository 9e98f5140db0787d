#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>
#include <system_error>

#include "io/temp_registry.h"
#include "io/text_sink.h"
#include "model/text_escape.h"

namespace clustersim {

FdSink::FdSink(int fd, std::string name) : fd_(fd), name_(std::move(name)) { buf.reserve(kChunk + 4096); }

FdSink::~FdSink() {
  if (fd_ >= 0) ::close(fd_);
}

void FdSink::Flush() {
  const char* p = buf.data();
  std::size_t left = buf.size();
  while (fd_ >= 0 && error_ == 0 && left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
      break;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  buf.clear();
}

Status FdSink::Close() {
  Flush();
  if (fd_ >= 0 && ::close(fd_) != 0 && error_ == 0) error_ = errno;
  fd_ = -1;
  if (error_ != 0)
    return Status::Error(EscapeControl(name_) + ": write failed: " + std::strerror(error_) +
                         (error_ == ENOSPC || error_ == EFBIG || error_ == EDQUOT ? " (disk full or file size limit)" : ""));
  return Status::Ok();
}

Status CheckOutputFilePath(const std::string& path) {
  if (path.empty()) return Status::Error("an output path is empty");
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return Status::Ok();  // a new name
  if (S_ISREG(st.st_mode)) return Status::Ok();
  const char* what = S_ISLNK(st.st_mode)   ? "a symbolic link"
                     : S_ISDIR(st.st_mode) ? "a directory"
                     : S_ISFIFO(st.st_mode) ? "a FIFO"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                                            : "a device";
  return Status::Error(EscapeControl(path) + ": is " + what +
                       ", not a regular file; refusing to replace it (give a new file name)");
}

AtomicFileSink::AtomicFileSink(std::string path) : path_(std::move(path)) {}

AtomicFileSink::~AtomicFileSink() { Discard(); }

void AtomicFileSink::Discard() {
  delete file_;
  file_ = nullptr;
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
  tmp_.clear();
  ForgetTemporary(slot_);
  slot_ = -1;
  RemoveCreatedDirectories(std::exchange(created_, {}));  // none once committed
}

Status AtomicFileSink::Open() {
  if (path_ == "/dev/null") {
    null_ = true;
    file_ = new FdSink(-1, path_);
    return Status::Ok();
  }
  if (Status st = CheckOutputFilePath(path_); !st.ok()) return st;
  const std::filesystem::path p(path_);
  std::error_code ec;
  if (p.has_parent_path()) created_ = CreateDirectories(p.parent_path().string(), &ec);
  if (ec) return Status::Error(EscapeControl(path_) + ": cannot create directory: " + ec.message());
  // mkostemp opens with O_CREAT|O_EXCL, which never follows a symbolic link:
  // a name planted in advance cannot redirect the write.
  const std::string dir = p.has_parent_path() ? p.parent_path().string() + "/" : "";
  const std::string prefix = "." + p.filename().string() + ".tmp-";
  RemoveStaleTemporaries(dir, prefix);
  std::string tmpl = dir + prefix + std::to_string(::getpid()) + "-XXXXXX";
  const int fd = ::mkostemp(tmpl.data(), O_CLOEXEC);
  if (fd < 0) return Status::Error(EscapeControl(path_) + ": cannot write: " + std::strerror(errno));
  tmp_ = tmpl;
  slot_ = RegisterTemporary(tmp_, false);
  ::fchmod(fd, 0666 & ~CurrentUmask());
  file_ = new FdSink(fd, path_);
  return Status::Ok();
}

void AtomicFileSink::Flush() {
  if (file_ == nullptr) return buf.clear();
  file_->buf.swap(buf);
  file_->Flush();
  buf.swap(file_->buf);
  buf.clear();
}

Status AtomicFileSink::Close() {
  if (closed_) return Status::Ok();
  if (file_ == nullptr) return Status::Error(EscapeControl(path_) + ": not open");
  Flush();
  Status st = file_->Close();
  delete file_;
  file_ = nullptr;
  if (!st.ok()) {
    Discard();
    return st;
  }
  closed_ = true;
  return Status::Ok();
}

Status AtomicFileSink::Commit() {
  if (Status st = Close(); !st.ok()) return st;
  if (null_) return Status::Ok();
  if (Status again = CheckOutputFilePath(path_); !again.ok()) {  // something appeared meanwhile
    Discard();
    return again;
  }
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    Discard();
    return Status::Error(EscapeControl(path_) + ": cannot rename into place: " + err);
  }
  tmp_.clear();
  ForgetTemporary(slot_);
  slot_ = -1;
  created_.clear();  // they hold the file now
  return Status::Ok();
}

Status WriteFileAtomically(const std::string& path, std::string_view content) {
  AtomicFileSink sink(path);
  Status st = sink.Open();
  if (!st.ok()) return st;
  sink.buf.assign(content);
  return sink.Commit();
}

}  // namespace clustersim
