#pragma once
// RunningSet ("release map"): units held by running jobs, aggregated by
// projected end time (begin + estimate). Walking it in time order gives the
// EASY shadow time; jobs ending at the same time are aggregated by
// construction, which is exactly the shadow-tie rule of classic EASY.

#include <cstdint>
#include <utility>
#include <vector>

#include "model/time.h"

namespace clustersim {

struct Shadow {
  SimTime time = kTimeInfinity;  // when the head can start at the earliest
  std::int64_t extra = 0;        // units still idle at `time` after the head starts
};

class RunningSet {
 public:
  void Add(SimTime projected_end, std::int64_t units);
  void Remove(SimTime projected_end, std::int64_t units);
  bool empty() const { return ends_.empty(); }
  SimTime earliest_end() const { return ends_.empty() ? kTimeInfinity : ends_.front().first; }

  // Classic EASY: walk ends from `free` until `need` units are available.
  // Overrunning jobs (projected end <= now) are taken to end at now + 1 tick.
  Shadow ClassicShadow(SimTime now, std::int64_t free, std::int64_t need) const;
  // dr_evt: ends <= now are ignored; if never enough, the reservation is
  // `now` (which disables backfilling for this pass).
  SimTime DrEvtReservation(SimTime now, std::int64_t free, std::int64_t need) const;
  // dr_evt: the most units the running jobs can ever free for a reservation
  // made at `now`, `free` plus those of the jobs ending after now (a job
  // past its projected end is ignored, as in DrEvtReservation).
  std::int64_t DrEvtReachable(SimTime now, std::int64_t free) const;

 private:
  // Sorted by time, one entry per time. A flat vector, not a std::map: the
  // shadow walk reads it in order, and a new job usually ends after most
  // running ones, so the insertion moves few entries.
  std::vector<std::pair<SimTime, std::int64_t>> ends_;
  std::int64_t units_ = 0;  // over every entry
};

// The running jobs one by one, in projected-end order and, among equal ends,
// in start order: `--shadow-ties first` (schedulers.md §1, §3's gotcha)
// walks them and stops at the first job that makes room for the head,
// leaving out later jobs that end at the same time. Kept only when that knob
// is on (a pass walks up to every running job).
class RunningJobs {
 public:
  void Add(SimTime projected_end, std::uint64_t start_seq, std::int64_t units);
  void Remove(SimTime projected_end, std::uint64_t start_seq);
  // As RunningSet::ClassicShadow, but `extra` counts only the jobs up to the
  // one at which `need` is reached.
  Shadow TruncatedShadow(SimTime now, std::int64_t free, std::int64_t need) const;

 private:
  struct Entry {
    SimTime end;
    std::uint64_t seq;
    std::int64_t units;
  };
  std::vector<Entry> jobs_;  // sorted by (end, seq)
};

}  // namespace clustersim
