// Column<T>: values kept like a std::vector's, large blocks aligned to a huge
// page and, where the kernel offers transparent huge pages, backed by them.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>

#include "data/column.h"

using namespace ranklab;

namespace {

bool alignedToHugePage(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % kHugePageBytes == 0; }

// Kernel bytes of huge pages in the mappings that overlap [begin, end), from
// /proc/self/smaps; -1 where smaps cannot be read.
long long anonHugeBytes(const void* begin, const void* end) {
    std::ifstream smaps("/proc/self/smaps");
    if (!smaps) return -1;
    const auto lo = reinterpret_cast<std::uintptr_t>(begin), hi = reinterpret_cast<std::uintptr_t>(end);
    long long total = 0;
    bool overlapping = false;
    std::string line;
    while (std::getline(smaps, line)) {
        std::uintptr_t from = 0, to = 0;
        char dash = 0;
        std::istringstream header(line);
        if (header >> std::hex >> from >> dash >> to && dash == '-') {
            overlapping = from < hi && lo < to;
            continue;
        }
        long long kb = 0;
        if (overlapping && std::sscanf(line.c_str(), "AnonHugePages: %lld kB", &kb) == 1) total += kb * 1024;
    }
    return total;
}

std::string transparentHugePageMode() {
    std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string all;
    std::getline(in, all);
    auto open = all.find('['), close = all.find(']');
    return open == std::string::npos || close == std::string::npos ? "" : all.substr(open + 1, close - open - 1);
}

} // namespace

TEST(ColumnTest, KeepsValuesThroughGrowthAndCopies) {
    Column<std::uint32_t> column;
    for (std::uint32_t i = 0; i < 3'000'000; ++i) column.push_back(i * 7u);  // grows past the huge-page size
    ASSERT_EQ(column.size(), 3'000'000u);
    for (std::uint32_t i = 0; i < 3'000'000; i += 999) ASSERT_EQ(column[i], i * 7u);
    Column<std::uint32_t> copy = column;
    EXPECT_TRUE(copy == column);
    column.resize(10);
    column.shrink_to_fit();
    EXPECT_EQ(column.back(), 63u);
    Column<double> filled(5, 2.5);  // sized with a value: every element has it
    EXPECT_EQ(std::accumulate(filled.begin(), filled.end(), 0.0), 12.5);
}

TEST(ColumnTest, LargeBlocksStartOnAHugePage) {
    Column<double> large(kHugeAllocationBytes / sizeof(double) + 1);
    EXPECT_TRUE(alignedToHugePage(large.data()));
    Column<char> exact(kHugeAllocationBytes);
    EXPECT_TRUE(alignedToHugePage(exact.data()));
}

TEST(ColumnTest, LargeBlocksGetHugePagesWhereTheKernelOffersThem) {
    const std::string mode = transparentHugePageMode();
    if (mode != "always" && mode != "madvise") GTEST_SKIP() << "transparent huge pages are '" << mode << "' here";
    Column<char> block(8 * kHugePageBytes);
    std::memset(block.data(), 1, block.size());  // first touch
    long long huge = anonHugeBytes(block.data(), block.data() + block.size());
    if (huge < 0) GTEST_SKIP() << "no /proc/self/smaps";
    EXPECT_GT(huge, 0) << "none of the 16 MB is on huge pages";
}

TEST(ColumnTest, AdviceOnMemoryWithoutWholeHugePagesIsHarmless) {
    char small[100] = {};
    adviseHugePages(small, sizeof small);
    adviseHugePages(nullptr, 0);
    EXPECT_EQ(small[99], 0);
}
