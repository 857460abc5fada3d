// Partial states of curves (means): the exact moments at every k of
// disjoint bucket ranges, written to text and read back, merge into
// computeCurves()'s means bit for bit, also when K passes a range's own
// longest list, and so do the per-item counts of set-level families; merge
// refuses overlaps, gaps, other settings, other catalogues and bad files.
#include <cstring>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "core/shard/uneven_lists.h"
#include "shard/curves_partial.h"
#include "shard/eval_partial.h"

namespace ranklab::shard {
namespace {

using ::testing::HasSubstr;
using ranklab::testing::Triple;

Dataset randomData(unsigned seed) {
    return ranklab::testing::unevenLists(seed, 50, 2, [](int u) { return u == 77; }, /*runOnlyUser=*/false);
}

const std::vector<MetricSpec> kFamilies = parseCurveMetrics("ndcg,precision,ap,recall(rel=2)");

CurvesPartial partialOf(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax, const BucketRange& range,
                        const std::vector<MetricSpec>& families = kFamilies) {
    RankCache cache;
    const BucketSelection selection = restrictToBuckets(data, settings, range);
    CurveMoments moments = computeCurveMoments(data, families, selection.settings, kmax, cache);
    return readCurvesPartial(writeCurvesPartial(curvesPartial(std::move(moments), range, selection.counts)),
                             toString(range) + ".json");
}

bool sameBits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

TEST(CurvesPartial, MergedRangesGiveTheWholeCurvesBitForBit) {
    const Dataset data = randomData(4);
    bool shorterRange = false;
    for (UsersPolicy users : {UsersPolicy::Relevant, UsersPolicy::All}) {
        for (std::uint32_t kmax : {6u, 200u}) {
            EvalSettings settings;
            settings.users = users;
            CurveOptions options;
            options.kmax = kmax;
            options.bands = false;
            RankCache cache;
            const CurveResult whole = computeCurves(data, kFamilies, settings, options, cache);
            for (const std::vector<BucketRange>& split : std::vector<std::vector<BucketRange>>{
                     {{0, 4096}}, {{1001, 4096}, {0, 1000}, {1000, 1001}}, {{3000, 4096}, {17, 3000}, {0, 17}}}) {
                std::vector<CurvesPartial> parts;
                std::vector<std::string> names;
                for (const BucketRange& r : split) {
                    parts.push_back(partialOf(data, settings, kmax, r));
                    names.push_back(toString(r));
                    shorterRange = shorterRange || parts.back().moments.longest < whole.kmax;
                }
                const CurveResult merged = curvesOf(mergeCurvesPartials(parts, names));
                EXPECT_EQ(merged.kmax, whole.kmax);
                EXPECT_EQ(merged.counts.evaluated, whole.counts.evaluated);
                EXPECT_EQ(merged.counts.qrelsOnly, whole.counts.qrelsOnly);
                ASSERT_EQ(merged.curves.size(), whole.curves.size());
                for (std::size_t c = 0; c < whole.curves.size(); ++c) {
                    EXPECT_EQ(merged.curves[c].metric, whole.curves[c].metric);
                    ASSERT_EQ(merged.curves[c].mean.size(), whole.curves[c].mean.size());
                    for (std::size_t k = 0; k < whole.curves[c].mean.size(); ++k)
                        EXPECT_TRUE(sameBits(merged.curves[c].mean[k], whole.curves[c].mean[k]))
                            << whole.curves[c].metric << "@" << k + 1;
                }
            }
        }
    }
    EXPECT_TRUE(shorterRange) << "some range should stop before the whole's K";
}

TEST(CurvesPartial, SetLevelFamiliesMergeIntoTheWholeCurvesBitForBit) {
    Dataset data = randomData(14);
    ranklab::testing::addItemInputs(data);
    const std::vector<MetricSpec> families = parseCurveMetrics("coverage,gini,entropy,personalization,ndcg");
    for (std::uint32_t kmax : {5u, 200u}) {
        EvalSettings settings;
        CurveOptions options;
        options.kmax = kmax;
        options.bands = false;
        RankCache cache;
        const CurveResult whole = computeCurves(data, families, settings, options, cache);
        std::vector<CurvesPartial> parts;
        std::vector<std::string> names;
        for (const BucketRange& r : std::vector<BucketRange>{{1001, 4096}, {0, 1000}, {1000, 1001}}) {
            parts.push_back(partialOf(data, settings, kmax, r, families));
            names.push_back(toString(r));
        }
        const CurveResult merged = curvesOf(mergeCurvesPartials(parts, names));
        ASSERT_EQ(merged.curves.size(), whole.curves.size());
        for (std::size_t c = 0; c < whole.curves.size(); ++c) {
            ASSERT_EQ(merged.curves[c].mean.size(), whole.curves[c].mean.size());
            for (std::size_t k = 0; k < whole.curves[c].mean.size(); ++k)
                EXPECT_TRUE(sameBits(merged.curves[c].mean[k], whole.curves[c].mean[k]))
                    << whole.curves[c].metric << "@" << k + 1 << ": " << merged.curves[c].mean[k] << " vs "
                    << whole.curves[c].mean[k];
        }
    }
    CurvesPartial other = partialOf(data, EvalSettings{}, 5, {2000, 4096}, families);
    other.catalog.hash = "0000000000000000";
    EXPECT_THROW(mergeCurvesPartials({partialOf(data, EvalSettings{}, 5, {0, 2000}, families), other}, {"a", "b"}), Error);
    std::string text = writeCurvesPartial(partialOf(data, EvalSettings{}, 5, {0, 4096}, families));
    text.replace(text.find("\"set_level\""), 11, "\"sat_level\"");
    EXPECT_THROW(readCurvesPartial(text, "bad.json"), Error);
}

TEST(CurvesPartial, DifferencesToABaselineMergeIntoTheWholeDeltasAndCrossingsBitForBit) {
    const Dataset data = randomData(15);
    const std::vector<MetricSpec> families = parseCurveMetrics("ndcg,precision");
    for (std::uint32_t kmax : {4u, 200u}) {
        EvalSettings settings;
        CurveOptions options;
        options.kmax = kmax;
        options.bands = false;
        std::vector<CurvesPartial> parts;
        std::vector<std::string> names;
        for (const BucketRange& r : std::vector<BucketRange>{{1001, 4096}, {0, 1000}, {1000, 1001}}) {
            RankCache cache;
            const BucketSelection selection = restrictToBuckets(data, settings, r);
            std::vector<CurveDifferenceMoments> differences;
            for (const MetricSpec& f : families)
                differences.push_back(computeCurveDifferenceMoments(data, f, selection.settings, 1, kmax, cache));
            parts.push_back(readCurvesPartial(
                writeCurvesPartial(curvesPartial(std::move(differences), r, selection.counts)), toString(r)));
            names.push_back(toString(r));
        }
        const std::vector<CurveDifferenceResult> merged = curveDifferencesOf(mergeCurvesPartials(parts, names));
        ASSERT_EQ(merged.size(), families.size());
        for (std::size_t f = 0; f < families.size(); ++f) {
            RankCache cache;
            const CurveDifferenceResult whole = computeCurveDifferences(data, families[f], settings, 1, options, cache);
            EXPECT_EQ(merged[f].kmax, whole.kmax);
            ASSERT_EQ(merged[f].curves.size(), whole.curves.size());
            for (std::size_t m = 0; m < whole.curves.size(); ++m) {
                ASSERT_EQ(merged[f].curves[m].delta.size(), whole.curves[m].delta.size());
                for (std::size_t k = 0; k < whole.curves[m].delta.size(); ++k)
                    EXPECT_TRUE(sameBits(merged[f].curves[m].delta[k], whole.curves[m].delta[k]));
                ASSERT_EQ(merged[f].curves[m].crossings.size(), whole.curves[m].crossings.size());
                for (std::size_t z = 0; z < whole.curves[m].crossings.size(); ++z)
                    EXPECT_TRUE(sameBits(merged[f].curves[m].crossings[z].at, whole.curves[m].crossings[z].at));
            }
        }
    }
    // (The CLI test checks merged crossings on data where a difference crosses 0.)
}

TEST(CurvesPartial, OverlapsGapsAndOtherSettingsAreRefusedNamingTheFile) {
    const Dataset data = randomData(8);
    const EvalSettings settings;
    const CurvesPartial low = partialOf(data, settings, 10, {0, 2000});
    const auto refusal = [](const std::vector<CurvesPartial>& parts, const std::vector<std::string>& names) {
        try {
            curvesOf(mergeCurvesPartials(parts, names));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal({partialOf(data, settings, 10, {2000, 4096}), low}, {"high.json", "low.json"}), "accepted");
    EXPECT_THAT(refusal({low, partialOf(data, settings, 10, {1999, 4096})}, {"low.json", "over.json"}),
                HasSubstr("over.json: bucket ranges 0:2000 and 1999:4096 overlap"));
    EXPECT_THAT(refusal({low}, {"low.json"}), HasSubstr("leave out buckets 2000:4096"));
    EvalSettings trec;
    trec.ties = TiePolicy::Trec;
    EXPECT_THAT(refusal({low, partialOf(data, trec, 10, {2000, 4096})}, {"low.json", "t.json"}),
                HasSubstr("t.json: evaluated with other settings"));
    EXPECT_THAT(refusal({low, partialOf(data, settings, 9, {2000, 4096})}, {"low.json", "k.json"}),
                HasSubstr("k.json: made with --kmax 9"));
    EXPECT_THAT(refusal({low, partialOf(data, settings, 10, {2000, 4096}, parseCurveMetrics("ndcg"))},
                        {"low.json", "m.json"}),
                HasSubstr("m.json: curves of other metrics"));
}

TEST(CurvesPartial, BandsNoKmaxAndBadFilesAreRefused) {
    CurveOptions options;
    options.kmax = 10;
    EXPECT_NO_THROW(requireMergeable(options));  // bands merge (in two passes)
    options.bands = false;
    EXPECT_NO_THROW(requireMergeable(options));
    options.kmax = 0;
    EXPECT_THROW(requireMergeable(options), Error);
    const Dataset data = randomData(9);
    const std::string good = writeCurvesPartial(partialOf(data, EvalSettings{}, 5, {0, 4096}));
    const auto refusal = [](const std::string& text) {
        try {
            readCurvesPartial(text, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal(good), "accepted");
    EXPECT_THAT(refusal("[1, 2]"), HasSubstr("bad.json: not a partial-state file"));
    EXPECT_THAT(refusal(good.substr(0, good.size() - 40)), HasSubstr("bad.json: not a partial-state file"));
    std::string noCurves = good;
    noCurves.replace(noCurves.find("\"curves\": {"), 10, "\"kurves\":");
    EXPECT_THAT(refusal(noCurves), HasSubstr("bad.json: malformed partial state"));
    std::string badMetric = good;
    badMetric.replace(badMetric.find("\"ndcg\""), 6, "\"nope\"");
    EXPECT_THAT(refusal(badMetric), HasSubstr("bad.json: "));
    std::string badSum = good;
    badSum.replace(badSum.find("\"sum\": \""), 8, "\"sum\": \"x");
    EXPECT_THAT(refusal(badSum), HasSubstr("bad.json: curve sum: malformed exact sum"));
}

} // namespace
} // namespace ranklab::shard
