#include "sim/checker.h"

#include <fmt/format.h>

namespace clustersim {

ScheduleChecker::ScheduleChecker(const Workload& w, const EngineOptions& options)
    : w_(w),
      options_(options),
      begin_(w.jobs.size(), kNoTime),
      phase_(w.jobs.size(), 0),
      capacity_(w.capacity),
      holds_no_units_(w.mode == TraceMode::kReplay ? DedicatedAccessJobs(w) : std::vector<std::uint8_t>{}) {}

std::int64_t ScheduleChecker::UnitsOf(JobId id) const {
  return !holds_no_units_.empty() && holds_no_units_[id] ? 0 : w_.jobs[id].units;
}

void ScheduleChecker::Fail(std::string message) {
  if (error_.empty()) error_ = "check failed: " + std::move(message);
}

void ScheduleChecker::Advance(SimTime t) {
  // Every time an event carries is inside the documented bounds (model/
  // time.h), and the clock starts at 0 (dr_evt-compat §2.5; the readers
  // skip rows before it): an overflow anywhere would show up here as a
  // wild value, and an event before 0 would run the resource trace back
  // from its baseline row at 0.
  if (t < 0 || t > kMaxSimTime)
    Fail(fmt::format("event time {} s is outside [0, {}] s", ToSeconds(t), ToSeconds(kMaxSimTime)));
  if (last_ != kNoTime) {
    if (t < last_) Fail(fmt::format("time went backwards: {} after {}", t, last_));
    area_ += static_cast<Int128>(used_) * (t - last_);
  }
  last_ = t;
}

void ScheduleChecker::OnStart(JobId id, SimTime t, std::int64_t used) {
  const Job& j = w_.jobs[id];
  Advance(t);
  ++checks_;
  if (t < j.submit) Fail(fmt::format("job {} begins at {} before its submit time {}", j.trace_id, t, j.submit));
  if (j.run_time < 0 || j.time_limit < 0)
    Fail(fmt::format("job {} has a negative duration (run {}, limit {})", j.trace_id, j.run_time, j.time_limit));
  if (w_.mode == TraceMode::kReplay && t != j.begin)
    Fail(fmt::format("job {} begins at {}, the trace says {}", j.trace_id, t, j.begin));
  if (phase_[id] != 0) Fail(fmt::format("job {} started twice", j.trace_id));
  phase_[id] = 1;
  if (used != used_ + UnitsOf(id))
    Fail(fmt::format("START of job {} changed used units by {}, expected {}", j.trace_id, used - used_, UnitsOf(id)));
  // A warm-started job is replayed as it ran before T: like a job running at
  // a reduction, it may hold more than the size in force at T.
  if (w_.mode == TraceMode::kSimulation && id >= w_.warm_running && used > capacity_)
    Fail(fmt::format("at {} {} units in use, more than the {} that exist", t, used, capacity_));
  begin_[id] = t;
  used_ = used;
}

void ScheduleChecker::OnEnd(JobId id, SimTime t, std::int64_t used) {
  const Job& j = w_.jobs[id];
  Advance(t);
  ++checks_;
  if (phase_[id] != 1) {
    Fail(fmt::format("job {} ended without running", j.trace_id));
    return;
  }
  phase_[id] = 2;
  // Replayed and warm-start jobs keep their recorded ends.
  const SimTime duration = w_.mode == TraceMode::kReplay || id < w_.warm_running
                               ? j.run_time
                               : EffectiveDuration(j, options_.overrun);
  if (t < begin_[id]) Fail(fmt::format("job {} ends at {} before it begins at {}", j.trace_id, t, begin_[id]));
  if (!variable_durations_ && t != begin_[id] + duration)
    Fail(fmt::format("job {}: end {} != begin {} + duration {}", j.trace_id, t, begin_[id], duration));
  const std::int64_t held = released_.TakeRemaining(id, UnitsOf(id));
  if (used != used_ - held)
    Fail(fmt::format("END of job {} changed used units by {}, expected -{}", j.trace_id, used - used_, held));
  if (used < 0) Fail(fmt::format("negative units in use ({}) at {}", used, t));
  job_area_ += static_cast<Int128>(held) * (t - begin_[id]);
  used_ = used;
}

void ScheduleChecker::OnPodEnd(JobId id, std::uint32_t pod, SimTime t, std::int64_t used) {
  const Job& j = w_.jobs[id];
  Advance(t);
  ++checks_;
  if (phase_[id] != 1) {
    Fail(fmt::format("pod {} of job {} ended while the job was not running", pod, j.trace_id));
    return;
  }
  const std::int64_t freed = used_ - used;
  const std::int64_t held = UnitsOf(id) - released_.Released(id);
  if (freed <= 0 || freed > held)
    Fail(fmt::format("pod {} of job {} freed {} units; the job held {}", pod, j.trace_id, freed, held));
  released_.Add(id, freed);
  job_area_ += static_cast<Int128>(freed) * (t - begin_[id]);
  used_ = used;
}

void ScheduleChecker::OnWarmStart(SimTime t, std::int64_t capacity) {
  Advance(t);
  if (used_ != 0) Fail(fmt::format("warm start at {} with {} units already in use", t, used_));
  if (capacity < 0 || capacity > w_.capacity)
    Fail(fmt::format("warm start at {} on {} units, outside [0, {}]", t, capacity, w_.capacity));
  capacity_ = capacity;
}

void ScheduleChecker::OnCapacity(SimTime t, std::int64_t capacity, std::int64_t used) {
  Advance(t);
  ++checks_;
  if (used != used_) Fail(fmt::format("capacity change at {} changed used units by {}", t, used - used_));
  if (capacity < 0 || capacity > w_.capacity)
    Fail(fmt::format("capacity changed to {} at {}, outside [0, {}]", capacity, t, w_.capacity));
  capacity_ = capacity;
}

void ScheduleChecker::OnFinish(SimTime) {
  if (options_.max_time != kTimeInfinity) return;  // running jobs may remain
  if (used_ != 0 && !variable_durations_) Fail(fmt::format("{} units still in use at the end", used_));
  // A work-based job can stall for good (a node throttled to zero
  // throughput): it is reported unfinished, not a violation.
  if (!variable_durations_)
    for (std::size_t i = 0; i < phase_.size(); ++i)
      if (phase_[i] == 1) Fail(fmt::format("job {} never ended", w_.jobs[i].trace_id));
  if (area_ != job_area_)
    Fail(fmt::format("node-seconds not conserved: integral of used units {} != sum of job areas {}",
                     static_cast<double>(area_) / kTicksPerSecond,
                     static_cast<double>(job_area_) / kTicksPerSecond));
}

Status ScheduleChecker::status() const {
  return error_.empty() ? Status::Ok() : Status::Error(error_);
}

}  // namespace clustersim
