// SHA-256's two compression functions: the x86 SHA extensions give the
// portable code's state for any number of blocks from any state (skipped on
// a processor without them; the digests of sha256_test.cpp then cover the
// portable one alone).
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "common/sha256_blocks.h"

using namespace ranklab::sha256_detail;

TEST(Sha256Blocks, TheShaExtensionsGiveThePortableState) {
    if (!hardwareAvailable()) GTEST_SKIP() << "no SHA extensions on this processor";
    std::mt19937 random(11);
    std::vector<std::uint8_t> data(64 * 40);
    for (std::uint8_t& b : data) b = std::uint8_t(random());
    for (std::size_t blocks : {1u, 2u, 3u, 17u, 40u}) {
        std::uint32_t portable[8], hardware[8];
        for (int i = 0; i < 8; ++i) portable[i] = hardware[i] = std::uint32_t(random());
        blocksPortable(portable, data.data(), blocks);
        blocksHardware(hardware, data.data(), blocks);
        for (int i = 0; i < 8; ++i) EXPECT_EQ(hardware[i], portable[i]) << blocks << " blocks, word " << i;
    }
}
