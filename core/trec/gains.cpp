#include "trec/gains.h"

#include <cmath>

namespace ranklab::trec {
namespace {

// trec_eval's level of a grade (its qrels hold integers).
long levelOf(double grade) {
    if (std::isnan(grade)) return -1;  // not in the qrels
    if (grade < 0) return -2;          // in the pool, not judged
    return static_cast<long>(grade);
}

// trec_eval's comparison: the difference of the gains, truncated to int.
int compareGains(const GainTable::Level& a, const GainTable::Level& b) {
    return static_cast<int>(a.gain - b.gain);
}

// A top-down merge sort that takes from the left run while the comparison
// says <= 0 (the order glibc's qsort gives trec_eval for such small arrays).
void mergeSort(std::vector<GainTable::Level>& v, std::size_t begin, std::size_t end,
               std::vector<GainTable::Level>& scratch) {
    if (end - begin < 2) return;
    const std::size_t middle = begin + (end - begin) / 2;
    mergeSort(v, begin, middle, scratch);
    mergeSort(v, middle, end, scratch);
    scratch.clear();
    std::size_t a = begin, b = middle;
    while (a < middle && b < end) scratch.push_back(compareGains(v[a], v[b]) <= 0 ? v[a++] : v[b++]);
    while (a < middle) scratch.push_back(v[a++]);
    while (b < end) scratch.push_back(v[b++]);
    for (std::size_t i = 0; i < scratch.size(); ++i) v[begin + i] = scratch[i];
}

} // namespace

double GainTable::gainOf(double grade) const {
    const long level = levelOf(grade);
    for (const Level& l : levels)
        if (l.level == level) return l.gain;
    return 0.0;
}

std::vector<double> GainTable::ideal() const {
    std::vector<double> out;
    if (levels.empty() || levels.back().gain <= 0) return out;  // the top level is checked as it is
    for (std::size_t i = levels.size(); i-- > 0;) {
        if (levels[i].count == 0) continue;  // below the top, empty levels are passed over
        if (levels[i].gain <= 0) break;
        out.insert(out.end(), levels[i].count, levels[i].gain);
    }
    return out;
}

GainTable makeGainTable(const Query& q, std::span<const double> pairs) {
    // Judged documents per level 0 .. highest level with a document.
    std::vector<std::uint64_t> counts;
    for (double g : q.judged) {
        if (!(g >= 0)) continue;
        const auto level = static_cast<std::size_t>(g);
        if (level >= counts.size()) counts.resize(level + 1, 0);
        ++counts[level];
    }
    GainTable t;
    for (std::size_t i = 0; i + 1 < pairs.size(); i += 2)
        t.levels.push_back({static_cast<long>(pairs[i]), pairs[i + 1], 0});
    const std::size_t given = t.levels.size();
    for (std::size_t level = 0; level < counts.size(); ++level) {
        bool found = false;
        for (std::size_t j = 0; j < given && !found; ++j)
            if (t.levels[j].level == static_cast<long>(level)) {
                t.levels[j].count = counts[level];
                found = true;
            }
        if (!found) t.levels.push_back({static_cast<long>(level), double(level), counts[level]});
    }
    std::vector<GainTable::Level> scratch;
    mergeSort(t.levels, 0, t.levels.size(), scratch);
    return t;
}

double discountedSum(const std::vector<double>& gains, std::size_t k) {
    double sum = 0;
    for (std::size_t i = 0; i < k && i < gains.size(); ++i)
        if (gains[i] != 0) sum += gains[i] / std::log2(double(i + 2));
    return sum;
}

} // namespace ranklab::trec
