#include "io/row_selection.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace ranklab {

std::int64_t RowSelection::select(const double* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    return selectRow(row, n, columns);
}

std::int64_t RowSelection::select(const float* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    return selectRow(row, n, columns);
}

template <class T>
std::int64_t RowSelection::selectRow(const T* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    columns.clear();
    constexpr double minusInf = -std::numeric_limits<double>::infinity();
    double threshold = minusInf;  // keep scores > -inf, and >= threshold
    if (depth_ > 0 && n > depth_) {
        heap_.clear();
        std::uint64_t c = 0;
        // Fill the heap with the first `depth` finite scores.
        for (; c < n && heap_.size() < depth_; ++c) {
            const double v = row[c];
            if (std::isnan(v)) return static_cast<std::int64_t>(c);
            if (v != minusInf) heap_.push_back(v);
        }
        std::make_heap(heap_.begin(), heap_.end(), std::greater<>());
        // The usual case, a score below the current depth-th best, costs
        // one comparison (in the row's own type; NaN compares false).
        T bar = static_cast<T>(heap_.empty() ? minusInf : heap_.front());
        for (; c < n; ++c) {
            const T v = row[c];
            if (!(v > bar)) {
                if (std::isnan(v)) return static_cast<std::int64_t>(c);
                continue;
            }
            std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
            heap_.back() = v;
            std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
            bar = static_cast<T>(heap_.front());
        }
        if (heap_.size() == depth_) threshold = heap_.front();
    }
    for (std::uint64_t c = 0; c < n; ++c) {
        const double v = row[c];
        if (v >= threshold && v != minusInf) columns.push_back(static_cast<std::uint32_t>(c));
        else if (std::isnan(v)) return static_cast<std::int64_t>(c);
    }
    return -1;
}

} // namespace ranklab
