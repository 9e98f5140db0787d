#include "model/workload.h"

#include <algorithm>

#include "model/legacy_queue.h"

namespace clustersim {

void SortBySubmit(std::vector<Job>* jobs) {
  if (std::is_sorted(jobs->begin(), jobs->end(),
                     [](const Job& a, const Job& b) { return a.submit < b.submit; }))
    return;
  std::stable_sort(jobs->begin(), jobs->end(),
                   [](const Job& a, const Job& b) { return a.submit < b.submit; });
}

std::vector<std::uint8_t> DedicatedAccessJobs(const Workload& w) {
  if (!w.llnl_history || w.queue_column != "queue") return {};
  std::vector<std::uint8_t> pall(w.queue_names.size(), 0);
  bool any = false;
  for (std::size_t q = 0; q < w.queue_names.size(); ++q) any |= pall[q] = LegacyQueueOf(w.queue_names[q]) == LegacyQueue::kAll;
  if (!any) return {};
  std::vector<std::uint8_t> dat(w.jobs.size(), 0);
  for (std::size_t i = 0; i < w.jobs.size(); ++i) {
    const auto q = static_cast<std::size_t>(w.jobs[i].queue);
    dat[i] = w.jobs[i].queue >= 0 && q < pall.size() && pall[q];
  }
  return dat;
}

void KeepJobRange(Workload* w, std::size_t begin, std::size_t end) {
  const std::size_t n = w->jobs.size();
  end = std::min(end, n);
  begin = std::min(begin, end);
  if (begin == 0 && end == n) return;
  w->jobs = std::vector<Job>(w->jobs.begin() + static_cast<std::ptrdiff_t>(begin),
                             w->jobs.begin() + static_cast<std::ptrdiff_t>(end));
  if (w->work.empty()) return;
  std::vector<WorkJob> work;
  std::vector<Pod> pods;
  for (std::size_t i = begin; i < end; ++i) {
    WorkJob j = w->work[i];
    const std::uint32_t first = static_cast<std::uint32_t>(pods.size());
    for (std::uint32_t p = j.first_pod; p < j.first_pod + j.num_pods; ++p) pods.push_back(std::move(w->pods[p]));
    j.first_pod = first;
    work.push_back(std::move(j));
  }
  w->work = std::move(work);
  w->pods = std::move(pods);
}

}  // namespace clustersim
