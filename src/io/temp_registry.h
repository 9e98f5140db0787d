#pragma once
// TempRegistry: temporary files and directories a run has created and not
// yet published. If SIGINT, SIGTERM, SIGHUP or SIGPIPE (`... -v | head`)
// arrives, the handler removes
// them (unlink, then rmdir; both async-signal-safe) and lets the signal end
// the process as it would have. Normal exits remove them through their
// owners (OutputSet, AtomicFileSink); the registry only covers the signals.
// SIGKILL cannot be caught: the next run into the same place removes the
// temporaries of dead processes (their names carry the pid).

#include <signal.h>

#include <string>
#include <system_error>
#include <vector>

namespace clustersim {

// Registers `path` (a file, or with is_dir an empty-once-files-are-gone
// directory) for removal on a fatal signal. Returns a slot for Forget(), or
// -1 if the registry is full (the path is then left to the stale cleanup).
int RegisterTemporary(const std::string& path, bool is_dir);
void ForgetTemporary(int slot);

// Text written to stderr (fd 2) by the handler before the signal ends the
// process: the progress line's erase, so the shell's next output does not
// start inside it. nullptr = none; up to 15 bytes are kept.
void SetFatalSignalNote(const char* text);

// The pid embedded in a temporary's name by TemporaryName(), or -1.
long TemporaryOwner(const std::string& name, const std::string& prefix);
// Whether process `pid` is gone (so its temporaries are stale).
bool ProcessIsGone(long pid);

// Removes the entries of `dir` named `prefix<pid>-...` whose process is gone
// (temporaries left by a killed run). Errors are ignored: this is tidying.
void RemoveStaleTemporaries(const std::string& dir, const std::string& prefix);

// Creates `dir` and its missing parents; returns the directories it made,
// deepest first, so that a run that fails can remove them again
// (RemoveCreatedDirectories: only those still empty). *ec as for
// std::filesystem::create_directories.
std::vector<std::string> CreateDirectories(const std::string& dir, std::error_code* ec);
void RemoveCreatedDirectories(const std::vector<std::string>& created);

// The process's file creation mask (to give published files normal modes).
unsigned CurrentUmask();

// While one lives, SIGINT, SIGTERM, SIGHUP and SIGPIPE wait (blocked): files renamed
// into place one after another (simulator's -o and -r, the tracer's files)
// are all published or none. A signal that came meanwhile is delivered when
// it ends, and ends the process as before.
class DeferSignals {
 public:
  DeferSignals();
  ~DeferSignals();
  DeferSignals(const DeferSignals&) = delete;
  DeferSignals& operator=(const DeferSignals&) = delete;

 private:
  sigset_t saved_;  // the mask before
};

}  // namespace clustersim
