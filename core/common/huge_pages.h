#pragma once
// Large buffers on transparent huge pages. A fresh 4 KiB page costs a page
// fault when first written; on virtual machines that fault is slow (about
// 10 us measured here, against 0.2 us per 4 KiB of a huge page), so a 10M-line
// read that fills 300 MB of columns would spend most of its time in the
// kernel. Linux with transparent huge pages in "madvise" mode (Debian's
// default) gives them to regions marked with madvise(MADV_HUGEPAGE).
#include <cstddef>

namespace ranklab {

inline constexpr std::size_t kHugePageBytes = std::size_t(2) << 20;

// Allocations from this size on are aligned to a huge page and advised.
inline constexpr std::size_t kHugeAllocationBytes = kHugePageBytes;

// Marks the whole huge pages inside [data, data + bytes) for huge-page
// backing. Only advice: does nothing where the system has no such pages.
void adviseHugePages(void* data, std::size_t bytes) noexcept;

// Memory for `bytes`: from kHugeAllocationBytes on, aligned to a huge page
// and advised; smaller blocks come from operator new as usual. Freed with
// freeLarge and the same size.
void* allocateLarge(std::size_t bytes);
void freeLarge(void* data, std::size_t bytes) noexcept;

// The machine's physical memory (0 if unknown).
std::size_t physicalMemoryBytes() noexcept;

} // namespace ranklab
