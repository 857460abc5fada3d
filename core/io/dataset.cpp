#include "io/dataset.h"

#include <atomic>

namespace ranklab {

std::uint64_t newDatasetIdentity() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

} // namespace ranklab
