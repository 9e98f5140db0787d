#include "report/tracer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <queue>
#include <tuple>

#include <fmt/format.h>

#include "io/number_parse.h"
#include "io/row_writer.h"
#include "io/time_format.h"
#include "model/legacy_queue.h"

namespace clustersim {

namespace {

constexpr int kSlots = 168;
// dr_evt's span: jobs submitted up to a batch job's longest run (12 h) plus
// three days (a weekend DAT) before the last submit may still end last.
constexpr SimTime kSpanLookBack = (12 * 3600 + 3 * 86400) * kTicksPerSecond;

LegacyQueue QueueOf(const Workload& w, const Job& j) {
  if (w.queue_column != "queue" || j.queue < 0 || static_cast<std::size_t>(j.queue) >= w.queue_names.size())
    return LegacyQueue::kUnknown;
  return LegacyQueueOf(w.queue_names[static_cast<std::size_t>(j.queue)]);
}

// Busy nodes at each submit and the DAT periods, as dr_evt's tracer counts
// them: job i sees the events (of jobs before it) at or before its submit,
// ENDs before STARTs at equal times, then by job index; a zero-length job's
// own END follows its START (dr_evt-compat §14: its END first took the pall
// count to -1, and the next pall job extended a stale period).
void Sweep(const Workload& w, const std::vector<LegacyQueue>& q, const TracerOptions& o, TraceAnalysis* a) {
  const std::size_t n = w.jobs.size();
  a->busy_at_submit.assign(n, 0);
  a->dat.assign(n, 0);
  using Ev = std::tuple<SimTime, int, std::size_t>;  // time, 0 = END / 1 = START / 2 = zero-length END, job
  std::priority_queue<Ev, std::vector<Ev>, std::greater<Ev>> events;
  std::int64_t busy = 0, pall_running = 0;
  bool prev_pall = false;
  DatPeriod open{};
  bool pending = false;  // `open` holds a finished period not yet stored
  auto process = [&](const Ev& e) {
    const auto [t, kind, id] = e;
    const bool pall = q[id] == LegacyQueue::kAll;
    if (!pall) {
      busy += kind == 1 ? w.jobs[id].units : -w.jobs[id].units;
    } else if (kind == 1) {
      // A DAT opens unless one runs or the last event was a pall job's
      // (adjacent pall jobs make one period).
      if (pall_running == 0 && !prev_pall) {
        if (pending && open.end > open.start) a->dat_periods.push_back(open);
        open = {t, t};
        pending = false;
      }
      ++pall_running;
      a->busy_at_submit[id] = o.total_nodes;
      a->dat[id] = 1;
    } else if (--pall_running == 0) {
      open.end = t;
      pending = true;
    }
    prev_pall = pall;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Job& j = w.jobs[i];
    while (!events.empty() && std::get<0>(events.top()) <= j.submit) {
      process(events.top());
      events.pop();
    }
    if (q[i] != LegacyQueue::kAll) {
      a->busy_at_submit[i] = pall_running > 0 ? o.total_nodes : busy;
      a->dat[i] = pall_running > 0;
    }
    events.emplace(j.begin, 1, i);
    events.emplace(j.begin + j.run_time, j.run_time == 0 ? 2 : 0, i);
  }
  for (; !events.empty(); events.pop()) process(events.top());
  if (pending && open.end > open.start) a->dat_periods.push_back(open);
}

// Fraction of [t0, t1) outside every DAT period (sorted, disjoint).
double Outside(const std::vector<DatPeriod>& dats, SimTime t0, SimTime t1) {
  if (t1 <= t0) return 1.0;
  SimTime covered = 0;
  auto it = std::upper_bound(dats.begin(), dats.end(), t0, [](SimTime t, const DatPeriod& d) { return t < d.end; });
  for (; it != dats.end() && it->start < t1; ++it) covered += std::min(t1, it->end) - std::max(t0, it->start);
  return 1.0 - static_cast<double>(covered) / static_cast<double>(t1 - t0);
}

void HoursOfWeek(const Workload& w, const std::vector<LegacyQueue>& q, const LocalClock& clock, TraceAnalysis* a) {
  if (w.jobs.empty()) return;
  const SimTime first = w.jobs.front().submit, last = w.jobs.back().submit;
  std::vector<SimTime> week_starts = {clock.WeekStart(first)};
  while (clock.StartOfHour(week_starts.back(), 7, 0) <= last) week_starts.push_back(clock.StartOfHour(week_starts.back(), 7, 0));
  const std::size_t weeks = week_starts.size();
  a->submissions.assign(weeks, {});
  a->availability.assign(weeks, {});
  std::size_t k = 0;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const SimTime t = w.jobs[i].submit;
    while (k + 1 < weeks && week_starts[k + 1] <= t) ++k;
    if (a->legacy_queues && q[i] != LegacyQueue::kBatch) continue;
    ++a->submissions[k][static_cast<std::size_t>(clock.Weekday(t) * 24 + clock.Hour(t))];
  }
  for (std::size_t wk = 0; wk < weeks; ++wk)
    for (int s = 0; s < kSlots; ++s) {
      const SimTime t0 = clock.StartOfHour(week_starts[wk], s / 24, s % 24);
      const SimTime t1 = clock.StartOfHour(week_starts[wk], (s + 1) / 24, (s + 1) % 24);
      a->availability[wk][static_cast<std::size_t>(s)] = Outside(a->dat_periods, t0, t1);
    }
  // Hours before the first submission's and after the last one's are blocked.
  const int first_slot = clock.Weekday(first) * 24 + clock.Hour(first);
  const int last_slot = clock.Weekday(last) * 24 + clock.Hour(last);
  for (int s = 0; s < first_slot; ++s) a->availability.front()[static_cast<std::size_t>(s)] = 0;
  for (int s = last_slot + 1; s < kSlots; ++s) a->availability.back()[static_cast<std::size_t>(s)] = 0;
}

}  // namespace

TraceAnalysis AnalyseTrace(const Workload& w, const LocalClock& clock, const TracerOptions& o) {
  TraceAnalysis a;
  std::vector<LegacyQueue> q(w.jobs.size());
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    q[i] = QueueOf(w, w.jobs[i]);
    a.legacy_queues |= q[i] != LegacyQueue::kUnknown;
  }
  Sweep(w, q, o, &a);
  if (o.hours_of_week) HoursOfWeek(w, q, clock, &a);
  if (!w.jobs.empty()) {
    const SimTime last_submit = w.jobs.back().submit;
    a.span_begin = w.jobs.front().submit;
    a.span_end = last_submit;
    for (auto it = w.jobs.rbegin(); it != w.jobs.rend() && last_submit - it->submit <= kSpanLookBack; ++it)
      a.span_end = std::max(a.span_end, it->begin + it->run_time);
  }
  return a;
}

std::string TraceQueueName(const Workload& w, const Job& j) {
  if (w.queue_column != "queue") return std::to_string(j.queue);
  if (j.queue < 0 || static_cast<std::size_t>(j.queue) >= w.queue_names.size()) return "";
  const std::string& name = w.queue_names[static_cast<std::size_t>(j.queue)];
  switch (LegacyQueueOf(name)) {
    case LegacyQueue::kBatch: return "pbatch";
    case LegacyQueue::kExempt: return "pexempt";
    case LegacyQueue::kExpedite: return "pexpedite";
    default: return name;
  }
}

std::string PerJobReport(const Workload& w, const TraceAnalysis& a, const LocalClock& clock) {
  std::string out = "no.,num_nodes,begin_time,end_time,submit_time,time_limit,wait_time,exec_time,busy_nodes,queue,DAT\n";
  // One row is about 120 characters; each is written into a fixed buffer,
  // field by hand: a format string per row made the tracer on RICC take
  // 1.45 s instead of 0.79 s (BENCHMARKS.md).
  out.reserve(out.size() + w.jobs.size() * 128);
  // Three calendar times, a time limit, two durations, three integers, the
  // commas before the queue name.
  constexpr std::size_t kRowChars = 3 * LocalClock::kMaxFormattedChars + 3 * kMaxTimeChars + 3 * 20 + 10;
  std::string queue;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    queue = TraceQueueName(w, j);
    char row[kRowChars];
    char* p = row;
    auto put_int = [&p](std::int64_t v) { p = std::to_chars(p, p + 20, v).ptr; };
    put_int(static_cast<std::int64_t>(i + 1));
    *p++ = ',';
    put_int(j.units);
    for (const SimTime t : {j.begin, j.begin + j.run_time, j.submit}) {
      *p++ = ',';
      p = clock.Put(p, t);
    }
    *p++ = ',';
    p = PutTime(p, j.time_limit, TimeFormat::kExact);
    *p++ = ',';
    p = PutFixedMicros(p, j.begin - j.submit);
    *p++ = ',';
    p = PutFixedMicros(p, j.run_time);
    *p++ = ',';
    put_int(a.busy_at_submit[i]);
    *p++ = ',';
    out.append(row, p);
    AppendCsvField(&out, queue);
    out += a.dat[i] ? ",Yes\n" : ",No\n";
  }
  return out;
}

std::string QueueReport(const Workload& w, const TraceAnalysis& a) {
  struct Stats {
    std::int64_t jobs = 0, nodes = 0, dat = 0;
    double node_s = 0, wait_s = 0, max_wait_s = 0, exec_s = 0, busy = 0;
  };
  // Numeric queues (q_id) in numeric order, then names in byte order. Names
  // that read as one number ("10", "010") stay two queues, as -o names them:
  // equal numbers fall back to byte order, never to equivalence.
  struct QueueOrder {
    bool operator()(const std::string& a, const std::string& b) const {
      std::int64_t x = 0, y = 0;
      const bool na = ParseInt(a, &x) == ParseError::kOk, nb = ParseInt(b, &y) == ParseError::kOk;
      if (na != nb) return na;
      if (na && x != y) return x < y;
      return a < b;
    }
  };
  std::map<std::string, Stats, QueueOrder> by_queue;
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const Job& j = w.jobs[i];
    Stats& q = by_queue[TraceQueueName(w, j)];
    const double wait = ToSeconds(j.begin - j.submit), exec = ToSeconds(j.run_time);
    ++q.jobs;
    q.nodes += j.units;
    q.dat += a.dat[i];
    q.node_s += static_cast<double>(j.units) * exec;
    q.wait_s += wait;
    q.max_wait_s = std::max(q.max_wait_s, wait);
    q.exec_s += exec;
    q.busy += static_cast<double>(a.busy_at_submit[i]);
  }
  std::string out = "queue,jobs,node_seconds,mean_nodes,mean_wait,max_wait,mean_exec,mean_busy_nodes,dat_jobs\n";
  for (const auto& [name, q] : by_queue) {
    const double n = static_cast<double>(q.jobs);
    AppendCsvField(&out, name);
    fmt::format_to(std::back_inserter(out), ",{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{}\n", q.jobs,
                   q.node_s, static_cast<double>(q.nodes) / n, q.wait_s / n, q.max_wait_s, q.exec_s / n, q.busy / n,
                   q.dat);
  }
  return out;
}

std::string DatReport(const TraceAnalysis& a, const LocalClock& clock) {
  std::string out;
  for (const DatPeriod& d : a.dat_periods)
    out += "DAT: started at " + clock.Format(d.start) + " until " + clock.Format(d.end) + "\n";
  return out;
}

std::string HourOfWeekReport(const TraceAnalysis& a) {
  std::string out;
  for (std::size_t k = 0; k < a.submissions.size(); ++k)
    for (std::size_t s = 0; s < kSlots; ++s)
      fmt::format_to(std::back_inserter(out), "{}\t{}\t{:.6f}\n", k * kSlots + s, a.submissions[k][s],
                     a.availability[k][s]);
  return out;
}

std::string HourOfWeekSummary(const TraceAnalysis& a, const TracerOptions& o) {
  std::string out = "hr\ttot_sub\tnum_blocked\tmin_sub\tmax_sub\tavg_sub\tstd_sub\tavg_sub_us\tavg_avail\tstd_avail\n";
  const double weeks = static_cast<double>(a.submissions.size());
  for (std::size_t s = 0; s < kSlots; ++s) {
    std::int64_t total = 0, blocked = 0, mn = -1, mx = 0;
    double sum_r = 0, sum_r2 = 0, sum_a = 0;
    for (std::size_t k = 0; k < a.submissions.size(); ++k) {
      const std::int64_t n = a.submissions[k][s];
      const double av = a.availability[k][s];
      total += n;
      sum_a += av;
      if (av <= 0) {
        ++blocked;
        continue;
      }
      mn = mn < 0 ? n : std::min(mn, n);
      mx = std::max(mx, n);
      const double r = static_cast<double>(n) / av;  // submissions scaled to a whole available hour
      sum_r += r, sum_r2 += r * r;
    }
    const double open = weeks - static_cast<double>(blocked);
    const double avg = open > 0 ? sum_r / open : 0, std = open > 0 ? std::sqrt(std::max(0.0, sum_r2 / open - avg * avg)) : 0;
    const double avg_a = weeks > 0 ? sum_a / weeks : 0;
    double var_a = 0;
    for (std::size_t k = 0; k < a.availability.size(); ++k) var_a += std::pow(a.availability[k][s] - avg_a, 2);
    fmt::format_to(std::back_inserter(out), "{}\t{}\t{}\t{}\t{}\t{:.6f}\t{:.6f}\t{:.6f}\t{:.6f}\t{:.6f}\n", s, total,
                   blocked, o.dr_evt_min_sub || mn < 0 ? 0 : mn, mx, avg, std,
                   weeks > 0 ? static_cast<double>(total) / weeks : 0.0, avg_a,
                   weeks > 0 ? std::sqrt(var_a / weeks) : 0.0);
  }
  return out;
}

}  // namespace clustersim
