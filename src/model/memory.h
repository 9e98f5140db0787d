#pragma once
// Asks the kernel to back a large buffer with transparent huge pages. First
// touches of fresh memory were the largest single cost in profiles of big
// traces (one page fault per 4 KiB, expensive on virtual machines); 2 MiB
// pages cut them by 512x. A hint only: harmless where unsupported.

#include <cstddef>

namespace clustersim {

void AdviseHugePages(const void* data, std::size_t bytes);

// Grows the malloc heap by `bytes` once and backs it with huge pages, so the
// many medium-sized buffers of a run (job arrays, scheduler state, output
// chunks) cost a handful of 2 MiB faults instead of thousands of 4 KiB ones
// (15 us each on the VMs we measured). Call first thing in main(). glibc only.
void PreferHugePagesForHeap(std::size_t bytes);

template <typename Vector>
void ReserveHuge(Vector* v, std::size_t n) {
  v->reserve(n);
  AdviseHugePages(v->data(), v->capacity() * sizeof(*v->data()));
}

}  // namespace clustersim
