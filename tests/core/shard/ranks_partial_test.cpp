// Partial states of ranks: the exact rank tallies of disjoint bucket
// ranges, written to text and read back, merge into the whole's rank
// distributions bit for bit, whatever the ranges' own longest lists; and
// merge refuses overlaps, gaps, other settings and bad files, naming them.
#include <cstring>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "core/shard/uneven_lists.h"
#include "shard/eval_partial.h"
#include "shard/ranks_partial.h"

namespace ranklab::shard {
namespace {

using ::testing::HasSubstr;
using ranklab::testing::Triple;

// Lists of 1 to 60 items (so ranges differ in their longest list), scores
// with ties (expected counts are fractions), a run-only user.
Dataset randomData(unsigned seed) {
    return ranklab::testing::unevenLists(seed, 60, 3, [](int u) { return u % 41 == 0; }, /*runOnlyUser=*/true);
}

RanksPartial partialOf(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax, const BucketRange& range) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings, range);
    RankTallies tallies = tallyRanks(data, selection.settings, kmax, cache);
    // Through the file format, as a worker would hand it over.
    return readRanksPartial(writeRanksPartial(ranksPartial(std::move(tallies), range, selection.counts)),
                            toString(range) + ".json");
}

bool sameBits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

void expectSameHistogram(const RankHistogram& x, const RankHistogram& y) {
    ASSERT_EQ(x.counts.size(), y.counts.size());
    for (std::size_t i = 0; i < x.counts.size(); ++i) {
        EXPECT_TRUE(sameBits(x.counts[i], y.counts[i])) << "rank " << i + 1;
        EXPECT_TRUE(sameBits(x.cdf[i], y.cdf[i])) << "rank " << i + 1;
    }
    EXPECT_TRUE(sameBits(x.notRetrieved, y.notRetrieved));
    EXPECT_TRUE(sameBits(x.beyondK, y.beyondK));
    EXPECT_TRUE(sameBits(x.total, y.total));
}

TEST(RanksPartial, MergedRangesGiveTheWholeDistributionsBitForBit) {
    const Dataset data = randomData(5);
    bool fractional = false, shorterRange = false;
    for (TiePolicy ties : {TiePolicy::Expected, TiePolicy::Pessimistic}) {
        for (std::uint32_t kmax : {0u, 9u, 1000u}) {
            EvalSettings settings;
            settings.ties = ties;
            RankCache cache;
            const RankDistributions whole = computeRankDistributions(data, settings, kmax, cache);
            ASSERT_GT(whole.kmax, 0u);
            for (const std::vector<BucketRange>& split : std::vector<std::vector<BucketRange>>{
                     {{0, 4096}}, {{1001, 4096}, {0, 1000}, {1000, 1001}}, {{3000, 4096}, {17, 3000}, {0, 17}}}) {
                std::vector<RanksPartial> parts;
                std::vector<std::string> names;
                for (const BucketRange& r : split) {
                    parts.push_back(partialOf(data, settings, kmax, r));
                    names.push_back(toString(r));
                    shorterRange = shorterRange || parts.back().longest < whole.kmax;
                }
                const RankDistributions merged = rankDistributionsOf(mergeRanksPartials(parts, names));
                EXPECT_EQ(merged.kmax, whole.kmax);
                EXPECT_EQ(merged.counts.evaluated, whole.counts.evaluated);
                EXPECT_EQ(merged.counts.runOnly, whole.counts.runOnly);
                EXPECT_EQ(merged.counts.qrelsOnly, whole.counts.qrelsOnly);
                ASSERT_EQ(merged.models.size(), whole.models.size());
                for (std::size_t m = 0; m < whole.models.size(); ++m) {
                    SCOPED_TRACE(whole.models[m].model);
                    expectSameHistogram(merged.models[m].first, whole.models[m].first);
                    expectSameHistogram(merged.models[m].all, whole.models[m].all);
                    EXPECT_TRUE(sameBits(merged.models[m].meanFirstRank, whole.models[m].meanFirstRank));
                    EXPECT_TRUE(sameBits(merged.models[m].medianFirstRank, whole.models[m].medianFirstRank));
                    for (double c : whole.models[m].all.counts) fractional = fractional || c != std::floor(c);
                }
            }
        }
    }
    EXPECT_TRUE(fractional) << "the data should give fractional expected counts";
    EXPECT_TRUE(shorterRange) << "some range should have a shorter longest list than the whole";
}

TEST(RanksPartial, OverlapsGapsAndOtherSettingsAreRefusedNamingTheFile) {
    const Dataset data = randomData(8);
    const EvalSettings settings;
    const RanksPartial low = partialOf(data, settings, 0, {0, 2000});
    const RanksPartial high = partialOf(data, settings, 0, {2000, 4096});
    const RanksPartial overlapping = partialOf(data, settings, 0, {1999, 4096});
    const auto refusal = [](const std::vector<RanksPartial>& parts, const std::vector<std::string>& names) {
        try {
            rankDistributionsOf(mergeRanksPartials(parts, names));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_THAT(refusal({low, overlapping}, {"low.json", "over.json"}),
                HasSubstr("over.json: bucket ranges 0:2000 and 1999:4096 overlap"));
    EXPECT_THAT(refusal({low}, {"low.json"}), HasSubstr("leave out buckets 2000:4096"));
    EvalSettings pessimistic;
    pessimistic.ties = TiePolicy::Pessimistic;
    EXPECT_THAT(refusal({low, partialOf(data, pessimistic, 0, {2000, 4096})}, {"low.json", "p.json"}),
                HasSubstr("p.json: evaluated with other settings"));
    EXPECT_THAT(refusal({low, partialOf(data, settings, 5, {2000, 4096})}, {"low.json", "k.json"}),
                HasSubstr("k.json: made with --kmax 5"));
    RanksPartial renamed = high;
    renamed.models[1].model = "c";
    EXPECT_THAT(refusal({low, renamed}, {"low.json", "r.json"}), HasSubstr("r.json: model 2 is \"c\", expected \"b\""));
    EXPECT_EQ(refusal({high, low}, {"high.json", "low.json"}), "accepted");
}

TEST(RanksPartial, ABadFileIsRefusedNamingItAndWhatWasExpected) {
    const Dataset data = randomData(9);
    const std::string good = writeRanksPartial(partialOf(data, EvalSettings{}, 0, {0, 4096}));
    const auto refusal = [](const std::string& text) {
        try {
            readRanksPartial(text, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal(good), "accepted");
    EXPECT_THAT(refusal("not json"), HasSubstr("bad.json: not a partial-state file"));
    EXPECT_THAT(refusal(good.substr(0, good.size() / 2)), HasSubstr("bad.json: not a partial-state file"));
    EXPECT_THAT(refusal("{\"format\": \"ranklab-partial\", \"version\": 1, \"command\": \"ranks\"}"),
                HasSubstr("bad.json: malformed partial state"));
    std::string eval = good;
    eval.replace(eval.find("\"command\": \"ranks\""), 18, "\"command\": \"eval\"");
    EXPECT_THAT(refusal(eval), HasSubstr("bad.json: a partial state of \"eval\", expected one of \"ranks\""));
    std::string longer = good;
    longer.replace(longer.find("\"longest\": "), 11, "\"longest\": 1");  // 1 prepended: another length
    EXPECT_THAT(refusal(longer), HasSubstr("ranks, expected"));
    std::string badSum = good;
    const std::size_t total = badSum.find("\"total\": [");
    badSum.replace(total, 10, "\"total\": [-1, ");
    // A negative count is refused wherever it stands, before any field is read.
    EXPECT_THAT(refusal(badSum), HasSubstr("bad.json: the number -1 is not a count"));
}

} // namespace
} // namespace ranklab::shard
