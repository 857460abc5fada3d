#pragma once
// The marks of a comparison's means table, shared by every format and the
// summary table. They follow the first test of the comparison, as decided by
// its correction (TestOutcome::significant), and the sign of the mean
// difference:
//  * against a baseline, a model is marked `better` (†) when it is
//    significantly better than the baseline, `worse` (‡) when significantly
//    worse; the baseline itself is never marked;
//  * all pairs: each model has a letter (a, b, ..., z, aa, ab, ...) and its
//    mean lists the letters of the models it is significantly better than
//    (ranx's convention).
// The best mean of a column is marked too (every model tying for it); not
// for a single model or a count metric (num_ret, ...).
#include <cstddef>
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace ranklab {

struct MeanMarks {
    bool better = false;                  // baseline mode: significantly better than the baseline
    bool worse = false;                   // baseline mode: significantly worse than the baseline
    std::vector<std::size_t> betterThan;  // model indices, ascending (either mode)
    std::vector<std::size_t> worseThan;   // model indices, ascending (either mode)
};

// [model][i], i indexing comparison.metrics. No tests: no marks.
std::vector<std::vector<MeanMarks>> meanMarks(const stats::Comparison& comparison);

// [model][i]: whether the mean is the highest of column i.
std::vector<std::vector<bool>> bestMeans(const stats::Comparison& comparison);

// 0 -> "a", 25 -> "z", 26 -> "aa", 27 -> "ab", ...
std::string modelLetter(std::size_t model);
// The letters of `models` in their order, concatenated ("bc").
std::string modelLetters(const std::vector<std::size_t>& models);

// "paired t-test", "Wilcoxon signed-rank", "randomization", "bootstrap".
std::string testDisplayName(stats::SignificanceTest test);
// "no correction", "Bonferroni", "Holm", "Benjamini-Hochberg", ...
std::string correctionDisplayName(stats::Correction correction);

// What the significance marks rest on, e.g. "paired t-test, Holm correction
// over 4 comparisons, alpha 0.05"; empty when the comparison has no test.
std::string marksBasis(const stats::Comparison& comparison);

} // namespace ranklab
