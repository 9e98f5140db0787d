#include "model/workload.h"

#include <algorithm>

namespace clustersim {

void SortBySubmit(std::vector<Job>* jobs) {
  if (std::is_sorted(jobs->begin(), jobs->end(),
                     [](const Job& a, const Job& b) { return a.submit < b.submit; }))
    return;
  std::stable_sort(jobs->begin(), jobs->end(),
                   [](const Job& a, const Job& b) { return a.submit < b.submit; });
}

}  // namespace clustersim
