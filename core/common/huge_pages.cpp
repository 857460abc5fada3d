#include "common/huge_pages.h"

#include <cstdint>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace ranklab {

void adviseHugePages(void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    const std::uintptr_t last = (begin + bytes) & ~(kHugePageBytes - 1);
    if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

void* allocateLarge(std::size_t bytes) {
    if (bytes < kHugeAllocationBytes) return ::operator new(bytes);
    void* data = ::operator new(bytes, std::align_val_t(kHugePageBytes));
    adviseHugePages(data, bytes);
    return data;
}

void freeLarge(void* data, std::size_t bytes) noexcept {
    if (bytes < kHugeAllocationBytes) ::operator delete(data, bytes);
    else ::operator delete(data, bytes, std::align_val_t(kHugePageBytes));
}

std::size_t physicalMemoryBytes() noexcept {
#if defined(__linux__)
    const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0) return static_cast<std::size_t>(pages) * static_cast<std::size_t>(size);
#endif
    return 0;
}

} // namespace ranklab
