#include "cli/progress.h"

#include <unistd.h>

#include <cstdlib>

#include <fmt/format.h>
#include <fmt/ostream.h>

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

double ProgressDelaySeconds() {
  const char* v = std::getenv("CLUSTERSIM_PROGRESS_DELAY");
  if (v == nullptr) return 1.0;
  char* end = nullptr;
  const double d = std::strtod(v, &end);
  return end != v && *end == '\0' && d >= 0 && d < 1e9 ? d : 1.0;
}

ProgressMeter::ProgressMeter(std::ostream& out, std::int64_t jobs, Clock clock, double delay_s)
    : out_(out), jobs_(jobs), clock_(std::move(clock)), start_(clock_()), delay_s_(delay_s), last_check_(start_) {}

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
  fmt::print(out_, "\r  progress: {} of {} jobs done, t = {} s, {} events/s, ETA {}\033[K", Grouped(done_),
             Grouped(jobs_), Grouped(static_cast<std::int64_t>(ToSeconds(t))), per_s, eta);
  out_.flush();
  shown_ = true;
}

void ProgressMeter::OnFinish(SimTime) {
  if (!shown_) return;
  out_ << "\r\033[K";  // erase the line: the summary follows
  out_.flush();
}

}  // namespace clustersim
