#include "sim/rl_window.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sim/gym_seeding.h"

namespace clustersim {
namespace {

double NotNan(double key) { return std::isnan(key) ? std::numeric_limits<double>::infinity() : key; }

// RLScheduler's keys, ascending; WFP3 and UNICEP with its wait = -1 - s quirk.
// Keys, shadows and utilisation count processors (ProcsOf: a CSV job's
// units; its procs 0 made every WFP3 key 0 and the utilisation 0).
std::pair<double, double> RlKey(Ordering o, const Job& j, std::int64_t procs) {
  const double s = ToSeconds(j.submit), r = ToSeconds(j.time_limit), n = static_cast<double>(procs);
  switch (o) {
    case Ordering::kFcfs: return {s, 0};
    case Ordering::kSjf: return {r, s};
    case Ordering::kLjf: return {-r, s};
    case Ordering::kWfp3: return {std::pow((1 + s) / r, 3) * n, 0};
    case Ordering::kUnicep: return {(1 + s - 1e-15) / (std::log2(n + 1e-15) * r), 0};
    case Ordering::kF1: {
      const double rr = r <= 0 ? 0.1 : r, ss = s <= 0 ? 0.1 : s;
      return {std::log10(rr) * n + 870 * std::log10(ss), 0};
    }
    // No guards (schedulers.md §7); a negative submit's NaN sorts last.
    case Ordering::kF2: return {NotNan(std::sqrt(r) * n + 25600 * std::log10(s)), 0};
    case Ordering::kF3: return {NotNan(r * n + 6860000 * std::log10(s)), 0};
    case Ordering::kF4: return {NotNan(r * std::sqrt(n) + 530000 * std::log10(s)), 0};
    case Ordering::kSmallest: return {n, s};  // RLScheduler's smallest_score: (processors, submit)
    case Ordering::kLargest:
    case Ordering::kSaf: break;  // not RLScheduler's: refused (cli/options.cc)
  }
  return {s, 0};
}

struct Running {
  JobId id;
  SimTime start;
};

class Window {
 public:
  Window(const Workload& w, std::size_t start, const RlWindowOptions& o)
      : jobs_(w.jobs), o_(o), free_(w.capacity), capacity_(w.capacity), next_(start),
        end_(std::min(w.jobs.size(), start + static_cast<std::size_t>(o.window_size))) {
    result_.start = static_cast<std::int64_t>(start);
    // Keys do not change with time: computed once, not per comparison (a
    // pow or a log each).
    key_.reserve(end_ - start);
    for (std::size_t id = start; id < end_; ++id)
      key_.push_back(RlKey(o_.ordering, jobs_[id], ProcsOf(jobs_[id], o_.procs_per_node)));
    now_ = jobs_[start].submit;
    first_submit_ = now_;
  }

  RlWindow Run() {
    Arrive();
    while (true) {
      if (queue_.empty()) {
        if (next_ >= end_) break;
        while (queue_.empty() && Step()) {
        }
        continue;
      }
      std::stable_sort(queue_.begin(), queue_.end(), [&](JobId a, JobId b) { return Key(a) < Key(b); });
      const JobId head = queue_.front();
      if (!Fits(head)) {
        if (!o_.backfill) {
          while (!Fits(head) && Step()) {
          }
        } else {
          const SimTime shadow = Shadow(head);
          while (!Fits(head)) {
            Backfill(head, shadow);
            if (!Step()) break;
          }
        }
      }
      Start(head);
    }
    const double L = static_cast<double>(o_.window_size);
    result_.bsld = sum_bsld_ / L;
    const double span = ToSeconds(last_start_ - first_submit_);
    if (span > 0 && o_.max_procs > 0) result_.utilisation = sum_rp_ / (span * static_cast<double>(o_.max_procs));
    return result_;
  }

 private:
  bool Fits(JobId id) const { return jobs_[id].units <= free_; }
  const std::pair<double, double>& Key(JobId id) const { return key_[id - static_cast<JobId>(result_.start)]; }

  void Arrive() {
    const JobId id = static_cast<JobId>(next_++);
    if (jobs_[id].units > capacity_) {
      ++result_.rejected;  // would never fit: RLScheduler would wait forever
      return;
    }
    queue_.push_back(id);
  }

  // One event: the next arrival if it comes no later than the earliest
  // actual end (arrivals win ties), else that end. False if none is left.
  bool Step() {
    std::size_t first = running_.size();
    SimTime r_end = kTimeInfinity;
    for (std::size_t i = 0; i < running_.size(); ++i) {
      const SimTime e = running_[i].start + jobs_[running_[i].id].run_time;
      if (e < r_end) r_end = e, first = i;
    }
    if (next_ < end_ && jobs_[next_].submit <= r_end) {
      now_ = std::max(now_, jobs_[next_].submit);
      Arrive();
      return true;
    }
    if (first == running_.size()) return false;
    now_ = std::max(now_, r_end);
    free_ += jobs_[running_[first].id].units;
    running_.erase(running_.begin() + static_cast<std::ptrdiff_t>(first));
    return true;
  }

  // Computed once per blocked head, in processors, from estimated ends.
  SimTime Shadow(JobId head) const {
    std::vector<Running> r = running_;
    std::stable_sort(r.begin(), r.end(), [&](const Running& a, const Running& b) {
      return a.start + jobs_[a.id].time_limit < b.start + jobs_[b.id].time_limit;
    });
    std::int64_t acc = free_ * o_.procs_per_node;
    SimTime shadow = now_;
    for (const Running& x : r) {
      acc += jobs_[x.id].units * o_.procs_per_node;
      shadow = x.start + jobs_[x.id].time_limit;
      if (acc >= ProcsOf(jobs_[head], o_.procs_per_node)) break;
    }
    return shadow;
  }

  void Backfill(JobId head, SimTime shadow) {
    std::vector<JobId> fcfs = queue_;
    std::stable_sort(fcfs.begin(), fcfs.end(), [&](JobId a, JobId b) { return jobs_[a].submit < jobs_[b].submit; });
    for (JobId k : fcfs)
      if (k != head && now_ + jobs_[k].time_limit < shadow && Fits(k)) Start(k);
  }

  void Start(JobId id) {
    const Job& j = jobs_[id];
    queue_.erase(std::find(queue_.begin(), queue_.end(), id));
    free_ -= j.units;
    running_.push_back({id, now_});
    result_.starts.push_back({id, now_});
    const double r = ToSeconds(j.run_time), wait = ToSeconds(now_ - j.submit);
    sum_bsld_ += BoundedSlowdown(wait + r, r, 10.0);
    sum_rp_ += r * static_cast<double>(ProcsOf(j, o_.procs_per_node));
    last_start_ = now_;
  }

  const std::vector<Job>& jobs_;
  const RlWindowOptions& o_;
  std::int64_t free_, capacity_;
  std::size_t next_, end_;
  SimTime now_ = 0, first_submit_ = 0, last_start_ = 0;
  std::vector<JobId> queue_;
  std::vector<std::pair<double, double>> key_;  // RlKey of the window's jobs, from its start
  std::vector<Running> running_;
  double sum_bsld_ = 0, sum_rp_ = 0;
  RlWindow result_;
};

}  // namespace

bool SortInJobNumberOrder(Workload* w) {
  const auto by_number = [](const Job& a, const Job& b) { return a.trace_id < b.trace_id; };
  if (std::is_sorted(w->jobs.begin(), w->jobs.end(), by_number)) return false;
  std::stable_sort(w->jobs.begin(), w->jobs.end(), by_number);
  return true;
}

RlWindow RunRlWindow(const Workload& w, std::size_t start, const RlWindowOptions& o) {
  return Window(w, start, o).Run();
}

RlEvaluation EvaluateRlWindows(const Workload& w, const RlWindowOptions& o) {
  RlEvaluation e;
  const std::int64_t n = static_cast<std::int64_t>(w.jobs.size());
  const std::int64_t limit = o.job_slice > 0 ? std::min(o.job_slice, n) : n;
  for (std::int64_t s : RlSchedulerWindowStarts(o.seed, o.window_size, limit, o.windows)) {
    e.windows.push_back(RunRlWindow(w, static_cast<std::size_t>(s), o));
    e.mean_bsld += e.windows.back().bsld;
    e.mean_utilisation += e.windows.back().utilisation;
  }
  if (!e.windows.empty()) {
    e.mean_bsld /= static_cast<double>(e.windows.size());
    e.mean_utilisation /= static_cast<double>(e.windows.size());
  }
  return e;
}

}  // namespace clustersim
