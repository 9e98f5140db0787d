#include "sim/engine.h"

#include <cassert>

#include <algorithm>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "model/memory.h"
#include "sched/cluster_pool.h"
#include "sched/resource_pool.h"
#include "sched/scheduler.h"
#include "sim/event_queue.h"
#include "sim/power_controller.h"
#include "sim/work_execution.h"

namespace clustersim {

namespace {

// Sets the effective capacity (RunResult::effective_capacity) to `units`
// from `t` on; `base` is the capacity before the first step. A second
// change at one time replaces the first.
void RecordEffective(std::vector<CapacityChange>* steps, SimTime t, std::int64_t units, std::int64_t base) {
  if (units == (steps->empty() ? base : steps->back().units)) return;
  if (!steps->empty() && steps->back().time == t)
    steps->back().units = units;
  else
    steps->push_back({t, units});
}

// The policy the scheduler plans with: oracle planning (--plan_with actual)
// sees the run a job will have, cut at its limit when the engine kills it
// there (it planned with the uncut run: a shadow time after the kill).
Policy PlanningPolicy(const EngineOptions& o) {
  Policy p = o.policy;
  p.actual_clipped_at_limit = o.overrun == Overrun::kClip;
  p.submits_before_ends = o.timing.order == EventOrder::kSubmitsFirst;
  return p;
}

// The simulation loop's state and its three primitive steps (end a job,
// admit an arrival, run a scheduling pass); the per-timestamp orders of the
// clean default and of pyss are composed from them.
class SimulationLoop {
 public:
  SimulationLoop(const Workload& w, const EngineOptions& o, const std::vector<EngineObserver*>& obs,
                 Diagnostics* diag, const ClusterRun& cluster)
      : w_(w), jobs_(w.jobs), o_(o), obs_(obs), diag_(diag), count_pool_(w.capacity),
        pool_(cluster.pool != nullptr ? static_cast<ResourcePool*>(cluster.pool) : &count_pool_),
        changes_(o.capacity_schedule),
        counting_(cluster.pool == nullptr),
        work_(cluster.work), policy_(cluster.policy), sched_(MakeScheduler(PlanningPolicy(o), w.jobs, pool_)),
        events_(w.jobs.size()), start_seq_(w.jobs.size(), 0) {
    // Policy C counts waiting performance pods as the engine admits and starts them.
    if (policy_ != nullptr) obs_.insert(obs_.begin(), policy_);
    r_.capacity = pool_->capacity();
    ReserveHuge(&r_.runs, jobs_.size());
    r_.runs.resize(jobs_.size());
  }

  RunResult Run() {
    // The clean default's order has its own step: the fixed-duration fast path.
    const bool timed = !(o_.timing == EventTiming{});
    // StepTimed knows no work model nor policy C: the knobs and pyss are
    // refused with --cluster (cli/options.cc, cli/cluster_setup.cc).
    assert(!timed || (work_ == nullptr && policy_ == nullptr));
    SimTime last = kNoTime;
    bool cut = false;  // by max_time, with events left after it
    // Oversized jobs before the first job that can run and after the last
    // (submitted by T) are rejected between the steps: a rejection is no
    // event, so they move no window (the queue's, the energy's, the end).
    std::string why;
    const auto never = [&](std::size_t i) {
      return jobs_[i].submit <= o_.max_time && !pool_->CanEverFit(static_cast<JobId>(i), jobs_[i], &why);
    };
    for (first_fit_ = w_.warm_running; first_fit_ < jobs_.size() && never(first_fit_);) ++first_fit_;
    for (fit_end_ = jobs_.size(); fit_end_ > first_fit_ && never(fit_end_ - 1);) --fit_end_;
    const SimTime t0 = first_fit_ < jobs_.size() && jobs_[first_fit_].submit <= o_.max_time ? jobs_[first_fit_].submit : 0;
    if (work_ != nullptr) work_->Begin(t0);
    if (policy_ != nullptr) policy_->Begin(t0);
    if (w_.warm_start_time != kNoTime) last = StartWarm();
    while (true) {
      const SimTime t_end = work_ != nullptr ? work_->NextEvent() : events_.NextTime();
      const bool oversized = next_arrival_ < jobs_.size() && (next_arrival_ < first_fit_ || next_arrival_ >= fit_end_);
      const SimTime t_arr = next_arrival_ < jobs_.size() && !oversized ? jobs_[next_arrival_].submit : kTimeInfinity;
      const SimTime t_dec = sched_->NextDecisionTime();
      SimTime now = std::min({t_end, t_arr, t_dec, NextCapacityChange()});
      // The hardware's own events (settling, thermal, cap changes, samples)
      // count only while the workload goes on: jobs to come, or pods on
      // nodes, even pods stalled by a throttle that cooling may lift. A
      // node that settles with its pods stalled has no events left: the run
      // ends there and they stay unfinished.
      if (work_ != nullptr && (now != kTimeInfinity || work_->pods_running() > 0))
        now = std::min(now, work_->NextPowerEvent(now != kTimeInfinity));
      // Policy C reconciles while anything else is to happen, or while jobs
      // wait and a reconcile would change a node (which may place them).
      // Waiting jobs and a cluster a reconcile would keep are a fixed point:
      // the run ends.
      if (policy_ != nullptr && (now != kTimeInfinity || (sched_->waiting() > 0 && policy_->WouldChange())))
        now = std::min(now, policy_->next());
      if (policy_ != nullptr) now = std::min(now, policy_->pass_at());
      if (oversized && jobs_[next_arrival_].submit < now) {
        Arrive(jobs_[next_arrival_].submit);  // rejected, outside any step
        continue;
      }
      if (now == kTimeInfinity) break;
      // The time average spans the jobs' time, from the first arrival (or
      // the warm start): a capacity change before it is an event, not part
      // of the queue's history. At a cut the jobs waiting wait on to T.
      const SimTime to = std::min(now, o_.max_time);
      if (last != kNoTime && (r_.queue.submits > 0 || w_.warm_start_time != kNoTime) && to > last) {
        r_.queue.area += static_cast<double>(sched_->waiting()) * ToSeconds(to - last);
        r_.queue.span += to - last;
      }
      cut = now > o_.max_time;
      if (cut) break;
      last = now;
      if (timed)
        StepTimed(now, now == t_dec);
      else
        StepDefault(now, now == t_dec);
    }
    r_.end_time = last == kNoTime ? 0 : last;
    // A work-based run cut at T (-t) runs its hardware on to T: nothing
    // changes before the next event, which is after T, and energy must not
    // depend on where the last sample or control step happened to fall.
    if (work_ != nullptr && cut && last != kNoTime) r_.end_time = o_.max_time;
    if (work_ != nullptr) work_->Finish(r_.end_time);
    if (policy_ != nullptr) policy_->Finish(r_.end_time);
    for (JobId id = 0; id < r_.runs.size(); ++id) {
      JobRun& run = r_.runs[id];
      if (run.state == JobState::kWaiting || run.state == JobState::kRunning)
        run.state = id >= next_arrival_ ? JobState::kNotSubmitted : JobState::kUnfinished;
    }
    for (EngineObserver* o : obs_) o->OnFinish(r_.end_time);
    return std::move(r_);
  }

 private:
  // Clean default and dr_evt: every completion, every arrival, one pass.
  void StepDefault(SimTime now, bool decision_due) {
    // A reconcile at the previous tick asks for a pass now (tick mode); taken
    // first, whatever else is due, so that it is taken once.
    bool changed = policy_ != nullptr && policy_->TakePassDue(now);
    changed |= decision_due;
    if (work_ != nullptr) {
      finished_.clear();
      pods_ended_.clear();
      work_->Process(now, &finished_, &pods_ended_);
      for (const WorkExecution::PodEnd& p : pods_ended_) EndPod(p.job, p.pod, now);
      for (JobId id : finished_) {
        End(id, now);
        sched_->Terminated(id, now);
      }
      changed |= !finished_.empty() || !pods_ended_.empty();
    } else {
      while (events_.NextTime() == now) {
        SimTime t;
        const JobId id = events_.Pop(&t);
        End(id, now);
        sched_->Terminated(id, now);  // its termination event: ends come first here
        changed = true;
      }
    }
    if (NextCapacityChange() == now) changed |= ChangeCapacity(now, changes_[next_change_++].units);
    while (next_arrival_ < jobs_.size() && jobs_[next_arrival_].submit == now) changed |= Arrive(now);
    if (changed) Pass(now);
    // Policy C after the pass, as Joulie reconciles after placing; a node
    // turned performance may take a waiting performance job at once.
    if (policy_ != nullptr && now == policy_->next() && policy_->Reconcile(now)) {
      sched_->PlacementChanged(now);  // jobs refused before may fit now
      if (policy_->TakePassDue(now)) Pass(now);  // event mode
    }
    if (work_ != nullptr) work_->Settle(now);  // rates of the nodes this step touched
  }

  // Any other event timing (sim/event_timing.h); pyss's is submits-first,
  // a pass per event, free from estimates. A job ending at its projected
  // end is released first under `estimate`; its END still takes its place
  // (and, per event, its pass). At a submission, pyss's EASY runs only if
  // the new job fits (FCFS and conservative always run): with its FCFS head
  // this starts the same jobs as a full pass would.
  void StepTimed(SimTime now, bool decision_due) {
    const EventTiming& tm = o_.timing;
    const bool per_event = tm.per == SchedulePer::kEvent;
    ending_.clear();
    while (events_.NextTime() == now) {
      SimTime t;
      ending_.push_back(events_.Pop(&t));
    }
    if (per_event)  // pyss: termination events in creation (start) order
      std::sort(ending_.begin(), ending_.end(), [&](JobId a, JobId b) { return start_seq_[a] < start_seq_[b]; });
    const Policy plan = PlanningPolicy(o_);
    auto on_time = [&](JobId id) {
      return tm.free_from == FreeFrom::kEstimate && now == r_.runs[id].begin + PlanningEstimate(jobs_[id], plan);
    };
    for (JobId id : ending_)
      if (on_time(id)) End(id, now);
    bool changed = decision_due;
    if (per_event && decision_due) Pass(now);
    auto ends = [&] {
      for (JobId id : ending_) {
        if (!on_time(id)) End(id, now);
        sched_->Terminated(id, now);
        if (per_event) Pass(now);
      }
      changed |= !ending_.empty();
      if (NextCapacityChange() == now && ChangeCapacity(now, changes_[next_change_++].units)) {
        if (per_event) Pass(now);
        changed = true;
      }
    };
    auto arrivals = [&] {
      const bool pyss_easy = o_.policy.compat == Compat::kPyss && o_.policy.backfill == Backfill::kEasy;
      while (next_arrival_ < jobs_.size() && jobs_[next_arrival_].submit == now) {
        const JobId id = static_cast<JobId>(next_arrival_);
        if (!Arrive(now)) continue;
        changed = true;
        if (per_event && (!pyss_easy || jobs_[id].units <= pool_->free())) Pass(now);
      }
    };
    if (tm.order == EventOrder::kEndsFirst) {
      ends();
      arrivals();
    } else {
      arrivals();
      ends();
    }
    if (!per_event && changed) Pass(now);
  }

  // Warm start: the jobs already running at the start time start there,
  // before any arrival or pass, and are never submitted.
  SimTime StartWarm() {
    const SimTime t = w_.warm_start_time;
    // The size in force at t; the history before t is not simulated, so
    // the observers hear of the size, not of a change.
    std::int64_t size = count_pool_.capacity();
    for (; next_change_ < changes_.size() && changes_[next_change_].time <= t; ++next_change_)
      size = changes_[next_change_].units;
    if (size != count_pool_.capacity()) ResizeMachine(t, size);
    for (EngineObserver* o : obs_) o->OnWarmStart(t, size);
    std::int64_t used = Used();
    for (JobId id = 0; id < w_.warm_running; ++id) {
      const Job& j = jobs_[id];
      sched_->Pin(id, t);
      JobRun& run = r_.runs[id];
      run.begin = t;
      run.state = JobState::kRunning;
      start_seq_[id] = next_seq_++;
      events_.Schedule(id, t + j.run_time);  // its recorded end, even past its limit
      ++r_.events;
      ++running_;
      used += j.units;
      for (EngineObserver* o : obs_) o->OnStart(id, t, used);
    }
    next_arrival_ = w_.warm_running;
    return t;
  }

  // The next capacity change, while jobs remain to arrive (oversized ones aside), wait or run.
  SimTime NextCapacityChange() const {
    if (next_change_ >= changes_.size()) return kTimeInfinity;
    const bool live = next_arrival_ < fit_end_ || sched_->waiting() > 0 || running_ > 0;
    return live ? changes_[next_change_].time : kTimeInfinity;
  }

  // Resizes the machine; true if it grew (a scheduling event).
  bool ChangeCapacity(SimTime now, std::int64_t units) {
    const std::int64_t delta = ResizeMachine(now, units);
    for (EngineObserver* o : obs_) o->OnCapacity(now, units, Used());
    return delta > 0;
  }

  // The resize itself, for the scheduler and utilisation: the change in units.
  std::int64_t ResizeMachine(SimTime now, std::int64_t units) {
    const std::int64_t delta = units - count_pool_.capacity();
    count_pool_.SetCapacity(units);
    sched_->CapacityChanged(now, delta);
    if (delta != 0) r_.capacity_scheduled = true;  // a schedule that keeps the size changes no metric
    RecordEffectiveCapacity(now);
    return delta;
  }

  // Utilisation's denominator under a schedule: while running jobs drain
  // after a reduction, the machine still holds them, so the capacity that
  // counts is max(scheduled, in use).
  void RecordEffectiveCapacity(SimTime now) {
    RecordEffective(&r_.effective_capacity, now, std::max(count_pool_.capacity(), Used()), count_pool_.limit());
  }

  void End(JobId id, SimTime now) {
    sched_->JobEnded(id, now);
    if (!changes_.empty()) RecordEffectiveCapacity(now);
    JobRun& run = r_.runs[id];
    run.end = now;
    const bool killed = work_ != nullptr ? work_->killed_at_limit(id)
                                         : jobs_[id].run_time > jobs_[id].time_limit && o_.overrun == Overrun::kClip &&
                                               id >= w_.warm_running;  // history is never killed
    run.state = killed ? JobState::kTimeout : JobState::kCompleted;
    ++r_.events;
    --running_;
    for (EngineObserver* o : obs_) o->OnEnd(id, now, Used());
  }

  // A gang pod finished before its siblings: its resources are free now.
  void EndPod(JobId id, std::uint32_t pod, SimTime now) {
    const std::int64_t used = Used();
    sched_->PodEnded(id, pod, now);
    const std::int64_t units = used - Used();
    r_.pod_releases.push_back({id, now, units});
    for (EngineObserver* o : obs_) o->OnPodEnd(id, pod, now, Used());
  }

  // Admits the next arrival; false if it was rejected as oversized.
  bool Arrive(SimTime now) {
    const JobId id = static_cast<JobId>(next_arrival_++);
    const Job& j = jobs_[id];
    r_.runs[id].busy_at_submit = Used();
    // The counting pool's test inline (the fast path of seed 001).
    std::string why;
    if (counting_ ? j.units > count_pool_.limit() && !count_pool_.CanEverFit(id, j, &why)
                  : !pool_->CanEverFit(id, j, &why)) {
      r_.runs[id].state = JobState::kRejected;
      diag_->Report(w_.name, 0, "oversized_job",
                    fmt::format("Job {} rejected: {}; this job can never be scheduled.",
                                w_.work_based() && !w_.pods.empty() ? w_.pods[w_.work[id].first_pod].name
                                                                   : std::to_string(j.trace_id),
                                why),
                    Severity::kWarning);
      for (EngineObserver* o : obs_) o->OnReject(id, now);
      return false;
    }
    r_.queue.sum_at_submit += static_cast<double>(sched_->waiting());
    ++r_.queue.submits;
    sched_->Submit(id, now);
    for (EngineObserver* o : obs_) o->OnSubmit(id, now);
    return true;
  }

  void Pass(SimTime now) {
    started_.clear();
    std::int64_t used = Used();
    sched_->Schedule(now, &started_);
    for (JobId id : started_) {
      const Job& j = jobs_[id];
      JobRun& run = r_.runs[id];
      run.begin = now;
      run.state = JobState::kRunning;
      run.backfilled = sched_->WasBackfilled(id);
      start_seq_[id] = next_seq_++;
      if (work_ != nullptr)
        work_->Start(id, now);
      else
        events_.Schedule(id, now + EffectiveDuration(j, o_.overrun));
      ++r_.events;
      ++running_;
      used += j.units;  // observers see each START on its own
      for (EngineObserver* o : obs_) o->OnStart(id, now, used);
    }
    const std::size_t waiting = sched_->waiting();
    r_.queue.sum_per_pass += static_cast<double>(waiting);
    ++r_.queue.passes;
    r_.queue.peak = std::max<std::int64_t>(r_.queue.peak, static_cast<std::int64_t>(waiting));
  }

  const Workload& w_;
  const std::vector<Job>& jobs_;
  const EngineOptions& o_;
  std::vector<EngineObserver*> obs_;
  Diagnostics* diag_;
  // Units in use (the counting pool directly: no virtual call on seed 001's hot path).
  std::int64_t Used() const { return counting_ ? count_pool_.used() : pool_->used(); }

  NodeCountPool count_pool_;
  ResourcePool* pool_;      // count_pool_, or the cluster's per-node pool
  const CapacitySchedule& changes_;  // node-count pool only
  std::size_t next_change_ = 0;
  bool counting_;
  WorkExecution* work_;     // work-based jobs, or nullptr
  PowerController* policy_;  // power policy C, or nullptr
  std::unique_ptr<Scheduler> sched_;
  EventQueue events_;
  RunResult r_;
  std::vector<JobId> started_, finished_, ending_;
  std::vector<WorkExecution::PodEnd> pods_ended_;
  std::vector<std::uint64_t> start_seq_;  // creation order of termination events (per-event passes)
  std::uint64_t next_seq_ = 0;
  std::size_t next_arrival_ = 0, first_fit_ = 0, fit_end_ = 0;  // arrivals outside [first_fit_, fit_end_): oversized
  std::int64_t running_ = 0;  // jobs started and not ended (a 0-unit job holds no unit, yet runs)
};

}  // namespace

Status CheckSimulableHorizon(const Workload& w, const EngineOptions& options) {
  if (w.mode != TraceMode::kSimulation || w.jobs.empty()) return Status::Ok();
  // Each term is below kMaxInputTime (1e18 ticks), so the sum of a few
  // million of them fits an __int128 with room to spare. A job's longest
  // time is its run or its limit (a clipped run is shorter than both).
  __extension__ __int128 total = 0;
  SimTime last_submit = kNoTime;
  for (const Job& j : w.jobs) {
    total += std::max(j.run_time, j.time_limit);
    last_submit = std::max(last_submit, j.submit);
  }
  if (last_submit + total <= kMaxSimTime) return Status::Ok();
  std::size_t longest = 0;
  for (std::size_t i = 1; i < w.jobs.size(); ++i)
    if (std::max(w.jobs[i].run_time, w.jobs[i].time_limit) >
        std::max(w.jobs[longest].run_time, w.jobs[longest].time_limit))
      longest = i;
  (void)options;
  return Status::Error(fmt::format(
      "{}: horizon_exceeded: the jobs run one after another would end past the simulable horizon of {:.0f} s "
      "(about 146,000 years); the longest job is {} with {} s",
      w.name, ToSeconds(kMaxSimTime), w.jobs[longest].trace_id,
      ToSeconds(std::max(w.jobs[longest].run_time, w.jobs[longest].time_limit))));
}

RunResult Simulate(const Workload& w, const EngineOptions& options,
                   const std::vector<EngineObserver*>& observers, Diagnostics* diag, const ClusterRun& cluster) {
  return SimulationLoop(w, options, observers, diag, cluster).Run();
}

namespace {

// Replay has no scheduler; its queue is the jobs between their submit and
// their recorded begin, sampled as a simulation's is: at each arrival (jobs
// earlier in file order not begun by then), after each instant at which
// anything happens (the "pass": a submit, start or end), and as a time
// average between the first and last instant. Jobs are in submit order and
// begin >= submit (an input rule).
QueueStats ReplayQueue(const std::vector<Job>& jobs, const std::vector<SimTime>& begins,
                       const std::vector<SimTime>& event_times, SimTime max_time) {
  QueueStats q;
  // Every instant at which anything happens: the events' times (sorted by
  // the replay) merged with the submits (sorted: jobs are in submit order).
  std::vector<SimTime> instants;
  instants.reserve(event_times.size() + jobs.size());
  std::size_t e = 0;
  for (const Job& j : jobs) {
    for (; e < event_times.size() && event_times[e] < j.submit; ++e) instants.push_back(event_times[e]);
    instants.push_back(j.submit);
  }
  instants.insert(instants.end(), event_times.begin() + static_cast<std::ptrdiff_t>(e), event_times.end());
  instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
  // Cut by --max_time: the time average runs on to T (as a simulation's).
  const bool cut = !instants.empty() && instants.back() > max_time;
  while (!instants.empty() && instants.back() > max_time) instants.pop_back();
  // Arrivals: for job i submitted at t, the jobs before it are all
  // submitted by t, and those begun by t are every begin <= t except the
  // jobs from i on that start at their own submit t.
  std::size_t b = 0;
  for (std::size_t k = 0; k < jobs.size();) {
    const SimTime t = jobs[k].submit;
    if (t > max_time) break;
    std::size_t g = k;
    while (g < jobs.size() && jobs[g].submit == t) ++g;
    while (b < begins.size() && begins[b] <= t) ++b;
    const auto first = jobs.begin() + static_cast<std::ptrdiff_t>(k), last = jobs.begin() + static_cast<std::ptrdiff_t>(g);
    // jobs of [i, g) that begin at t
    std::size_t begin_at_t = static_cast<std::size_t>(std::count_if(first, last, [t](const Job& j) { return j.begin == t; }));
    std::size_t i = k;
    for (auto it = first; it != last; ++it, ++i) {
      q.sum_at_submit += static_cast<double>(i + begin_at_t) - static_cast<double>(b);
      ++q.submits;
      if (it->begin == t) --begin_at_t;
    }
    k = g;
  }
  std::size_t s = 0;
  b = 0;
  for (std::size_t i = 0; i < instants.size(); ++i) {
    const SimTime t = instants[i];
    while (s < jobs.size() && jobs[s].submit <= t) ++s;
    while (b < begins.size() && begins[b] <= t) ++b;
    const std::int64_t waiting = static_cast<std::int64_t>(s) - static_cast<std::int64_t>(b);
    q.sum_per_pass += static_cast<double>(waiting);
    ++q.passes;
    q.peak = std::max(q.peak, waiting);
    const SimTime next = i + 1 < instants.size() ? instants[i + 1] : cut ? max_time : t;
    q.area += static_cast<double>(waiting) * ToSeconds(next - t);
    q.span += next - t;
  }
  return q;
}

}  // namespace

RunResult Replay(const Workload& w, const EngineOptions& options,
                 const std::vector<EngineObserver*>& observers, Diagnostics* diag) {
  const std::vector<Job>& jobs = w.jobs;
  RunResult r;
  r.capacity = w.capacity;
  r.runs.resize(jobs.size());
  // (time, phase, id, START before END): phase 0 = END, 1 = a zero-length
  // job's START and END, 2 = START. A zero-length job holds its units for no
  // time at all, so it starts and ends before the other STARTs at its time:
  // a scheduler may have given the same units to a job it started right after
  // (that is how a simulation's schedule reads), and replay must not show
  // them in use twice.
  struct Ev {  // 16 bytes: about a million of them are sorted for RICC
    SimTime t;
    std::uint8_t phase;
    bool end;
    JobId id;
  };
  std::vector<Ev> ev;
  ev.reserve(jobs.size() * 2);
  for (JobId id = 0; id < jobs.size(); ++id) {
    const Job& j = jobs[id];
    const bool instant = j.run_time == 0;
    ev.push_back({j.begin, static_cast<std::uint8_t>(instant ? 1 : 2), false, id});
    ev.push_back({j.begin + j.run_time, static_cast<std::uint8_t>(instant ? 1 : 0), true, id});
  }
  std::sort(ev.begin(), ev.end(), [](const Ev& a, const Ev& b) {
    if (a.t != b.t) return a.t < b.t;
    if (a.phase != b.phase) return a.phase < b.phase;
    if (a.id != b.id) return a.id < b.id;
    return a.end < b.end;
  });
  const std::vector<std::uint8_t> dat = DedicatedAccessJobs(w);
  for (JobId id = 0; id < dat.size(); ++id) r.runs[id].holds_no_units = dat[id] != 0;
  auto units_of = [&](JobId id) -> std::int64_t { return r.runs[id].holds_no_units ? 0 : jobs[id].units; };
  std::int64_t used = 0, dats = 0;  // dats: pall jobs running
  // The machine counts max(capacity, in use) while the trace uses more than
  // it has (utilisation.capacity_weighted).
  auto record_effective = [&](SimTime t) {
    RecordEffective(&r.effective_capacity, t, std::max(w.capacity, used), w.capacity);
  };
  // Jobs are in submit order: walk submits alongside the events to record
  // the units in use when each job arrived, as dr_evt's tracer counts
  // them: a job submitted at t sees every END at t and the STARTs at t of
  // the jobs before it in submit order, not its own (nor later ones'); and
  // during a DAT, and for a pall job itself, the whole machine.
  std::size_t next_submit = 0;
  std::pair<SimTime, std::int64_t> first_over{0, 0};  // the first START past capacity, and the units then in use
  auto record_submit = [&](JobId id) {
    r.runs[id].busy_at_submit = dats > 0 || r.runs[id].holds_no_units ? w.capacity : used;
  };
  auto record_submits_before = [&](SimTime t) {
    for (; next_submit < jobs.size() && jobs[next_submit].submit < t; ++next_submit) record_submit(next_submit);
  };
  for (const Ev& e : ev) {
    if (e.t > options.max_time) break;
    record_submits_before(e.t);
    if (e.phase != 0)  // a START (or a zero-length job) at t: jobs up to it, submitted at t, arrived before it
      for (; next_submit < jobs.size() && next_submit <= e.id && jobs[next_submit].submit == e.t; ++next_submit)
        record_submit(next_submit);
    JobRun& run = r.runs[e.id];
    if (!e.end) {
      used += units_of(e.id);
      dats += run.holds_no_units;
      run.begin = e.t;
      run.state = JobState::kRunning;
      if (used > w.capacity && w.capacity > 0 && r.oversubscribed_events++ == 0)
        first_over = {e.t, used};
      if (w.capacity > 0 && used > w.capacity) record_effective(e.t);
      for (EngineObserver* o : observers) o->OnStart(e.id, e.t, used);
    } else {
      used -= units_of(e.id);
      dats -= run.holds_no_units;
      if (!r.effective_capacity.empty()) record_effective(e.t);
      run.end = e.t;
      run.state = JobState::kCompleted;
      for (EngineObserver* o : observers) o->OnEnd(e.id, e.t, used);
    }
    ++r.events;
    r.end_time = e.t;
  }
  record_submits_before(kTimeInfinity);
  // One message, from the first such START; the count is of every START
  // that went past capacity.
  if (r.oversubscribed_events > 0)
    diag->ReportRecords(w.name, "oversubscribed", r.oversubscribed_events,
                        fmt::format("at t={} s the trace uses {} of {} {} (replay does not clamp); {} in all "
                                    "went past the capacity",
                                    ToSeconds(first_over.first), first_over.second, w.capacity, w.unit_name,
                                    CountOf(r.oversubscribed_events, "start")),
                        Severity::kWarning);
  std::vector<SimTime> begins, event_times;
  begins.reserve(jobs.size());
  event_times.reserve(ev.size());
  for (const Ev& e : ev) {
    if (!e.end) begins.push_back(e.t);
    if (event_times.empty() || event_times.back() != e.t) event_times.push_back(e.t);
  }
  r.queue = ReplayQueue(jobs, begins, event_times, options.max_time);
  for (JobRun& run : r.runs)
    if (run.state != JobState::kCompleted) run.state = JobState::kUnfinished;
  for (std::size_t i = 0; i < jobs.size(); ++i)
    if (jobs[i].submit > options.max_time) r.runs[i].state = JobState::kNotSubmitted;
  for (EngineObserver* o : observers) o->OnFinish(r.end_time);
  return r;
}

}  // namespace clustersim
