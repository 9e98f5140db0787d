#include "model/memory.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace clustersim {

void AdviseHugePages(const void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  if (bytes < 2 * kHuge) return;
  // Only whole 2 MiB pages inside the buffer.
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

void PreferHugePagesForHeap(std::size_t bytes) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  // Keep blocks up to 32 MiB in the brk heap instead of one mmap each, grow
  // the heap by `bytes` at once, and never give it back during the run.
  ::mallopt(M_MMAP_THRESHOLD, 32 << 20);
  ::mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * bytes));
  ::mallopt(M_TOP_PAD, static_cast<int>(bytes));
  // Move the break to a 2 MiB boundary first: malloc then starts its next
  // top chunk there (it supports foreign sbrk calls), so the first buffers of
  // the run begin on a huge page instead of a 4 KiB-paged partial one.
  const auto brk = reinterpret_cast<std::uintptr_t>(::sbrk(0));
  // Strictly above the break even when it is aligned already: the old top
  // chunk must not be able to hold the guard below.
  const auto aligned = (brk | (kHuge - 1)) + 1;
  if (::sbrk(static_cast<intptr_t>(aligned - brk)) == reinterpret_cast<void*>(-1)) return;
  // The first 2 MiB of the new heap hold malloc's own headers, touched
  // before any advice could apply; fill them with a block that is never
  // freed (2 MiB of address space, one page of memory), and advise the rest
  // before anything touches it.
  static void* guard = std::malloc(kHuge - 64);
  if (guard == nullptr) return;
  const auto g = reinterpret_cast<std::uintptr_t>(guard);
  const auto top = reinterpret_cast<std::uintptr_t>(::sbrk(0));
  if (g < aligned || g >= top) return;  // not glibc's brk heap (a sanitizer's allocator, say)
  AdviseHugePages(guard, top - g);
#else
  (void)bytes;
#endif
}

}  // namespace clustersim
