#include "cli/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include "io/temp_registry.h"

namespace clustersim {

namespace {

// 1234567 -> "1,234,567": long counts are read at a glance.
std::string Grouped(std::int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

}  // namespace

double ProgressMeter::SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool StderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

int StderrColumns() {
  winsize ws{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
  return 80;
}

double ProgressDelaySeconds() {
  const char* v = std::getenv("CLUSTERSIM_PROGRESS_DELAY");
  if (v == nullptr) return 1.0;
  char* end = nullptr;
  const double d = std::strtod(v, &end);
  return end != v && *end == '\0' && d >= 0 && d < 1e9 ? d : 1.0;
}

ProgressMeter::ProgressMeter(std::ostream& out, std::int64_t jobs, Clock clock, double delay_s, int width)
    : out_(out), jobs_(jobs), clock_(std::move(clock)), start_(clock_()), delay_s_(delay_s), last_check_(start_),
      width_(width) {}

void ProgressMeter::Interrupt() {
  if (!on_screen_) return;
  SetFatalSignalNote(nullptr);
  out_ << "\r\033[K";
  out_.flush();
  on_screen_ = false;
  last_print_ = 0;  // drawn again at the next check
}

void ProgressMeter::Check(SimTime t) {
  const double now = clock_(), elapsed = now - start_, gap = now - last_check_;
  last_check_ = now;
  if (gap < 0.05 && stride_ < kMaxStride) stride_ *= 2;
  if (gap > 0.25 && stride_ > 1) stride_ /= 2;
  until_check_ = stride_;
  if (elapsed < delay_s_ || now - last_print_ < 0.25) return;
  last_print_ = now;
  const double rate = static_cast<double>(events_) / elapsed;
  std::string eta = "?";
  if (done_ > 0 && done_ < jobs_)
    eta = fmt::format("{:.0f} s", elapsed * static_cast<double>(jobs_ - done_) / static_cast<double>(done_));
  const std::string per_s = rate >= 1e6   ? fmt::format("{:.1f} M", rate / 1e6)
                           : rate >= 1e3 ? fmt::format("{:.1f} k", rate / 1e3)
                                         : fmt::format("{:.0f}", rate);
  std::string line = fmt::format("  progress: {} of {} jobs, t = {} s, {} events/s, ETA {}", Grouped(done_),
                                 Grouped(jobs_), Grouped(static_cast<std::int64_t>(ToSeconds(t))), per_s, eta);
  if (width_ > 1 && line.size() >= static_cast<std::size_t>(width_)) line.resize(static_cast<std::size_t>(width_ - 1));
  fmt::print(out_, "\r{}\033[K", line);
  out_.flush();
  // A signal ending the run erases the line too. Set once per line shown:
  // each set publishes the note behind signal fences.
  if (!on_screen_) SetFatalSignalNote("\r\033[K");
  shown_ = on_screen_ = true;
}

void ProgressMeter::OnFinish(SimTime) {
  if (!on_screen_) return;
  SetFatalSignalNote(nullptr);
  out_ << "\r\033[K";  // erase the line: the summary follows
  out_.flush();
  on_screen_ = false;
}

}  // namespace clustersim
