#include "synth/user_truth.h"

#include <algorithm>

#include <gtest/gtest.h>

using namespace ranklab::synth;

namespace {
std::vector<UserTruth> makeUsers(const Catalog& catalog, std::uint32_t users, std::uint64_t seed) {
    ItemSet scratch(catalog.items());
    std::vector<UserTruth> out(users);
    for (std::uint32_t u = 0; u < users; ++u) makeUserTruth(catalog, seed, u, scratch, out[u]);
    return out;
}
} // namespace

TEST(UserTruthTest, GradesAreOneToThreeAndTestIsDisjointFromTrain) {
    Catalog catalog(2000, 42);
    for (const UserTruth& user : makeUsers(catalog, 300, 42)) {
        ASSERT_FALSE(user.test.empty());
        EXPECT_LE(user.test.size(), maxTestItems(2000));
        EXPECT_LE(user.train.size(), maxTrainItems(2000));
        EXPECT_TRUE(std::is_sorted(user.train.begin(), user.train.end()));
        EXPECT_EQ(std::adjacent_find(user.train.begin(), user.train.end()), user.train.end());
        for (std::size_t k = 0; k < user.test.size(); ++k) {
            EXPECT_GE(user.test[k].grade, 1);
            EXPECT_LE(user.test[k].grade, 3);
            if (k > 0) {
                EXPECT_LT(user.test[k - 1].item, user.test[k].item);
            }
            EXPECT_FALSE(std::binary_search(user.train.begin(), user.train.end(), user.test[k].item));
        }
    }
}

TEST(UserTruthTest, SizesAndGradesAreSkewed) {
    Catalog catalog(5000, 42);
    const auto users = makeUsers(catalog, 1000, 42);
    std::size_t smallTest = 0, bigTest = 0, grades[4] = {0, 0, 0, 0}, groups[4] = {0, 0, 0, 0};
    for (const UserTruth& user : users) {
        smallTest += user.test.size() <= 5;
        bigTest += user.test.size() >= 12;
        for (const Judged& j : user.test) ++grades[j.grade];
        ++groups[user.group];
    }
    // Most users have a few relevant items, some many (log-normal, median ~4.5).
    EXPECT_GT(smallTest, 400u);
    EXPECT_GT(bigTest, 20u);
    // Grade 1 most common, grade 3 least, all present.
    EXPECT_GT(grades[1], grades[2]);
    EXPECT_GT(grades[2], grades[3]);
    EXPECT_GT(grades[3], 0u);
    // Four activity groups of unequal size: regular > heavy and light > power > 0.
    EXPECT_GT(groups[1], groups[2]);
    EXPECT_GT(groups[2], groups[3]);
    EXPECT_GT(groups[0], groups[3]);
    EXPECT_GT(groups[3], 0u);
}

TEST(UserTruthTest, GroupFollowsTrainingActivity) {
    Catalog catalog(2000, 42);
    for (const UserTruth& user : makeUsers(catalog, 300, 1)) {
        const std::size_t n = user.train.size();
        const std::uint32_t expected = n < 8 ? 0 : n < 25 ? 1 : n < 70 ? 2 : 3;
        EXPECT_EQ(user.group, expected) << n;
    }
}

TEST(UserTruthTest, AUserDependsOnlyOnSeedAndIndex) {
    Catalog catalog(2000, 42);
    ItemSet scratch(2000);
    UserTruth alone, inSequence;
    makeUserTruth(catalog, 42, 17, scratch, alone);
    const auto users = makeUsers(catalog, 30, 42);
    EXPECT_EQ(alone.train, users[17].train);
    ASSERT_EQ(alone.test.size(), users[17].test.size());
    for (std::size_t k = 0; k < alone.test.size(); ++k) {
        EXPECT_EQ(alone.test[k].item, users[17].test[k].item);
        EXPECT_EQ(alone.test[k].grade, users[17].test[k].grade);
    }
    makeUserTruth(catalog, 43, 17, scratch, inSequence);
    EXPECT_NE(alone.train, inSequence.train);
}

TEST(UserTruthTest, PreferenceIsAProbabilityDistribution) {
    Catalog catalog(2000, 42);
    for (const UserTruth& user : makeUsers(catalog, 20, 3)) {
        double sum = 0;
        for (ItemIndex i = 0; i < 2000; ++i) sum += user.probability(catalog, i);
        EXPECT_NEAR(sum, 1.0, 1e-9);
        EXPECT_GE(user.topicCount, 1u);
        EXPECT_LE(user.topicCount, 3u);
        for (std::uint32_t k = 1; k < user.topicCount; ++k) EXPECT_GE(user.weights[k - 1], user.weights[k]);
    }
}

// A catalog of 10 items still gives every user a disjoint train and test set.
TEST(UserTruthTest, TinyCatalogStillWorks) {
    Catalog catalog(10, 42);
    for (const UserTruth& user : makeUsers(catalog, 50, 42)) {
        EXPECT_FALSE(user.test.empty());
        EXPECT_LE(user.train.size() + user.test.size(), 10u);
    }
}
