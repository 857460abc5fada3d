#include "ui/charts/user_scatter_chart.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "ui/charts/density_item.h"

namespace ranklab::ui {

namespace {

// Ticks at round values (0, 0.2, ...) anchored at 0 over [lo, hi].
void roundTicks(QValueAxis* axis, double lo, double hi) {
    const double raw = (hi - lo) / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / magnitude < 1.5 ? magnitude : raw / magnitude < 3.5 ? 2 * magnitude
                        : raw / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
    axis->setRange(lo, hi);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    const int digits = step >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(step) - 1e-9)), 1, 6);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(digits));
}

QString usersText(std::uint64_t n) {
    return n == 1 ? QStringLiteral("1 user") : QStringLiteral("%1 users").arg(QLocale(QLocale::English).toString(qulonglong(n)));
}

QString shareText(std::uint64_t part, std::uint64_t whole) {
    return whole ? QStringLiteral("%1%").arg(100.0 * double(part) / double(whole), 0, 'f', part * 20 < whole ? 1 : 0)
                 : QStringLiteral("0%");
}

// A series drawing nothing: its name and colour are a legend entry.
QScatterSeries* legendEntry(const QString& name, const QColor& color) {
    auto* entry = new QScatterSeries;
    entry->setName(name);
    entry->setColor(color);
    entry->setBorderColor(Qt::transparent);
    return entry;
}

// The log axis starts a little under 1, so a bin of one user shows a bar.
constexpr double kLogFloor = 0.7;

} // namespace

UserScatterChart::UserScatterChart(std::shared_ptr<const DensityPlot> plot, const QList<ModelLook>& looks, Kind kind,
                                   Options options, QGraphicsItem* parent)
    : QChart(parent), plot_(std::move(plot)), kind_(kind), options_(options) {
    metricId_ = QString::fromStdString(plot_->metricId);
    auto name = [&](std::size_t m) {
        return m < std::size_t(looks.size()) ? looks[int(m)].name : QStringLiteral("model %1").arg(m + 1);
    };
    nameA_ = name(plot_->pair.a);
    nameB_ = name(plot_->pair.b);
    legend()->setAlignment(Qt::AlignBottom);
    if (kind == Kind::Differences)
        buildHistogram(looks);
    else
        buildDensity(looks);
}

void UserScatterChart::buildDensity(const QList<ModelLook>&) {
    const DensityPlot& p = *plot_;
    setTitle(QStringLiteral("%1 per user: %2 vs %3").arg(metricId_, nameA_, nameB_));
    const double pad = (p.hi - p.lo) * 0.03;
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    for (QValueAxis* axis : {x, y}) roundTicks(axis, p.lo - pad, p.hi + pad);
    x->setTitleText(QStringLiteral("%1 of %2 (A)").arg(metricId_, nameA_));
    y->setTitleText(QStringLiteral("%1 of %2 (B)").arg(metricId_, nameB_));
    addAxis(x, Qt::AlignBottom);
    addAxis(y, Qt::AlignLeft);

    diagonal_ = new QLineSeries;
    diagonal_->setName(QStringLiteral("%1 = %2").arg(nameA_, nameB_));
    diagonal_->append(p.lo - pad, p.lo - pad);
    diagonal_->append(p.hi + pad, p.hi + pad);
    diagonal_->setPen(QPen(QColor(200, 20, 60, 190), 1.6, Qt::DashLine));  // the cells under it show through
    addSeries(diagonal_);
    diagonal_->attachAxis(x);
    diagonal_->attachAxis(y);
    // Legend entries only (no points): what the discs or cells are, and the selection.
    auto* users = new QScatterSeries;
    users->setName(p.points ? QStringLiteral("%1 on %2 distinct points").arg(usersText(p.users)).arg(p.points->size())
                            : QStringLiteral("%1 in %2 × %2 cells").arg(usersText(p.users)).arg(p.grid.columns.count()));
    users->setColor(DensityItem::colorFor(10, 100));  // the middle of the scale
    users->setBorderColor(Qt::transparent);
    addSeries(users);
    users->attachAxis(x);
    users->attachAxis(y);
    if (p.selected) {
        auto* selected = new QScatterSeries;
        selected->setName(QStringLiteral("selected (%1)").arg(usersText(p.selected)));
        selected->setColor(DensityItem::kSelectedColor);
        selected->setBorderColor(Qt::transparent);
        addSeries(selected);
        selected->attachAxis(x);
        selected->attachAxis(y);
    }
    if (p.atOrigin) {
        // The corner cell hides them: a ring over (0, 0) whose size grows with their share.
        origin_ = new QScatterSeries;
        origin_->setName(QStringLiteral("%1 (%2) at (0, 0): both score 0")
                             .arg(usersText(p.atOrigin), shareText(p.atOrigin, p.users)));
        origin_->append(0, 0);
        const double share = p.users ? double(p.atOrigin) / double(p.users) : 0;
        origin_->setMarkerSize(10 + 36 * std::sqrt(share));
        origin_->setColor(QColor(20, 20, 20, 40));
        origin_->setBorderColor(QColor(20, 20, 20));
        origin_->setPen(QPen(QColor(20, 20, 20), 2));
        addSeries(origin_);
        origin_->attachAxis(x);
        origin_->attachAxis(y);
    }
    QMargins m = margins();
    m.setRight(m.right() + DensityItem::kColorBarSpace);
    setMargins(m);
    density_ = new DensityItem(this, diagonal_, plot_);
    // Over the plot area and its grid, under the axes' labels and the diagonal.
    density_->setZValue(2.5);
    connect(this, &QChart::geometryChanged, this, [this] { density_->chartResized(); });
    connect(this, &QChart::plotAreaChanged, this, [this] { density_->update(); });
}

void UserScatterChart::buildHistogram(const QList<ModelLook>& looks) {
    const DensityPlot& p = *plot_;
    const stats::Bins& bins = p.differenceBins;
    setTitle(QStringLiteral("%1: %2 − %3 per user").arg(metricId_, nameB_, nameA_));
    barCounts_ = p.differenceCounts;
    const auto tieBin = p.exactTies ? bins.index(0.0) : std::nullopt;
    if (options_.tiesApart && tieBin) barCounts_[*tieBin] -= std::min<std::uint64_t>(barCounts_[*tieBin], p.exactTies);
    const double floor = options_.logCounts ? kLogFloor : 0.0;
    auto height = [&](std::uint64_t c) { return std::max(floor, double(c)); };
    auto* upper = new QLineSeries(this);
    auto* lower = options_.logCounts ? new QLineSeries(this) : nullptr;
    std::uint64_t max = 0;
    upper->append(bins.edge(0), floor);
    for (std::size_t i = 0; i < bins.count(); ++i) {
        upper->append(bins.edge(i), height(barCounts_[i]));
        upper->append(bins.edge(i + 1), height(barCounts_[i]));
        max = std::max(max, barCounts_[i]);
    }
    upper->append(bins.edge(bins.count()), floor);
    if (lower) {
        lower->append(bins.edge(0), floor);
        lower->append(bins.edge(bins.count()), floor);
    }
    bars_ = new QAreaSeries(upper, lower);
    bars_->setName(QStringLiteral("users per bin (width %1)").arg(bins.edge(1) - bins.edge(0), 0, 'g', 3));
    QColor color = p.pair.b < std::size_t(looks.size()) ? looks[int(p.pair.b)].color : QColor(Qt::darkGray);
    bars_->setColor(color);
    bars_->setBorderColor(color.darker(150));
    addSeries(bars_);

    auto* x = new QValueAxis;
    roundTicks(x, bins.lo(), bins.hi());
    x->setTitleText(QStringLiteral("%1 − %2").arg(nameB_, nameA_));
    QAbstractAxis* y = nullptr;
    double top = 0;
    if (options_.logCounts) {
        auto* log = new QLogValueAxis;
        top = std::max(10.0, double(max) * 1.6);
        log->setBase(10);
        log->setRange(kLogFloor, top);
        log->setLabelFormat(QStringLiteral("%.0f"));
        log->setMinorTickCount(-1);
        y = log;
    } else {
        auto* linear = new QValueAxis;
        top = std::max(1.0, double(max) * 1.06);
        roundTicks(linear, 0, top);
        linear->setLabelFormat(QStringLiteral("%.0f"));
        y = linear;
    }
    y->setTitleText(options_.logCounts ? QStringLiteral("users (log scale)") : QStringLiteral("users"));
    addAxis(x, Qt::AlignBottom);
    addAxis(y, Qt::AlignLeft);
    bars_->attachAxis(x);
    bars_->attachAxis(y);
    if (bins.lo() < 0 && bins.hi() > 0) {
        auto* zero = new QLineSeries;
        zero->setName(QStringLiteral("B = A"));
        zero->append(0, std::max(floor, 0.0));
        zero->append(0, top);
        zero->setPen(QPen(QColor(60, 60, 60), 1.2, Qt::DashLine));
        addSeries(zero);
        zero->attachAxis(x);
        zero->attachAxis(y);
    }
    if (p.exactTies) {
        // The spike at 0, counted: in its bar, or left out of the bars.
        const QString ties = QStringLiteral("%1 (%2) tie exactly (B = A)").arg(usersText(p.exactTies),
                                                                                 shareText(p.exactTies, p.users));
        QScatterSeries* entry = legendEntry(
            options_.tiesApart ? ties + QStringLiteral(", left out of the bars") : ties + QStringLiteral(", in the bar at 0"),
            QColor(90, 90, 90));
        addSeries(entry);
        entry->attachAxis(x);
        entry->attachAxis(y);
    }
}

QRectF UserScatterChart::binRect(std::size_t i) const {
    if (!bars_ || i >= barCounts_.size()) return {};
    const stats::Bins& bins = plot_->differenceBins;
    auto* self = const_cast<UserScatterChart*>(this);  // mapToPosition only reads
    const QPointF low = self->mapToPosition(QPointF(bins.edge(i), options_.logCounts ? kLogFloor : 0.0), bars_);
    const double floor = options_.logCounts ? kLogFloor : 0.0;
    const QPointF high = self->mapToPosition(QPointF(bins.edge(i + 1), std::max(floor, double(barCounts_[i]))), bars_);
    return QRectF(low, high).normalized();
}

QString UserScatterChart::describe(QPointF at) const {
    if (density_) return density_->describe(at);
    const stats::Bins& bins = plot_->differenceBins;
    const auto i = bins.index(at.x());
    if (!i) return {};
    QString text = QStringLiteral("B − A in [%1, %2%3: %4")
                       .arg(QString::number(bins.edge(*i), 'g', 4), QString::number(bins.edge(*i + 1), 'g', 4),
                            *i + 1 == bins.count() ? QStringLiteral("]") : QStringLiteral(")"),
                            usersText(barCounts_[*i]));
    if (barCounts_[*i] != plot_->differenceCounts[*i])
        text += QStringLiteral(" (and %1 exact ties, left out)").arg(usersText(plot_->differenceCounts[*i] - barCounts_[*i]));
    return text;
}

QString UserScatterChart::description() const {
    return kind_ == Kind::Scatter ? QStringLiteral("%1 per user, %2 vs %3").arg(metricId_, nameA_, nameB_)
                                  : QStringLiteral("%1, %2 − %3 per user").arg(metricId_, nameB_, nameA_);
}

} // namespace ranklab::ui
