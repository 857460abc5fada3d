#include "stats/signed_magnitudes.h"

#include <algorithm>
#include <cmath>

namespace ranklab::stats {

SignedMagnitudes SignedMagnitudes::of(std::span<const double> d) {
    std::vector<double> signedValues;
    SignedMagnitudes out;
    for (double v : d) {
        if (v == 0.0)
            ++out.zeros;
        else
            signedValues.push_back(v);
    }
    std::sort(signedValues.begin(), signedValues.end(), [](double a, double b) {
        return std::fabs(a) < std::fabs(b) || (std::fabs(a) == std::fabs(b) && a > b);
    });
    for (double v : signedValues) {
        const double m = std::fabs(v);
        if (out.magnitudes.empty() || out.magnitudes.back() != m) {
            out.magnitudes.push_back(m);
            out.positives.push_back(0);
            out.negatives.push_back(0);
        }
        ++(v > 0 ? out.positives.back() : out.negatives.back());
    }
    return out;
}

void SignedMagnitudes::merge(const SignedMagnitudes& other) {
    SignedMagnitudes out;
    out.zeros = zeros + other.zeros;
    std::size_t i = 0, j = 0;
    const auto take = [&](const SignedMagnitudes& s, std::size_t k) {
        if (!out.magnitudes.empty() && out.magnitudes.back() == s.magnitudes[k]) {
            out.positives.back() += s.positives[k];
            out.negatives.back() += s.negatives[k];
        } else {
            out.magnitudes.push_back(s.magnitudes[k]);
            out.positives.push_back(s.positives[k]);
            out.negatives.push_back(s.negatives[k]);
        }
    };
    while (i < magnitudes.size() || j < other.magnitudes.size()) {
        if (j == other.magnitudes.size() || (i < magnitudes.size() && magnitudes[i] <= other.magnitudes[j]))
            take(*this, i++);
        else
            take(other, j++);
    }
    *this = std::move(out);
}

std::vector<double> SignedMagnitudes::differences() const {
    std::vector<double> d(zeros, 0.0);
    d.reserve(count());
    for (std::size_t k = 0; k < magnitudes.size(); ++k) {
        d.insert(d.end(), positives[k], magnitudes[k]);
        d.insert(d.end(), negatives[k], -magnitudes[k]);
    }
    return d;
}

std::uint64_t SignedMagnitudes::count() const {
    std::uint64_t n = zeros;
    for (std::size_t k = 0; k < magnitudes.size(); ++k) n += positives[k] + negatives[k];
    return n;
}

} // namespace ranklab::stats
