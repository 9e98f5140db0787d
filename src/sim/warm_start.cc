#include "sim/warm_start.h"

#include <algorithm>

namespace clustersim {

Result<WarmStart> ApplyWarmStart(SimTime t, Workload* w) {
  if (w->mode != TraceMode::kReplay)
    return Status::Error(w->name + ": --sim_start_time needs a replay-format trace (CSV: begin_time and end_time "
                                   "or a duration; SWF: wait time): its recorded starts rebuild the machine at T");
  WarmStart ws;
  std::vector<Job> running, later;
  for (const Job& j : w->jobs) {
    const SimTime end = j.begin + j.run_time;
    if (j.begin < t) {
      if (end <= t) {
        ++ws.finished;
        continue;
      }
      // Runs from T to its recorded END, whatever --overrun says (this is
      // history; dr_evt never kills). Planned, as every running job, to
      // begin + limit (dr_evt-compat §5): one already past its limit at T
      // has none left and counts as overrunning (§14; schedulers.md §1) —
      // the scheduler does not know its END in advance.
      Job h = j;
      h.run_time = end - t;
      h.time_limit = std::max<SimTime>(j.begin + j.time_limit - t, 0);
      h.begin = kNoTime;
      running.push_back(h);
    } else if (j.submit < t) {
      ++ws.excluded;
    } else {
      Job k = j;
      k.begin = kNoTime;
      later.push_back(k);
    }
  }
  if (w->work_based()) return Status::Error(w->name + ": --sim_start_time applies to fixed-duration traces");
  ws.running = running.size();
  running.insert(running.end(), later.begin(), later.end());
  w->jobs = std::move(running);
  w->mode = TraceMode::kSimulation;
  w->has_run_time = true;
  w->warm_running = ws.running;
  w->warm_start_time = t;
  return ws;
}

void DropWarmStartJobs(std::size_t running, Workload* w, RunResult* r) {
  if (running == 0) return;
  KeepJobRange(w, running, w->jobs.size());
  w->warm_running = 0;
  r->runs.erase(r->runs.begin(), r->runs.begin() + static_cast<std::ptrdiff_t>(running));
}

}  // namespace clustersim
