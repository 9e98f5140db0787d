#include "io/temp_registry.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>

namespace clustersim {
namespace {

constexpr int kSlots = 64;

// Written only by the main thread, read by the handler: each slot is filled
// before it is marked used, and unmarked before it is reused.
struct Slot {
  char path[PATH_MAX];
  volatile sig_atomic_t used;
  bool is_dir;
};
Slot g_slots[kSlots];
volatile sig_atomic_t g_installed = 0;
// SetFatalSignalNote's text: filled while g_note_size is 0, then published.
char g_note[16];
volatile sig_atomic_t g_note_size = 0;
constexpr int kFatalSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

void RemoveAll() {
  for (int pass = 0; pass < 2; ++pass)  // files first, then the directories they were in
    for (Slot& s : g_slots)
      if (s.used && s.is_dir == (pass == 1)) {
        if (s.is_dir)
          ::rmdir(s.path);
        else
          ::unlink(s.path);
      }
}

void OnFatalSignal(int sig) {
  const int saved = errno;
  if (const sig_atomic_t n = g_note_size; n > 0) {
    const ssize_t ignored = ::write(2, g_note, static_cast<size_t>(n));
    (void)ignored;  // nothing to do about a failed write here
  }
  RemoveAll();
  errno = saved;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void InstallHandlers() {
  if (g_installed) return;
  g_installed = 1;
  for (int sig : kFatalSignals) {
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // e.g. nohup: keep ignoring
    struct sigaction sa {};
    sa.sa_handler = OnFatalSignal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

}  // namespace

void SetFatalSignalNote(const char* text) {
  g_note_size = 0;
  std::atomic_signal_fence(std::memory_order_seq_cst);  // the handler stops reading before the text changes
  if (text == nullptr) return;
  const std::size_t n = std::min(std::strlen(text), sizeof g_note - 1);
  std::memcpy(g_note, text, n);
  InstallHandlers();
  std::atomic_signal_fence(std::memory_order_seq_cst);  // the text is in place before it is published
  g_note_size = static_cast<sig_atomic_t>(n);
}

int RegisterTemporary(const std::string& path, bool is_dir) {
  if (path.size() >= PATH_MAX) return -1;
  InstallHandlers();
  for (int i = 0; i < kSlots; ++i) {
    Slot& s = g_slots[i];
    if (s.used) continue;
    std::memcpy(s.path, path.c_str(), path.size() + 1);
    s.is_dir = is_dir;
    s.used = 1;
    return i;
  }
  return -1;
}

void ForgetTemporary(int slot) {
  if (slot >= 0 && slot < kSlots) g_slots[slot].used = 0;
}

long TemporaryOwner(const std::string& name, const std::string& prefix) {
  if (name.compare(0, prefix.size(), prefix) != 0) return -1;
  long pid = 0;
  std::size_t i = prefix.size();
  for (; i < name.size() && name[i] >= '0' && name[i] <= '9' && pid < 100'000'000; ++i) pid = pid * 10 + (name[i] - '0');
  if (i == prefix.size() || (i < name.size() && name[i] != '-')) return -1;
  return pid;
}

bool ProcessIsGone(long pid) {
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

std::vector<std::string> CreateDirectories(const std::string& dir, std::error_code* ec) {
  std::vector<std::string> missing;
  std::error_code probe;
  for (std::filesystem::path p(dir); !p.empty() && !std::filesystem::exists(p, probe); p = p.parent_path()) {
    missing.push_back(p.string());
    if (p == p.parent_path()) break;
  }
  std::filesystem::create_directories(dir, *ec);
  return missing;
}

void RemoveCreatedDirectories(const std::vector<std::string>& created) {
  std::error_code ec;
  for (const std::string& d : created) std::filesystem::remove(d, ec);  // an rmdir: never a directory in use
}

void RemoveStaleTemporaries(const std::string& dir, const std::string& prefix) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir.empty() ? "." : dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (ProcessIsGone(TemporaryOwner(name, prefix))) std::filesystem::remove_all(entry.path(), ec);
  }
}

unsigned CurrentUmask() {
  static std::once_flag once;
  static unsigned mask = 022;
  std::call_once(once, [] {
    const mode_t m = ::umask(022);
    ::umask(m);
    mask = m;
  });
  return mask;
}

DeferSignals::DeferSignals() {
  sigset_t block;
  sigemptyset(&block);
  for (int sig : kFatalSignals) sigaddset(&block, sig);
  pthread_sigmask(SIG_BLOCK, &block, &saved_);
}

DeferSignals::~DeferSignals() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }

}  // namespace clustersim
