#include "ui/summary/summary_cells.h"

#include <algorithm>
#include <cmath>

#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "metrics/registry.h"

namespace ranklab::ui {
namespace {

// Pairs by (a, b, evaluation column), either orientation.
class PairIndex {
public:
    PairIndex(const stats::Comparison& c, std::size_t models, std::size_t metrics)
        : models_(models), metrics_(metrics), pairs_(models * models * metrics, nullptr) {
        for (const stats::PairComparison& p : c.pairs) {
            if (p.a >= models || p.b >= models || p.metric >= metrics) continue;
            pairs_[slot(p.a, p.b, p.metric)] = &p;
            pairs_[slot(p.b, p.a, p.metric)] = &p;
        }
    }
    const stats::PairComparison* find(std::size_t a, std::size_t b, std::size_t metric) const {
        return pairs_[slot(a, b, metric)];
    }

private:
    std::size_t slot(std::size_t a, std::size_t b, std::size_t metric) const {
        return (a * models_ + b) * metrics_ + metric;
    }
    std::size_t models_, metrics_;
    std::vector<const stats::PairComparison*> pairs_;
};

// +1 when `model` is significantly better than the pair's other model on the
// first test (above it, or below where lower is better), −1 worse, else 0.
int direction(const stats::PairComparison* pair, std::size_t model, Direction better) {
    if (!pair || pair->tests.empty() || !pair->tests.front().significant) return 0;
    const double diff = pair->a == model ? pair->meanDiff : -pair->meanDiff;
    return isBetter(better, diff, 0.0) ? 1 : isBetter(better, 0.0, diff) ? -1 : 0;
}

// The pair's difference, intervals, d_z and rank-biserial r seen from `model` (model − other).
void orient(SummaryCell& cell, const stats::PairComparison& pair, std::size_t model, double baselineMean) {
    const bool flip = pair.a != model;
    const double sign = flip ? -1.0 : 1.0;
    cell.compared = true;
    cell.diff = sign * pair.meanDiff;
    cell.diffTLo = flip ? -pair.ciT.hi : pair.ciT.lo;
    cell.diffTHi = flip ? -pair.ciT.lo : pair.ciT.hi;
    if (pair.ciBootstrap)
        cell.diffBootstrap = flip ? std::pair(-pair.ciBootstrap->hi, -pair.ciBootstrap->lo)
                                  : std::pair(pair.ciBootstrap->lo, pair.ciBootstrap->hi);
    cell.dz = sign * pair.cohensDz;
    cell.rankBiserial = sign * pair.rankBiserial;
    cell.significant = !pair.tests.empty() && pair.tests.front().significant;
    cell.baselineMean = baselineMean;
    if (pair.practical) {
        using stats::PracticalClass;
        PracticalClass practical = pair.practical->practicalClass;
        if (flip && practical == PracticalClass::Better) practical = PracticalClass::Worse;
        else if (flip && practical == PracticalClass::Worse) practical = PracticalClass::Better;
        cell.practical = practical;
        cell.delta = pair.practical->delta;
        cell.tostP = pair.practical->tost.pvalue;
    }
}

} // namespace

void SummaryCells::fillSetLevel(const stats::SetLevelComparison& s, const stats::Comparison& c, std::size_t metric,
                                std::size_t col, Direction better) {
    const auto at = std::find(s.metrics.begin(), s.metrics.end(), metric);
    if (at == s.metrics.end()) return;
    const std::size_t i = std::size_t(at - s.metrics.begin());
    const std::size_t models = s.models.size();
    for (std::size_t m = 0; m < models && m * columns_ + col < cells_.size(); ++m) {
        SummaryCell& cell = cells_[m * columns_ + col];
        cell.method = QString::fromStdString(s.method);
        cell.setInterval = std::pair(s.interval[m][i].lo, s.interval[m][i].hi);
    }
    for (const auto& p : s.pairs) {
        if (p.metric != metric) continue;
        const auto& d = p.difference;
        const bool significant = d.pValue <= c.options.alpha;
        auto mark = [&](double sign) {
            const double diff = sign * d.difference;
            return !significant ? 0 : isBetter(better, diff, 0.0) ? 1 : isBetter(better, 0.0, diff) ? -1 : 0;
        };
        if (c.options.baseline) {
            // Pairs are (m, baseline): the difference m − baseline.
            SummaryCell& cell = cells_[p.a * columns_ + col];
            cell.compared = true;
            cell.diff = d.difference;
            cell.diffBootstrap = std::pair(d.interval.lo, d.interval.hi);
            cell.significant = significant;
            cell.setP = d.pValue;
            cell.baselineMean = s.value[p.b][i];
            cell.mark = mark(1.0);
        } else {
            if (mark(1.0) > 0) cells_[p.a * columns_ + col].betterThan += modelLetter(p.b);
            if (mark(-1.0) > 0) cells_[p.b * columns_ + col].betterThan += modelLetter(p.a);
        }
    }
}

QString modelLetter(std::size_t model) {
    QString letters;
    for (std::size_t k = model + 1; k > 0; k /= 26) {  // bijective base 26
        --k;
        letters.prepend(QLatin1Char(char('a' + k % 26)));
    }
    return letters;
}

SummaryCells::SummaryCells(const EvaluationResult& r, const std::vector<std::size_t>& columns)
    : columns_(columns.size()) {
    const Evaluation& e = *r.evaluation;
    const std::size_t models = e.models.size();
    cells_.resize(models * columns_);
    const stats::Comparison* c = r.comparison.get();
    // Position of each evaluation column in the comparison's metrics.
    std::vector<std::ptrdiff_t> compared(e.metricCount(), -1);
    if (c)
        for (std::size_t i = 0; i < c->metrics.size(); ++i)
            if (c->metrics[i] < compared.size()) compared[c->metrics[i]] = std::ptrdiff_t(i);
    const bool complete = c && c->means.size() == models;
    const PairIndex pairs = c ? PairIndex(*c, models, e.metricCount()) : PairIndex(stats::Comparison{}, 0, 0);

    for (std::size_t col = 0; col < columns_; ++col) {
        const std::size_t metric = columns[col];
        const std::ptrdiff_t i = complete ? compared[metric] : -1;
        const Direction better = directionOf(e.settings.metrics[metric]);
        double top = NAN;
        for (std::size_t m = 0; m < models; ++m) {
            SummaryCell& cell = cells_[m * columns_ + col];
            if (i >= 0) {
                cell.summary = &c->means[m][std::size_t(i)];
                cell.mean = cell.summary->moments.mean;
            } else {
                cell.mean = e.models[m].means[metric];
            }
            if (std::isnan(top) || isBetter(better, cell.mean, top)) top = cell.mean;
            if (i < 0) continue;
            if (c->options.baseline) {
                const std::size_t b = *c->options.baseline;
                if (m != b && b < models) {
                    const stats::PairComparison* pair = pairs.find(m, b, metric);
                    cell.mark = direction(pair, m, better);
                    if (pair) orient(cell, *pair, m, c->means[b][std::size_t(i)].moments.mean);
                }
            } else {
                for (std::size_t other = 0; other < models; ++other)
                    if (other != m && direction(pairs.find(m, other, metric), m, better) > 0)
                        cell.betterThan += modelLetter(other);
            }
        }
        if (c && r.setLevel && e.isSetLevel(metric)) fillSetLevel(*r.setLevel, *c, metric, col, better);
        const bool ranked = models > 1 && better != Direction::None;  // more is not better for a count
        for (std::size_t m = 0; m < models; ++m) {
            SummaryCell& cell = cells_[m * columns_ + col];
            cell.best = ranked && cell.mean == top;
        }
    }
}

} // namespace ranklab::ui
