#include "eval/single_positive_metric.h"

#include <cmath>
#include <limits>

namespace ranklab {

std::optional<SinglePositiveMetric> SinglePositiveMetric::of(const MetricSpec& spec) {
    const double k = spec.cutoff == kCutoffAll ? std::numeric_limits<double>::infinity() : double(spec.cutoff);
    const std::string& f = spec.family;
    if (f == "hr" || f == "hits" || f == "recall") return SinglePositiveMetric(Kind::Hit, k, spec.id());
    if (f == "rprec") return SinglePositiveMetric(Kind::Hit, 1.0, spec.id());
    if (f == "rr" || f == "ap") return SinglePositiveMetric(Kind::Reciprocal, k, spec.id());
    if (f == "ndcg") return SinglePositiveMetric(Kind::Ndcg, k, spec.id());
    if (spec.cutoff == kCutoffAll) return std::nullopt;
    if (f == "precision") return SinglePositiveMetric(Kind::Precision, k, spec.id());
    if (f == "f1") return SinglePositiveMetric(Kind::F1, k, spec.id());
    return std::nullopt;
}

double SinglePositiveMetric::operator()(double rank) const {
    if (rank > cutoff_) return 0.0;
    switch (kind_) {
    case Kind::Hit: return 1.0;
    case Kind::Precision: return 1.0 / cutoff_;
    case Kind::F1: return 2.0 / (cutoff_ + 1.0);
    case Kind::Reciprocal: return 1.0 / rank;
    case Kind::Ndcg: return 1.0 / std::log2(rank + 1.0);
    }
    return 0.0;
}

} // namespace ranklab
