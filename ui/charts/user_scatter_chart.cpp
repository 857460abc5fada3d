#include "ui/charts/user_scatter_chart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ranklab::ui {

std::map<std::pair<double, double>, std::size_t> scatterPoints(const Evaluation& e, const UserPair& pair) {
    std::map<std::pair<double, double>, std::size_t> points;
    for (std::size_t row = 0; row < e.users.size(); ++row)
        ++points[{e.value(pair.a, row, pair.metric), e.value(pair.b, row, pair.metric)}];
    return points;
}

std::vector<UserId> usersInRect(const Evaluation& e, const UserPair& pair, const QRectF& values) {
    const QRectF r = values.normalized();
    std::vector<UserId> users;
    for (std::size_t row = 0; row < e.users.size(); ++row) {
        const double a = e.value(pair.a, row, pair.metric), b = e.value(pair.b, row, pair.metric);
        if (a >= r.left() && a <= r.right() && b >= r.top() && b <= r.bottom()) users.push_back(e.users[row]);
    }
    std::sort(users.begin(), users.end());
    return users;
}

DifferenceHistogram differenceHistogram(const Evaluation& e, const UserPair& pair, std::size_t bins) {
    DifferenceHistogram h;
    if (e.users.empty() || bins == 0) return h;
    std::vector<double> d(e.users.size());
    for (std::size_t row = 0; row < d.size(); ++row)
        d[row] = e.value(pair.b, row, pair.metric) - e.value(pair.a, row, pair.metric);
    const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
    h.lo = *lo;
    if (*hi == *lo) {
        h.counts = {d.size()};
        return h;
    }
    h.width = (*hi - *lo) / double(bins);
    h.counts.assign(bins, 0);
    for (double x : d) ++h.counts[std::min(bins - 1, std::size_t((x - h.lo) / h.width))];
    return h;
}

UserScatterChart::UserScatterChart(const Evaluation& e, const UserPair& pair, const QList<ModelLook>& looks,
                                   Kind kind, const std::vector<UserId>& selected, QGraphicsItem* parent)
    : QChart(parent), kind_(kind) {
    metricId_ = QString::fromStdString(e.settings.metrics.at(pair.metric).id());
    auto name = [&](std::size_t m) {
        return m < std::size_t(looks.size()) ? looks[int(m)].name : QString::fromStdString(e.models.at(m).name);
    };
    nameA_ = name(pair.a);
    nameB_ = name(pair.b);
    legend()->setAlignment(Qt::AlignBottom);

    if (kind == Kind::Differences) {
        setTitle(QStringLiteral("%1: %2 − %3 per user").arg(metricId_, nameB_, nameA_));
        const DifferenceHistogram h = differenceHistogram(e, pair);
        bars_ = new QBarSet(QStringLiteral("users"));
        QStringList labels;
        for (std::size_t i = 0; i < h.counts.size(); ++i) {
            *bars_ << double(h.counts[i]);
            const double from = h.lo + h.width * double(i);
            labels << (h.counts.size() == 1 ? QString::number(h.lo, 'g', 3)
                                            : (i % 5 == 0 ? QString::number(from, 'f', 2) : QString()));
        }
        bars_->setColor(pair.b < std::size_t(looks.size()) ? looks[int(pair.b)].color : QColor(Qt::darkGray));
        auto* series = new QBarSeries;
        series->append(bars_);
        series->setBarWidth(0.95);
        addSeries(series);
        auto* x = new QBarCategoryAxis;
        x->append(labels);
        x->setTitleText(QStringLiteral("%1 − %2 (bins from)").arg(nameB_, nameA_));
        auto* y = new QValueAxis;
        y->setTitleText(QStringLiteral("users"));
        y->setLabelFormat(QStringLiteral("%.0f"));
        addAxis(x, Qt::AlignBottom);
        addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        legend()->hide();
        return;
    }

    setTitle(QStringLiteral("%1 per user: %2 vs %3").arg(metricId_, nameA_, nameB_));
    const auto distinct = scatterPoints(e, pair);
    double lo = 0, hi = 0;
    points_ = new QScatterSeries;
    points_->setName(QStringLiteral("users (%1 distinct points)").arg(distinct.size()));
    points_->setMarkerSize(7);
    QColor color = pair.b < std::size_t(looks.size()) ? looks[int(pair.b)].color : QColor(Qt::darkGray);
    color.setAlpha(110);
    points_->setColor(color);
    points_->setBorderColor(Qt::transparent);
    QList<QPointF> list;
    list.reserve(qsizetype(distinct.size()));
    for (const auto& [xy, count] : distinct) {
        list.append(QPointF(xy.first, xy.second));
        lo = std::min({lo, xy.first, xy.second});
        hi = std::max({hi, xy.first, xy.second});
    }
    points_->replace(list);
    if (hi <= lo) hi = lo + 1;

    diagonal_ = new QLineSeries;
    diagonal_->setName(QStringLiteral("%1 = %2").arg(nameA_, nameB_));
    diagonal_->append(lo, lo);
    diagonal_->append(hi, hi);
    diagonal_->setPen(QPen(QColor(120, 120, 120), 1.2, Qt::DashLine));

    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    const double pad = (hi - lo) * 0.03;
    // Ticks at round values (0, 0.2, ...) anchored at 0, the range just past the data.
    const double raw = (hi - lo) / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / magnitude < 1.5 ? magnitude : raw / magnitude < 3.5 ? 2 * magnitude
                        : raw / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
    for (QValueAxis* axis : {x, y}) {
        axis->setRange(lo - pad, hi + pad);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(step);
        axis->setLabelFormat(step >= 1 ? QStringLiteral("%.0f") : step >= 0.1 ? QStringLiteral("%.1f")
                                                                               : QStringLiteral("%.2f"));
    }
    x->setTitleText(QStringLiteral("%1 of %2").arg(metricId_, nameA_));
    y->setTitleText(QStringLiteral("%1 of %2").arg(metricId_, nameB_));
    addAxis(x, Qt::AlignBottom);
    addAxis(y, Qt::AlignLeft);
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{diagonal_, points_}) {
        addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    if (!selected.empty()) {
        selected_ = new QScatterSeries;
        selected_->setName(QStringLiteral("selected (%1)").arg(selected.size()));
        selected_->setMarkerSize(8);
        selected_->setColor(QColor(20, 20, 20));
        selected_->setBorderColor(Qt::white);
        QList<QPointF> chosen;
        for (std::size_t row = 0; row < e.users.size(); ++row)
            if (std::binary_search(selected.begin(), selected.end(), e.users[row]))
                chosen.append(QPointF(e.value(pair.a, row, pair.metric), e.value(pair.b, row, pair.metric)));
        selected_->replace(chosen);
        addSeries(selected_);
        selected_->attachAxis(x);
        selected_->attachAxis(y);
    }
}

QString UserScatterChart::description() const {
    return kind_ == Kind::Scatter ? QStringLiteral("%1 per user, %2 vs %3").arg(metricId_, nameA_, nameB_)
                                  : QStringLiteral("%1, %2 − %3 per user").arg(metricId_, nameB_, nameA_);
}

} // namespace ranklab::ui
