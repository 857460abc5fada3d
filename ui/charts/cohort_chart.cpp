#include "ui/charts/cohort_chart.h"

#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "ui/charts/model_look.h"
#include "ui/charts/value_axis.h"

namespace ranklab::ui {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kBarWidth = 0.8;  // of a group's slot

CohortBar barOf(const stats::Comparison& c, std::size_t model, std::size_t metric, bool bootstrap) {
    if (model >= c.means.size() || metric >= c.means[model].size()) return {kNaN, kNaN, kNaN};
    const stats::MeanSummary& s = c.means[model][metric];
    if (bootstrap && s.bootstrap) return {s.moments.mean, s.bootstrap->lo, s.bootstrap->hi};
    return {s.moments.mean, s.t.lo, s.t.hi};
}

// A set-level column (option.metric indexes the set-level comparison's columns):
// the statistic with its bootstrap interval.
CohortBar setBarOf(const stats::SetLevelComparison& s, std::size_t model, std::size_t metric) {
    if (model >= s.value.size() || metric >= s.value[model].size()) return {kNaN, kNaN, kNaN};
    return {s.value[model][metric], s.interval[model][metric].lo, s.interval[model][metric].hi};
}

std::size_t bestOf(const std::vector<CohortBar>& bars, Direction direction) {
    std::size_t best = 0;
    for (std::size_t m = 1; m < bars.size(); ++m)
        if (isBetter(direction, bars[m].mean, bars[best].mean)) best = m;
    return best;
}

} // namespace

bool showsSetLevel(const CohortComparison& result) {
    return result.overall.metrics.empty() && result.overallSetLevel && !result.overallSetLevel->metrics.empty();
}

std::vector<CohortGroup> cohortGroups(const CohortComparison& result, const CohortChartOptions& options) {
    std::vector<CohortGroup> groups;
    const std::size_t models = result.overall.models.size();
    auto group = [&](const QString& label, const std::optional<stats::Comparison>& c, bool differs) {
        CohortGroup g{label, differs, {}};
        for (std::size_t m = 0; m < models; ++m)
            g.bars.push_back(c ? barOf(*c, m, options.metric, options.bootstrapCi) : CohortBar{kNaN, kNaN, kNaN});
        groups.push_back(std::move(g));
    };
    if (showsSetLevel(result)) {
        const stats::SetLevelComparison& all = *result.overallSetLevel;
        const Direction direction = directionOf(MetricSpec::parse(all.metricIds.at(options.metric)));
        auto bars = [&](const stats::SetLevelComparison* s) {
            std::vector<CohortBar> out;
            for (std::size_t m = 0; m < models; ++m) out.push_back(s ? setBarOf(*s, m, options.metric) : CohortBar{kNaN, kNaN, kNaN});
            return out;
        };
        const std::vector<CohortBar> overall = bars(&all);
        const std::size_t overallBest = bestOf(overall, direction);
        if (options.showOverall) groups.push_back({QStringLiteral("all (%1)").arg(result.overall.users), false, overall});
        for (const CohortResult& c : result.cohorts) {
            std::vector<CohortBar> b = bars(c.setLevel ? &*c.setLevel : nullptr);
            const bool differs = c.setLevel && models > 1 && bestOf(b, direction) != overallBest;
            groups.push_back({QStringLiteral("%1 (%2)").arg(QString::fromStdString(c.label)).arg(c.users), differs,
                              std::move(b)});
        }
        return groups;
    }
    if (options.showOverall)
        group(QStringLiteral("all (%1)").arg(result.overall.users), result.overall, false);
    for (const CohortResult& c : result.cohorts) {
        const bool differs = options.metric < c.bestDiffers.size() && c.bestDiffers[options.metric];
        group(QStringLiteral("%1 (%2)").arg(QString::fromStdString(c.label)).arg(c.users), c.comparison, differs);
    }
    return groups;
}

CohortChart::CohortChart(const CohortComparison& result, const QList<ModelLook>& looks,
                         const CohortChartOptions& options, QGraphicsItem* parent)
    : QChart(parent), options_(options), groups_(cohortGroups(result, options)) {
    const std::size_t models = result.overall.models.size();
    if (showsSetLevel(result) && options.metric < result.overallSetLevel->metricIds.size())
        metricId_ = QString::fromStdString(result.overallSetLevel->metricIds[options.metric]);
    else if (options.metric < result.overall.metricIds.size())
        metricId_ = QString::fromStdString(result.overall.metricIds[options.metric]);
    setTitle(QStringLiteral("%1 by cohort (%2)").arg(metricId_, QString::fromLatin1(cohortGroupingName(result.by))));
    sets_.assign(models, nullptr);
    whiskers_.assign(models, std::vector<QLineSeries*>(groups_.size(), nullptr));

    std::vector<std::size_t> shown;
    for (std::size_t m = 0; m < models; ++m)
        if (m >= std::size_t(looks.size()) || looks[int(m)].visible) shown.push_back(m);

    auto* xAxis = new QCategoryAxis;
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    xAxis->setStartValue(-0.5);
    xAxis->setRange(-0.5, double(groups_.size()) - 0.5);
    for (std::size_t g = 0; g < groups_.size(); ++g)
        xAxis->append(groups_[g].label + (groups_[g].bestDiffers ? QStringLiteral(" ◆") : QString()), double(g));
    const bool anyDiffers =
        std::any_of(groups_.begin(), groups_.end(), [](const CohortGroup& g) { return g.bestDiffers; });
    xAxis->setTitleText(anyDiffers ? QStringLiteral("cohort (users); ◆ shaded: its best model is not the best over all users")
                                   : QStringLiteral("cohort (users)"));
    xAxis->setGridLineVisible(false);
    QCategoryAxis* yAxis = makeValueAxis();  // whiskers may reach below 0: no "-0.00"
    yAxis->setTitleText(QStringLiteral("mean %1").arg(metricId_));
    addAxis(xAxis, Qt::AlignBottom);
    addAxis(yAxis, Qt::AlignLeft);

    double top = 0, bottom = 0;
    for (const CohortGroup& g : groups_)
        for (std::size_t m : shown)
            for (double v : {g.bars[m].mean, g.bars[m].lo, g.bars[m].hi})
                if (std::isfinite(v)) top = std::max(top, v), bottom = std::min(bottom, v);
    if (top <= bottom) top = bottom + 1;
    setValueAxisRange(yAxis, bottom, top * 1.04);

    // The highlight first so it is drawn behind the bars.
    if (anyDiffers) {
        auto* upper = new QLineSeries(this);
        const double high = yAxis->max();
        for (std::size_t g = 0; g < groups_.size(); ++g) {
            const double h = groups_[g].bestDiffers ? high : yAxis->min();
            upper->append(double(g) - 0.5, h);
            upper->append(double(g) + 0.5, h);
        }
        highlight_ = new QAreaSeries(upper);
        highlight_->setName(QStringLiteral("best model differs from overall"));
        highlight_->setBrush(QColor(0xff, 0xe9, 0xa8));
        highlight_->setPen(Qt::NoPen);
        addSeries(highlight_);
        highlight_->attachAxis(xAxis);
        highlight_->attachAxis(yAxis);
    }

    auto* bars = new QBarSeries;
    bars->setBarWidth(kBarWidth);
    for (std::size_t m : shown) {
        const ModelLook look = lookOf(looks, m, QString::fromStdString(result.overall.models[m]));
        const QColor color = look.color;
        auto* set = new QBarSet(look.name);
        for (const CohortGroup& g : groups_) set->append(std::isfinite(g.bars[m].mean) ? g.bars[m].mean : 0.0);
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        bars->append(set);
        sets_[m] = set;
    }
    addSeries(bars);
    bars->attachAxis(xAxis);
    bars->attachAxis(yAxis);

    // Whiskers at each bar's centre: bars of one group share kBarWidth.
    const double slot = kBarWidth / double(std::max<std::size_t>(1, shown.size()));
    const double cap = slot * 0.25;
    for (std::size_t j = 0; j < shown.size(); ++j) {
        const std::size_t m = shown[j];
        for (std::size_t g = 0; g < groups_.size(); ++g) {
            const CohortBar& b = groups_[g].bars[m];
            if (!std::isfinite(b.lo) || !std::isfinite(b.hi)) continue;
            const double x = double(g) - kBarWidth / 2 + slot * (double(j) + 0.5);
            auto* w = new QLineSeries;
            w->append({QPointF(x - cap, b.lo), QPointF(x + cap, b.lo), QPointF(x, b.lo), QPointF(x, b.hi),
                       QPointF(x - cap, b.hi), QPointF(x + cap, b.hi)});
            w->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.3));
            addSeries(w);
            w->attachAxis(xAxis);
            w->attachAxis(yAxis);
            for (QLegendMarker* marker : legend()->markers(w)) marker->setVisible(false);
            whiskers_[m][g] = w;
        }
    }
    legend()->setAlignment(Qt::AlignBottom);
}

QBarSet* CohortChart::barSet(std::size_t model) const { return model < sets_.size() ? sets_[model] : nullptr; }

QLineSeries* CohortChart::whisker(std::size_t model, std::size_t group) const {
    return model < whiskers_.size() && group < whiskers_[model].size() ? whiskers_[model][group] : nullptr;
}

QString CohortChart::description() const {
    return QStringLiteral("mean %1 per cohort; whiskers: %2 CI")
        .arg(metricId_, options_.bootstrapCi ? QStringLiteral("percentile bootstrap") : QStringLiteral("Student t"));
}

} // namespace ranklab::ui
