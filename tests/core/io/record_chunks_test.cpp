// RecordChunks: records kept in file order across segments, whichever way
// they were added.
#include <gtest/gtest.h>

#include <vector>

#include "io/record.h"

using namespace ranklab;

namespace {

Record recordAt(std::uint32_t i) { return {i / 100, i, 0.5 * i}; }

std::vector<Record> all(const RecordChunks& chunks) {
    std::vector<Record> out;
    chunks.forEach([&](const Record& r) { out.push_back(r); });
    return out;
}

void expectSequence(const RecordChunks& chunks, std::uint32_t n) {
    std::vector<Record> got = all(chunks);
    ASSERT_EQ(got.size(), n);
    ASSERT_EQ(chunks.size(), n);
    for (std::uint32_t i = 0; i < n; ++i) {
        ASSERT_EQ(got[i].user, recordAt(i).user) << i;
        ASSERT_EQ(got[i].key, i);
        ASSERT_EQ(got[i].value, 0.5 * i);
    }
    std::uint64_t inChunks = 0;
    for (const auto& c : chunks.chunks()) inChunks += c.size();
    EXPECT_EQ(inChunks, n);
}

} // namespace

TEST(RecordChunksTest, OneByOneIntoGrowingSegments) {
    RecordChunks chunks;
    EXPECT_TRUE(chunks.empty());
    const std::uint32_t n = 1'000'000;
    for (std::uint32_t i = 0; i < n; ++i) chunks.push_back(recordAt(i));
    expectSequence(chunks, n);
    ASSERT_GE(chunks.chunks().size(), 2u);
    // Segments never move once filled: each later one is at least as large.
    for (std::size_t c = 1; c < chunks.chunks().size(); ++c)
        EXPECT_GE(chunks.chunks()[c].capacity(), chunks.chunks()[c - 1].capacity());
}

TEST(RecordChunksTest, ExtendGivesContiguousRoomAndAppendCopies) {
    RecordChunks chunks;
    std::uint32_t next = 0;
    for (std::size_t n : {3u, 70'000u, 1u, 500'000u, 0u, 12u}) {
        std::vector<Record> batch;
        for (std::size_t i = 0; i < n; ++i) batch.push_back(recordAt(next++));
        if (n % 2 == 0) {
            chunks.append(batch);
        } else {
            Record* room = chunks.extend(n);
            for (std::size_t i = 0; i < n; ++i) room[i] = batch[i];
        }
    }
    expectSequence(chunks, next);
    chunks.clear();
    EXPECT_TRUE(chunks.empty());
    EXPECT_TRUE(chunks.chunks().empty());
}
