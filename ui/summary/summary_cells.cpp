#include "ui/summary/summary_cells.h"

#include <algorithm>
#include <cmath>

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

// +1 when `model` is significantly above `other` on the first test, −1 below, else 0.
int direction(const stats::PairComparison* pair, std::size_t model) {
    if (!pair || pair->tests.empty() || !pair->tests.front().significant) return 0;
    const double diff = pair->a == model ? pair->meanDiff : -pair->meanDiff;
    return diff > 0 ? 1 : diff < 0 ? -1 : 0;
}

} // namespace

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
        double top = -INFINITY;
        for (std::size_t m = 0; m < models; ++m) {
            SummaryCell& cell = cells_[m * columns_ + col];
            if (i >= 0) {
                cell.summary = &c->means[m][std::size_t(i)];
                cell.mean = cell.summary->moments.mean;
            } else {
                cell.mean = e.models[m].means[metric];
            }
            if (cell.mean > top) top = cell.mean;
            if (i < 0) continue;
            if (c->options.baseline) {
                const std::size_t b = *c->options.baseline;
                if (m != b && b < models) cell.mark = direction(pairs.find(m, b, metric), m);
            } else {
                for (std::size_t other = 0; other < models; ++other)
                    if (other != m && direction(pairs.find(m, other, metric), m) > 0)
                        cell.betterThan += modelLetter(other);
            }
        }
        const MetricRecord* record = e.settings.metrics[metric].record();
        const bool ranked = models > 1 && !(record && record->direction == Direction::None);  // more is not better for a count
        for (std::size_t m = 0; m < models; ++m) {
            SummaryCell& cell = cells_[m * columns_ + col];
            cell.best = ranked && cell.mean == top;
        }
    }
}

} // namespace ranklab::ui
