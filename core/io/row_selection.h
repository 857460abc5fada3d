#pragma once
// What a dense score matrix keeps of one row (one user's scores over every
// item) so that ranking the kept entries gives exactly the metrics of the
// whole row at every cutoff k <= depth, under every tie policy:
//
// - the row is never sorted: one pass keeps the candidates scored at least
//   a bar that rises to the depth-th best finite score t (row_selection.cpp),
//   and then every item scored >= t, ranked: score descending, then column
//   ascending (the order a ranker sorts them in for the `input` and
//   `expected` tie policies, so it finds them sorted).
// - Items scored > t are the ones ranked before position `depth` under any
//   order of ties. The items scored exactly t form the tie group that
//   straddles position `depth`; it is kept whole, so the group's start and
//   size are the full row's: `expected` (an item of a group [s, s + n) is in
//   the top k with probability (k - s) / n) gives the same value, and the
//   deterministic policies (trec: item name; optimistic/pessimistic: grade;
//   input: column order, kept) order the group as they would in the row.
// - Every metric reads the list length only as min(k, length) at k <= depth
//   (the kept length is >= depth when the row has that many finite scores),
//   and relevant items ranked below `depth` add nothing at such cutoffs.
// So a metric without a cutoff (ap, rprec, num_ret, @all) needs depth 0:
// every finite score is kept. -inf is "not ranked" (never kept); NaN is an
// error the caller reports with the row and column.
#include <cstdint>
#include <vector>

namespace ranklab {

class RowSelection {
public:
    explicit RowSelection(std::uint32_t depth) : depth_(depth) {}

    // The kept columns of `row` (n scores), ranked (score descending, column
    // ascending), into `columns`. Returns the column of the first NaN, or -1.
    // `float` reads a float32 matrix in place (no conversion pass).
    std::int64_t select(const double* row, std::uint64_t n, std::vector<std::uint32_t>& columns);
    std::int64_t select(const float* row, std::uint64_t n, std::vector<std::uint32_t>& columns);

private:
    template <class T> std::int64_t selectRow(const T* row, std::uint64_t n, std::vector<std::uint32_t>& columns);

    std::uint32_t depth_;
    std::vector<double> heap_;     // the candidates' scores
    std::vector<double> scratch_;  // for nth_element
    std::vector<std::uint64_t> keys_;   // for rank()
    std::vector<std::uint32_t> hits_;   // columns collected by one scan call
    std::vector<std::uint32_t> order_;  // for rank() of doubles
    bool floatScores_ = false;

    void rank(std::vector<double>& values, std::vector<std::uint32_t>& columns);
    double guess_ = 0;             // the bar a row starts from (from the previous row's best scores)
    bool hasGuess_ = false;
};

} // namespace ranklab
