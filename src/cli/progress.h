#pragma once
// ProgressMeter: one line on stderr for runs long enough to wonder about,
//   progress: 12,345 of 28,489 jobs, t = 1,234,567 s, 2.1 M events/s, ETA 3 s
// rewritten in place (\r), first shown after about a second of wall time and
// at most four times a second, erased when the run ends. It is cut to the
// terminal's width: a line that wraps leaves a stale row at every rewrite.
// The front end only attaches it when stderr is a terminal and the run is
// not --quiet, so it costs nothing otherwise. Attached, it reads the clock every `stride_`
// events, a stride that doubles (up to 256) while readings come less than
// 50 ms apart and halves when they come more than 250 ms apart: fast runs
// read it rarely (at 10 M events/s, 40,000 readings of ~20 ns a second),
// and a run of few slow events (conservative backfilling on a long queue,
// which slows down as its queue grows) still shows its line within a few
// hundred of them.

#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>

#include "sim/observer.h"

namespace clustersim {

class ProgressMeter final : public EngineObserver {
 public:
  using Clock = std::function<double()>;  // seconds, monotonic
  // The line first appears after `delay_s` seconds of wall time; it is at
  // most `width` - 1 characters.
  ProgressMeter(std::ostream& out, std::int64_t jobs, Clock clock = SteadySeconds, double delay_s = 1.0,
                int width = 80);

  // Erases the line before someone else writes to the terminal (a warning
  // during the run); the next update draws it again.
  void Interrupt();

  void OnStart(JobId, SimTime t, std::int64_t) override { Tick(t); }
  void OnEnd(JobId, SimTime t, std::int64_t) override {
    ++done_;
    Tick(t);
  }
  void OnReject(JobId, SimTime t) override {
    ++done_;
    Tick(t);
  }
  void OnFinish(SimTime) override;

  bool shown() const { return shown_; }
  static double SteadySeconds();

 private:
  void Tick(SimTime t) {
    ++events_;
    if (--until_check_ == 0) Check(t);
  }
  void Check(SimTime t);

  static constexpr std::int64_t kMaxStride = 256;
  std::ostream& out_;
  std::int64_t jobs_;
  Clock clock_;
  double start_, delay_s_, last_print_ = 0, last_check_;
  int width_;
  std::int64_t done_ = 0, events_ = 0, stride_ = 1, until_check_ = 1;
  bool shown_ = false, on_screen_ = false;
};

// Whether stderr is a terminal (progress lines make sense there only).
bool StderrIsTerminal();

// The width of the terminal stderr writes to; 80 when unknown.
int StderrColumns();

// The delay before the first line: CLUSTERSIM_PROGRESS_DELAY (seconds, >= 0)
// if set and valid, else 1 s.
double ProgressDelaySeconds();

}  // namespace clustersim
