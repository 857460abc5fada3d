// The user buckets: the documented hash (FNV-1a 64's published test vectors,
// buckets computed by an independent Python implementation of the formula),
// and the bucket ranges.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "shard/user_bucket.h"

namespace ranklab::shard {
namespace {

using ::testing::HasSubstr;

TEST(UserBucket, Fnv1a64MatchesItsPublishedVectors) {
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
}

TEST(UserBucket, BucketsAreTheTopTwelveBitsOfTheMixedHash) {
    EXPECT_EQ(userBucket(""), 3922u);
    EXPECT_EQ(userBucket("a"), 44u);
    EXPECT_EQ(userBucket("u001"), 245u);
    EXPECT_EQ(userBucket("user-12345"), 885u);
    EXPECT_EQ(userBucket("\xc3\xa9"), 563u);  // "é" in UTF-8: ids are bytes
}

TEST(UserBucket, SpreadsUsersEvenlyOverTheBuckets) {
    std::vector<int> counts(kBuckets, 0);
    for (int i = 0; i < 409600; ++i) ++counts[userBucket("u" + std::to_string(i))];
    // 100 per bucket expected; a Poisson(100) count beyond 40..170 is out of 1e-8 odds.
    EXPECT_GT(*std::min_element(counts.begin(), counts.end()), 40);
    EXPECT_LT(*std::max_element(counts.begin(), counts.end()), 170);
}

TEST(BucketRange, ParsesHalfOpenRangesAndRefusesOthers) {
    const BucketRange r = parseBucketRange("10:20");
    EXPECT_EQ(r.begin, 10u);
    EXPECT_EQ(r.end, 20u);
    EXPECT_TRUE(r.contains(10));
    EXPECT_FALSE(r.contains(20));
    EXPECT_TRUE(parseBucketRange("0:4096").whole());
    for (const char* bad : {"", "5", "5:5", "6:5", "0:4097", "a:b", "1:2:3", "-1:4"})
        EXPECT_THROW(parseBucketRange(bad), Error) << bad;
    try {
        parseBucketRange("9:3");
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), HasSubstr("expected a:b with 0 <= a < b <= 4096"));
    }
}

TEST(BucketRange, UnionJoinsAdjacentRangesAndNamesOverlapsAndGaps) {
    const auto u = unionOfDisjoint({{2048, 4096}, {0, 10}, {10, 100}});
    ASSERT_EQ(u.size(), 2u);
    EXPECT_EQ(toString(u[0]), "0:100");
    EXPECT_EQ(missingBuckets(u), "100:2048");
    EXPECT_EQ(missingBuckets(unionOfDisjoint({{0, 4096}})), "");
    EXPECT_EQ(missingBuckets({}), "0:4096");
    try {
        unionOfDisjoint({{0, 10}, {5, 20}});
        ADD_FAILURE() << "overlap accepted";
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), HasSubstr("0:10 and 5:20 overlap"));
    }
}

} // namespace
} // namespace ranklab::shard
