#pragma once
// Engine: the discrete-event loop. Simulation mode asks a Scheduler; replay
// mode reproduces the trace's begin/end times and never schedules.
//
// Same-time order (simulation), per timestamp t:
//   1. every completion at t, in job-index order;
//   2. every arrival at t, in job-index (submit, file) order; a job larger
//      than the machine is rejected here;
//   3. one scheduling pass (a pass starts as many jobs as the policy allows);
//   4. completions at t created by the pass (zero-length jobs): back to 1.
// A job's own START therefore always precedes its END. This is dr_evt's
// order too (ENDs < STARTs < arrivals, one pass per time with an END or an
// arrival). Other orders come from EngineOptions::timing (sim/event_timing.h):
// --compat pyss follows pyss, Submission < Termination < Start with a
// scheduler run after every event (see StepTimed in engine.cc).
// Replay: events sorted by (time, END before START, job index), except that
// a zero-length job starts and ends between the ENDs and the other STARTs at
// its time (its START right before its END).

#include <cstdint>
#include <vector>

#include "model/capacity.h"
#include "model/diagnostics.h"
#include "model/status.h"
#include "model/workload.h"
#include "sched/policy.h"
#include "sim/event_timing.h"
#include "sim/observer.h"

namespace clustersim {

enum class Overrun : std::uint8_t {
  kClip,   // a job whose run time exceeds its limit is killed at the limit
  kAllow,  // it runs to completion past its limit
};

struct EngineOptions {
  Policy policy;
  EventTiming timing;  // when passes run (the clean default: one per timestamp, ENDs first)
  Overrun overrun = Overrun::kClip;
  SimTime max_time = kTimeInfinity;  // --max_time: stop after this time (inclusive)
  // --capacity_schedule (simulation on a node-count machine): at each
  // change, after the ENDs at its time and before the arrivals, the machine
  // takes its new size; an increase is a scheduling event (a pass runs).
  // Changes are processed only while jobs remain to arrive, wait or run.
  CapacitySchedule capacity_schedule;
};

struct QueueStats {
  double sum_at_submit = 0;   // jobs already waiting, summed over arrivals
  std::int64_t submits = 0;
  double sum_per_pass = 0;    // waiting after each pass, summed over passes
  std::int64_t passes = 0;
  double area = 0;            // ∫ waiting dt, in job-seconds
  SimTime span = 0;           // time the integral covers
  std::int64_t peak = 0;
};

struct RunResult {
  std::vector<JobRun> runs;  // by JobId
  std::int64_t capacity = 0;
  QueueStats queue;
  std::int64_t events = 0;
  std::int64_t oversubscribed_events = 0;  // replay: events with used > capacity
  SimTime end_time = 0;                    // time of the last event processed (work-based runs cut by max_time: max_time)
  // The effective capacity max(scheduled, in use) as steps (before the
  // first: `capacity`), for utilisation: with a capacity schedule, and in a
  // replay whose trace uses more than the machine; else empty.
  std::vector<CapacityChange> effective_capacity;
  bool capacity_scheduled = false;  // a --capacity_schedule changed the size
  // Units freed before their job ended, by gang pods that finished first
  // (Scheduler::PodEnded), one entry per such pod (units may be 0), in time
  // order; the job held them until `time`.
  struct PodRelease {
    JobId job;
    SimTime time;
    std::int64_t units;
  };
  std::vector<PodRelease> pod_releases;
};

class ClusterPool;
class PowerController;
class WorkExecution;

// A run on a cluster of real nodes (seed 002): the per-node pool places the
// jobs, and work-based jobs end when their work does (nullptr: fixed
// durations, as in seed 001); `policy` re-chooses the nodes' power states
// during the run (power policy C; nullptr: they keep theirs). REQUIRES: all
// outlive the run.
struct ClusterRun {
  ClusterPool* pool = nullptr;
  WorkExecution* work = nullptr;
  PowerController* policy = nullptr;
};

// Whether every time the run can reach stays below kMaxSimTime (model/time.h):
// the last submit plus every job's longest duration (run or estimate), as if
// they ran one after another, bounds every start, end and reservation. An
// error names the longest job, usually the bad value.
Status CheckSimulableHorizon(const Workload& w, const EngineOptions& options);

// REQUIRES: w.mode == kSimulation, w.capacity > 0.
RunResult Simulate(const Workload& w, const EngineOptions& options,
                   const std::vector<EngineObserver*>& observers, Diagnostics* diag,
                   const ClusterRun& cluster = {});

// REQUIRES: w.mode == kReplay.
RunResult Replay(const Workload& w, const EngineOptions& options,
                 const std::vector<EngineObserver*>& observers, Diagnostics* diag);

// The duration the engine gives job `j` once started.
inline SimTime EffectiveDuration(const Job& j, Overrun o) {
  return (o == Overrun::kClip && j.run_time > j.time_limit) ? j.time_limit : j.run_time;
}

}  // namespace clustersim
