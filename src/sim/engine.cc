#include "sim/engine.h"

#include <algorithm>

#include <fmt/format.h>

#include "sched/resource_pool.h"
#include "sched/scheduler.h"
#include "sim/event_queue.h"

namespace clustersim {

RunResult Simulate(const Workload& w, const EngineOptions& options,
                   const std::vector<EngineObserver*>& observers, Diagnostics* diag) {
  const std::vector<Job>& jobs = w.jobs;
  RunResult r;
  r.capacity = w.capacity;
  r.runs.resize(jobs.size());
  NodeCountPool pool(w.capacity);
  std::unique_ptr<Scheduler> sched = MakeScheduler(options.policy, jobs, &pool);
  EventQueue events(jobs.size());
  std::vector<JobId> started;
  std::size_t next_arrival = 0;
  SimTime last = kNoTime;
  std::size_t waiting = 0;

  while (true) {
    const SimTime t_end = events.NextTime();
    const SimTime t_arr = next_arrival < jobs.size() ? jobs[next_arrival].submit : kTimeInfinity;
    const SimTime t_dec = sched->NextDecisionTime();
    const SimTime now = std::min({t_end, t_arr, t_dec});
    if (now == kTimeInfinity || now > options.max_time) break;
    if (last != kNoTime) {
      r.queue.area += static_cast<double>(waiting) * ToSeconds(now - last);
      r.queue.span += now - last;
    }
    last = now;
    bool changed = now == t_dec;

    // 1. Completions at `now`.
    while (events.NextTime() == now) {
      SimTime t;
      const JobId id = events.Pop(&t);
      sched->JobEnded(id, now);
      JobRun& run = r.runs[id];
      run.end = now;
      run.state = jobs[id].run_time > jobs[id].time_limit && options.overrun == Overrun::kClip
                      ? JobState::kTimeout
                      : JobState::kCompleted;
      ++r.events;
      for (EngineObserver* o : observers) o->OnEnd(id, now, pool.used());
      changed = true;
    }
    // 2. Arrivals at `now`.
    while (next_arrival < jobs.size() && jobs[next_arrival].submit == now) {
      const JobId id = static_cast<JobId>(next_arrival++);
      const Job& j = jobs[id];
      r.runs[id].busy_at_submit = pool.used();
      if (j.units > pool.capacity()) {
        r.runs[id].state = JobState::kRejected;
        diag->Report(w.name, 0, "oversized_job",
                     fmt::format("Job {} rejected: requests {} nodes, exceeds total_nodes ({}); this job can "
                                 "never be scheduled.",
                                 j.trace_id, j.units, pool.capacity()),
                     Severity::kWarning);
        for (EngineObserver* o : observers) o->OnReject(id, now);
        continue;
      }
      r.queue.sum_at_submit += static_cast<double>(sched->waiting());
      ++r.queue.submits;
      sched->Submit(id, now);
      for (EngineObserver* o : observers) o->OnSubmit(id, now);
      changed = true;
    }
    // 3. One scheduling pass.
    if (changed) {
      started.clear();
      std::int64_t used = pool.used();
      sched->Schedule(now, &started);
      for (JobId id : started) {
        const Job& j = jobs[id];
        JobRun& run = r.runs[id];
        run.begin = now;
        run.state = JobState::kRunning;
        run.backfilled = sched->WasBackfilled(id);
        events.Schedule(id, now + EffectiveDuration(j, options.overrun));
        ++r.events;
        used += j.units;  // observers see each START on its own
        for (EngineObserver* o : observers) o->OnStart(id, now, used);
      }
      waiting = sched->waiting();
      r.queue.sum_per_pass += static_cast<double>(waiting);
      ++r.queue.passes;
      r.queue.peak = std::max<std::int64_t>(r.queue.peak, static_cast<std::int64_t>(waiting));
    }
  }
  r.end_time = last == kNoTime ? 0 : last;
  for (JobRun& run : r.runs)
    if (run.state == JobState::kWaiting || run.state == JobState::kRunning) run.state = JobState::kUnfinished;
  for (EngineObserver* o : observers) o->OnFinish(r.end_time);
  return r;
}

RunResult Replay(const Workload& w, const EngineOptions& options,
                 const std::vector<EngineObserver*>& observers, Diagnostics* diag) {
  const std::vector<Job>& jobs = w.jobs;
  RunResult r;
  r.capacity = w.capacity;
  r.runs.resize(jobs.size());
  // (time, phase, id): phase 0 = END, 1 = START, 2 = END of a zero-length job.
  struct Ev {
    SimTime t;
    std::uint8_t phase;
    JobId id;
  };
  std::vector<Ev> ev;
  ev.reserve(jobs.size() * 2);
  for (JobId id = 0; id < jobs.size(); ++id) {
    const Job& j = jobs[id];
    ev.push_back({j.begin, 1, id});
    ev.push_back({j.begin + j.run_time, static_cast<std::uint8_t>(j.run_time == 0 ? 2 : 0), id});
  }
  std::sort(ev.begin(), ev.end(), [](const Ev& a, const Ev& b) {
    if (a.t != b.t) return a.t < b.t;
    if (a.phase != b.phase) return a.phase < b.phase;
    return a.id < b.id;
  });
  std::int64_t used = 0;
  for (const Ev& e : ev) {
    if (e.t > options.max_time) break;
    JobRun& run = r.runs[e.id];
    if (e.phase == 1) {
      used += jobs[e.id].units;
      run.begin = e.t;
      run.state = JobState::kRunning;
      if (used > w.capacity && w.capacity > 0 && r.oversubscribed_events++ == 0)
        diag->Report(w.name, 0, "oversubscribed",
                     fmt::format("at t={} s the trace uses {} of {} nodes (replay does not clamp)",
                                 ToSeconds(e.t), used, w.capacity),
                     Severity::kWarning);
      for (EngineObserver* o : observers) o->OnStart(e.id, e.t, used);
    } else {
      used -= jobs[e.id].units;
      run.end = e.t;
      run.state = JobState::kCompleted;
      for (EngineObserver* o : observers) o->OnEnd(e.id, e.t, used);
    }
    ++r.events;
    r.end_time = e.t;
  }
  for (JobRun& run : r.runs)
    if (run.state != JobState::kCompleted) run.state = JobState::kUnfinished;
  for (EngineObserver* o : observers) o->OnFinish(r.end_time);
  return r;
}

}  // namespace clustersim
