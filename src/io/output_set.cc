#include "io/output_set.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "io/temp_registry.h"
#include "model/text_escape.h"

namespace clustersim {
namespace {

namespace fs = std::filesystem;

std::string Quoted(const std::string& path) { return EscapeControl(path); }

const char* KindOf(mode_t m) {
  return S_ISLNK(m) ? "a symbolic link" : S_ISDIR(m) ? "a directory" : S_ISREG(m) ? "a regular file"
         : S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : "a device";
}

// `name` is one of ours, or a temporary an older clustersim left beside it
// (`schedule.csv.tmp-1234`).
bool IsKnownName(const std::string& name, const std::vector<std::string>& known) {
  for (const std::string& k : known) {
    if (name == k) return true;
    if (name.size() > k.size() + 5 && name.compare(0, k.size() + 5, k + ".tmp-") == 0 &&
        std::all_of(name.begin() + static_cast<std::ptrdiff_t>(k.size() + 5), name.end(),
                    [](char c) { return c >= '0' && c <= '9'; }))
      return true;
  }
  return false;
}

// Holds an flock on a directory while alive. Where the file system does
// not support it (some network mounts), publishing goes on unlocked.
class DirLock {
 public:
  explicit DirLock(const std::string& dir) : fd_(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (fd_ >= 0) {
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }
  ~DirLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }
  DirLock(const DirLock&) = delete;
  DirLock& operator=(const DirLock&) = delete;

 private:
  int fd_;
};

}  // namespace

namespace {
// Whether `path` names something inside directory `dir` (both resolved:
// symbolic links and ".." do not hide it).
bool IsInside(const fs::path& path, const fs::path& dir) {
  std::error_code ec1, ec2;
  const fs::path p = fs::weakly_canonical(path, ec1), d = fs::weakly_canonical(dir, ec2);
  if (ec1 || ec2) return false;
  auto pi = p.begin();
  for (auto di = d.begin(); di != d.end(); ++di, ++pi)
    if (pi == p.end() || *pi != *di) return false;
  return pi != p.end();
}

// Whether two paths name one file: the same inode when both exist, else
// the same resolved path.
bool SameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec) && !ec;
  std::error_code ec1, ec2;
  const fs::path pa = fs::weakly_canonical(fs::absolute(a, ec1), ec1);
  const fs::path pb = fs::weakly_canonical(fs::absolute(b, ec2), ec2);
  return !ec1 && !ec2 && pa == pb;
}
}  // namespace

Status CheckNamedOutputs(const std::vector<std::pair<std::string, std::string>>& outputs,
                         const std::vector<std::string>& inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [flag, path] = outputs[i];
    if (path.empty() || path == "/dev/null") continue;
    for (const std::string& in : inputs)
      if (!in.empty() && SameFile(path, in))
        return Status::Error(fmt::format("{} {}: is the input {}; writing it would replace the trace (name another "
                                         "file)",
                                         flag, path, in));
    for (std::size_t k = 0; k < i; ++k)
      if (!outputs[k].second.empty() && SameFile(path, outputs[k].second))
        return Status::Error(fmt::format("{} and {} both name {}; one output would be lost (name two files)",
                                         outputs[k].first, flag, path));
  }
  return Status::Ok();
}

Result<std::unique_ptr<OutputSet>> OutputSet::Begin(const std::string& dir, const std::vector<std::string>& known,
                                                    const std::vector<std::string>& inputs) {
  if (dir.empty())
    return Status::Error("the output directory name is empty; give -o DIR (default: out)");
  std::string target = dir;
  while (target.size() > 1 && target.back() == '/') target.pop_back();
  const fs::path p(target);
  const std::string base = p.filename().string();
  if (target == "/" || base.empty() || base == "." || base == "..")
    return Status::Error(Quoted(dir) + ": clustersim replaces its whole output directory when it publishes a run; "
                                       "name a directory of its own (e.g. -o out)");
  std::unique_ptr<OutputSet> set(new OutputSet());
  set->target_ = target;
  set->base_ = base;
  set->parent_ = p.has_parent_path() ? p.parent_path().string() : ".";
  set->known_ = known;
  for (const std::string& in : inputs)
    if (!in.empty() && IsInside(in, target))
      return Status::Error(Quoted(target) + ": holds the input " + Quoted(in) +
                           "; clustersim replaces the whole output directory, which would delete it "
                           "(give another -o, or move the input away)");
  if (Status st = set->CheckTarget(); !st.ok()) return st;
  std::error_code ec;
  set->created_ = CreateDirectories(set->parent_, &ec);
  if (ec) return Status::Error(Quoted(set->parent_) + ": cannot create directory: " + ec.message());
  RemoveStaleTemporaries(set->parent_, "." + base + ".tmp-");
  RemoveStaleTemporaries(set->parent_, "." + base + ".old-");
  std::string tmpl = set->parent_ + "/." + base + ".tmp-" + std::to_string(::getpid()) + "-XXXXXX";
  if (::mkdtemp(tmpl.data()) == nullptr)
    return Status::Error(Quoted(set->parent_) + ": cannot create a temporary directory: " + std::strerror(errno));
  set->private_dir_ = tmpl;
  set->slots_.push_back(RegisterTemporary(tmpl, true));
  return set;
}

Status OutputSet::CheckTarget() const {
  struct stat st {};
  if (::lstat(target_.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::Ok();
    return Status::Error(Quoted(target_) + ": " + std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode))
    return Status::Error(Quoted(target_) + ": is " + KindOf(st.st_mode) +
                         ", not an output directory; refusing to replace it (give another -o)");
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(target_, ec)) {
    const std::string name = entry.path().filename().string();
    struct stat es {};
    const bool regular = ::lstat(entry.path().c_str(), &es) == 0 && S_ISREG(es.st_mode);
    // The common case: runs written to out/a, out/b, then one to out.
    std::error_code sub_ec;
    if (S_ISDIR(es.st_mode) && fs::is_regular_file(entry.path() / "summary.json", sub_ec))
      return Status::Error(Quoted(target_) + ": holds " + Quoted(name) +
                           ", an earlier run's output directory; clustersim replaces the whole directory it "
                           "writes to, so it refuses one holding other runs (give -o " +
                           Quoted((fs::path(target_) / "NAME").string()) + " for a run beside them)");
    if (!IsKnownName(name, known_) || !regular)
      return Status::Error(Quoted(target_) + ": holds " + Quoted(name) +
                           (regular ? "" : std::string(", ") + KindOf(es.st_mode)) +
                           ", which is not a clustersim output; clustersim replaces the whole directory, so it "
                           "refuses one with other files in it (give another -o, or move them away)");
  }
  if (ec) return Status::Error(Quoted(target_) + ": cannot list: " + ec.message());
  return Status::Ok();
}

OutputSet::~OutputSet() {
  if (!published_ && !private_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(private_dir_, ec);
  }
  if (!published_) RemoveCreatedDirectories(created_);  // a failed run leaves no trace
  for (int s : slots_) ForgetTemporary(s);
}

Result<std::unique_ptr<FdSink>> OutputSet::Create(const std::string& name) {
  const std::string path = private_dir_ + "/" + name;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return Status::Error(Quoted(target_ + "/" + name) + ": cannot write: " + std::strerror(errno));
  slots_.insert(slots_.begin(), RegisterTemporary(path, false));  // files before their directory
  return std::make_unique<FdSink>(fd, target_ + "/" + name);
}

Status OutputSet::Publish() {
  ::chmod(private_dir_.c_str(), 0777 & ~CurrentUmask());
  DirLock lock(parent_);
  if (Status st = CheckTarget(); !st.ok()) return st;  // something changed while we ran
  struct stat st {};
  const bool exists = ::lstat(target_.c_str(), &st) == 0;
  std::string old;  // where the previous set ends up, to be removed
  if (!exists) {
    if (::rename(private_dir_.c_str(), target_.c_str()) != 0)
      return Status::Error(Quoted(target_) + ": cannot publish: " + std::strerror(errno));
  } else if (::renameat2(AT_FDCWD, private_dir_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
    old = private_dir_;
  } else if (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) {
    // No atomic exchange on this file system: move the old set aside first.
    // A reader may then briefly find no directory, but never a mix.
    old = parent_ + "/." + base_ + ".old-" + std::to_string(::getpid()) + "-" + private_dir_.substr(private_dir_.size() - 6);
    if (::rename(target_.c_str(), old.c_str()) != 0)
      return Status::Error(Quoted(target_) + ": cannot replace: " + std::strerror(errno));
    if (::rename(private_dir_.c_str(), target_.c_str()) != 0) {
      const std::string err = std::strerror(errno);
      ::rename(old.c_str(), target_.c_str());  // put the old set back
      return Status::Error(Quoted(target_) + ": cannot publish: " + err);
    }
  } else {
    return Status::Error(Quoted(target_) + ": cannot publish: " + std::strerror(errno));
  }
  published_ = true;
  for (int s : slots_) ForgetTemporary(s);
  slots_.clear();
  if (!old.empty()) {
    std::error_code ec;
    fs::remove_all(old, ec);
  }
  return Status::Ok();
}

}  // namespace clustersim
