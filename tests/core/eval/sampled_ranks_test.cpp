// Reading the sampled-negative protocol from a run: detection, and the
// positive's sampled rank under each tie policy (hand-counted lists).
#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "eval/sampled_ranks.h"
#include "eval/validation.h"

using namespace ranklab;
using ranklab::testing::makeDataset;
using ranklab::testing::Triple;

namespace {

// Five users, each: positive pU plus four negatives of its own (25 items).
Dataset protocolDataset() {
    std::vector<Triple> qrels, run;
    for (int u = 0; u < 5; ++u) {
        const std::string user = "u" + std::to_string(u);
        qrels.push_back({user, "p" + std::to_string(u), 1});
        run.push_back({user, "p" + std::to_string(u), 0.5 + 0.1 * u});
        for (int n = 0; n < 4; ++n) run.push_back({user, "n" + std::to_string(u) + std::to_string(n), 0.1 * (n + 3)});
    }
    return makeDataset(qrels, {{"m", run}});
}

} // namespace

TEST(SampledRanksTest, OnePositiveAmongTheSameNumberOfItemsPerUserIsDetected) {
    const Dataset data = protocolDataset();
    const SampledProtocolScan scan = scanSampledProtocol(data, 0, 1.0);
    EXPECT_TRUE(scan.detected);
    EXPECT_EQ(scan.negatives, 4u);
    EXPECT_EQ(scan.users, 5u);
    EXPECT_EQ(scan.catalogLowerBound, 25u);
}

TEST(SampledRanksTest, ListsOfDifferentLengthsAreNotTheProtocol) {
    const Dataset data = makeDataset({{"u", "a", 1}, {"v", "b", 1}},
                                     {{"m", {{"u", "a", 1}, {"u", "x", 0}, {"v", "b", 1}, {"v", "y", 0}, {"v", "z", 0}}}});
    EXPECT_FALSE(scanSampledProtocol(data, 0, 1.0).detected);
}

TEST(SampledRanksTest, AListAsLongAsTheCatalogueIsNotTheProtocol) {
    // Two users ranking the same five items: 1 + N = 5 > 5/4.
    std::vector<Triple> run;
    for (const char* u : {"u", "v"})
        for (const char* i : {"a", "b", "c", "d", "e"}) run.push_back({u, i, double(i[0])});
    const Dataset data = makeDataset({{"u", "a", 1}, {"v", "b", 1}}, {{"m", run}});
    EXPECT_FALSE(scanSampledProtocol(data, 0, 1.0).detected);
}

TEST(SampledRanksTest, EachTiePolicyPlacesAPositiveTiedWithNegativesAsItsDefinitionSays) {
    // Scores: n1 0.9 above; n2, p, n3 tied at 0.5 (file order n2, p, n3); n4 0.1.
    // a = 1 above, t = 2 tied. Item ids byte-wise: "n3" > "n2" > "p"? No: "p" > "n3" > "n2".
    const Dataset data = makeDataset({{"u", "p", 1}},
                                     {{"m", {{"u", "n1", 0.9}, {"u", "n2", 0.5}, {"u", "p", 0.5}, {"u", "n3", 0.5},
                                             {"u", "n4", 0.1}}}});
    const std::vector<UserId> users = {data.ids.users.find("u")};
    auto ranks = [&](TiePolicy t) {
        const SampledRanks r = sampledRanks(data, 0, users, 4, t, 1.0);
        EXPECT_EQ(r.users.size(), 1u);
        return std::pair{r.best.at(0), r.worst.at(0)};
    };
    EXPECT_EQ(ranks(TiePolicy::Expected), (std::pair{2u, 4u}));
    EXPECT_EQ(ranks(TiePolicy::Optimistic), (std::pair{2u, 2u}));
    EXPECT_EQ(ranks(TiePolicy::Pessimistic), (std::pair{4u, 4u}));
    EXPECT_EQ(ranks(TiePolicy::Trec), (std::pair{2u, 2u}));   // "p" is the greatest id: first of its group
    EXPECT_EQ(ranks(TiePolicy::Input), (std::pair{3u, 3u}));  // n2 comes before p in the file
}

TEST(SampledRanksTest, UsersOutsideTheProtocolAreCountedAndSkipped) {
    const Dataset data = makeDataset({{"a", "p", 1}, {"b", "p", 1}, {"b", "q", 1}, {"c", "p", 0}, {"d", "p", 1}},
                                     {{"m",
                                       {{"a", "p", 1}, {"a", "x", 0},                 // follows: N = 1
                                        {"b", "p", 1}, {"b", "q", 0},                 // two positives
                                        {"c", "p", 1}, {"c", "x", 0},                 // no positive
                                        {"d", "p", 1}, {"d", "x", 0}, {"d", "y", 0}}}});  // 3 items
    std::vector<UserId> users;
    for (const char* u : {"a", "b", "c", "d", "e"}) users.push_back(data.ids.users.find(u));
    const SampledRanks r = sampledRanks(data, 0, users, 1, TiePolicy::Expected, 1.0);
    EXPECT_EQ(r.users.size(), 1u);
    EXPECT_EQ(r.manyPositives, 1u);
    EXPECT_EQ(r.noPositive, 1u);
    EXPECT_EQ(r.wrongSize, 1u);
    EXPECT_EQ(r.missing, 1u);
}

TEST(SampledRanksTest, ValidationReportsTheProtocolAsInformation) {
    const Dataset data = protocolDataset();
    ValidationSettings settings;
    settings.parallelism = Parallelism(1);
    const ValidationReport report = validateDataset(data, settings);
    const Finding* f = report.find("sampled_protocol", "model m");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_EQ(f->count, 5u);
    EXPECT_NE(f->message.find("--sampled 4 --catalog-size M"), std::string::npos) << f->message;
}
