// keepFreedMemoryInProcess: freed blocks stay in the process. Also applies it
// to this whole test executable, as the programs do in main() (the core
// tests' main() is GoogleTest's).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "common/allocator_tuning.h"

namespace {
const bool kTuned = (ranklab::keepFreedMemoryInProcess(), true);
} // namespace

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RANKLAB_SANITIZED_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RANKLAB_SANITIZED_MALLOC 1
#endif
#endif

TEST(AllocatorTuningTest, AFreedBlockStaysInTheProcess) {
#if defined(RANKLAB_SANITIZED_MALLOC)
    GTEST_SKIP() << "a sanitizer replaces malloc: glibc's mallopt and mallinfo2 do not describe its heap";
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    ASSERT_TRUE(kTuned);
    // 4 MiB: by default glibc would map it on its own and unmap it on free.
    const std::size_t bytes = std::size_t(4) << 20;
    auto* block = static_cast<char*>(std::malloc(bytes));
    ASSERT_NE(block, nullptr);
    std::memset(block, 1, bytes);
    const std::size_t mappedBefore = mallinfo2().hblkhd;
    std::free(block);
    // From the heap, not a mapping of its own; and once freed, still there:
    // the heap's releasable top keeps at least the block.
    EXPECT_EQ(mallinfo2().hblkhd, mappedBefore);
    EXPECT_GE(mallinfo2().keepcost, bytes);
#else
    GTEST_SKIP() << "not glibc 2.33 or later";
#endif
}
