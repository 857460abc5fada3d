#include "stats/moments.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"

namespace ranklab::stats {

namespace {

// Neumaier's compensated sum: order-fixed, and accurate for long columns.
class CompensatedSum {
public:
    void add(double x) {
        const double t = sum_ + x;
        if (std::fabs(sum_) >= std::fabs(x))
            compensation_ += (sum_ - t) + x;
        else
            compensation_ += (x - t) + sum_;
        sum_ = t;
    }
    double value() const { return sum_ + compensation_; }

private:
    double sum_ = 0;
    double compensation_ = 0;
};

} // namespace

Moments moments(std::span<const double> x) {
    Moments m;
    m.n = x.size();
    if (x.empty()) return m;
    const bool constant = std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); });
    if (constant) {
        m.mean = x.front();
        if (m.n >= 2) m.sd = 0.0;
        return m;
    }
    CompensatedSum sum;
    for (double v : x) sum.add(v);
    m.mean = sum.value() / static_cast<double>(m.n);
    if (m.n < 2) return m;
    CompensatedSum squares;
    for (double v : x) squares.add((v - m.mean) * (v - m.mean));
    m.sd = std::sqrt(squares.value() / static_cast<double>(m.n - 1));
    return m;
}

void requireSameUsers(std::span<const double> a, std::span<const double> b) {
    if (a.size() != b.size())
        throw Error("paired values need the same users: " + std::to_string(a.size()) + " values for A, " +
                    std::to_string(b.size()) + " for B");
}

std::vector<double> differences(std::span<const double> a, std::span<const double> b) {
    requireSameUsers(a, b);
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
    return d;
}

} // namespace ranklab::stats
