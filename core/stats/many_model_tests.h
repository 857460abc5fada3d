#pragma once
// The many-model procedures a comparison can add to its paired tests, and
// what they report:
//  * tukey: Tukey's HSD on the per-user values as independent groups
//    (tukey_hsd.h); per pair the HSD-adjusted p and simultaneous interval;
//  * randomized-tukey: Carterette's paired randomized Tukey HSD
//    (randomized_tukey.h); per pair the adjusted p;
//  * friedman: the Friedman test over users as blocks with the Nemenyi
//    post-hoc (friedman.h); per pair ("nemenyi") the adjusted p of the
//    average-rank difference.
// Each also has one omnibus result per metric column (ManyModelSummary).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "stats/moments.h"

namespace ranklab::stats {

enum class SignificanceTest;

enum class ManyModelTest { Tukey, RandomizedTukey, Friedman };

// "tukey", "randomized-tukey", "friedman".
std::string_view toString(ManyModelTest test);
// The key of its per-pair result: "tukey", "randomized-tukey", "nemenyi".
std::string_view pairKey(ManyModelTest test);
// Also "tukey-hsd", "hsd", "randomized-hsd", "nemenyi". Empty when unknown.
std::optional<ManyModelTest> parseManyModelTest(std::string_view name);

// A --test list split into the paired tests and the many-model ones, in the
// order given, duplicates dropped. Throws ranklab::Error naming an unknown entry.
struct TestSelection {
    std::vector<SignificanceTest> paired;
    std::vector<ManyModelTest> many;
};
TestSelection parseTestSelection(std::string_view list);

// One pair's result of a many-model procedure.
struct ManyPairOutcome {
    ManyModelTest test = ManyModelTest::Tukey;
    // tukey: the pair's studentized range q; randomized-tukey: the mean
    // difference a − b; friedman (Nemenyi): the average-rank difference
    // rank(a) − rank(b) (rank 1 = best).
    double statistic = kNaN;
    double adjusted = kNaN;  // the procedure's own adjusted p (no further correction)
    bool significant = false;  // at the comparison's alpha
    double lo = kNaN, hi = kNaN;  // tukey: the simultaneous interval of a − b
};

// One metric column's omnibus result.
struct ManyModelSummary {
    std::size_t metric = 0;  // evaluation column
    ManyModelTest test = ManyModelTest::Tukey;
    // tukey: the largest pair's q; randomized-tukey: the observed range of
    // the means; friedman: the tie-corrected χ²_F.
    double statistic = kNaN;
    double pvalue = kNaN;  // tukey, randomized-tukey: the largest pair's adjusted p
    double df = kNaN;      // tukey: N − k; friedman: k − 1
    double critical = kNaN;  // tukey: q_{1−α}; friedman: Nemenyi's q_α
    double mse = kNaN;       // tukey
    double criticalDifference = kNaN;  // friedman: Nemenyi CD in average ranks
    double tieCorrection = kNaN;       // friedman
    std::vector<double> averageRanks;  // friedman: per model, 1 = best
    std::uint64_t resamples = 0;       // randomized-tukey
    bool exact = false;                // randomized-tukey: every permutation enumerated
};

} // namespace ranklab::stats
