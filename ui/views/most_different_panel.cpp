#include "ui/views/most_different_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

#include "ui/job_tracker.h"

namespace ranklab::ui {

namespace {

QStandardItem* number(double v, int decimals) {
    auto* item = new QStandardItem(std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'f', decimals));
    item->setData(std::isnan(v) ? -1e300 : v, MostDifferentPanel::SortRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

MostDifferentPanel::MostDifferentPanel(QWidget* parent) : QWidget(parent), jobs_(new JobTracker(this)) {
    key_ = new QComboBox(this);
    key_->setObjectName(QStringLiteral("mostDifferentKey"));
    key_->addItem(tr("by |B − A|"), int(DifferenceKey::AbsoluteDelta));
    key_->addItem(tr("by list overlap (Jaccard)"), int(DifferenceKey::Overlap));
    key_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    key_->setMinimumContentsLength(14);
    key_->setToolTip(tr("Rank the users by the size of B − A of the metric, or by how little the two top-k lists "
                        "share (Jaccard: items in both over items in either)"));
    depth_ = new QSpinBox(this);
    depth_->setRange(1, 1000);
    depth_->setValue(10);
    depth_->setPrefix(tr("top "));
    depth_->setToolTip(tr("The depth of the lists compared by overlap"));
    compare_ = new QPushButton(tr("Compare"), this);
    compare_->setToolTip(tr("Open the current user's lists from A and B side by side (or double-click a row)"));
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    caption_->setObjectName(QStringLiteral("mostDifferentCaption"));

    model_ = new QStandardItemModel(this);
    model_->setSortRole(SortRole);
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setSortingEnabled(true);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setStretchLastSection(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(key_);
    controls->addWidget(depth_);
    controls->addStretch(1);
    controls->addWidget(compare_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(caption_);
    layout->addWidget(table_, 1);

    connect(key_, &QComboBox::activated, this, &MostDifferentPanel::recompute);
    connect(depth_, &QSpinBox::valueChanged, this, &MostDifferentPanel::recompute);
    connect(table_, &QTableView::doubleClicked, this, &MostDifferentPanel::compareCurrent);
    connect(compare_, &QPushButton::clicked, this, &MostDifferentPanel::compareCurrent);
}

void MostDifferentPanel::setInputs(std::shared_ptr<const EvaluationResult> result, const UserPair& pair) {
    result_ = std::move(result);
    pair_ = pair;
    if (!result_) {
        jobs_->cancel();
        shown_.reset();
        shownResult_.reset();
        model_->clear();
        caption_->clear();
        return;
    }
    // The overlap's depth starts at the metric column's cutoff (ndcg@10: 10).
    if (depthFor_ != pair.metric && pair.metric < result_->evaluation->settings.metrics.size()) {
        const std::uint32_t cutoff = result_->evaluation->settings.metrics[pair.metric].cutoff;
        const QSignalBlocker quiet(depth_);
        if (cutoff >= 1 && cutoff <= std::uint32_t(depth_->maximum())) depth_->setValue(int(cutoff));
        depthFor_ = pair.metric;
    }
    recompute();
}

MostDifferentSpec MostDifferentPanel::spec() const {
    MostDifferentSpec s;
    s.pair = pair_;
    s.k = std::uint32_t(depth_->value());
    s.key = DifferenceKey(key_->currentData().toInt());
    s.limit = kRows;
    return s;
}

void MostDifferentPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    recompute();
}

void MostDifferentPanel::recompute() {
    if (!result_ || !isVisible()) return;
    const MostDifferentSpec s = spec();
    if (shown_ && shownResult_ == result_ && shown_->spec == s) {
        Q_EMIT refreshed();
        return;
    }
    caption_->setText(tr("Ranking every user's two lists…"));
    const std::shared_ptr<const EvaluationResult> r = result_;
    jobs_->start<MostDifferent>(
        tr("Finding the users where the two models differ most…"),
        [r, s](const Progress& progress) { return mostDifferentUsers(*r, s, &progress); },
        [this, r](MostDifferent m) {
            shown_ = std::move(m);
            shownResult_ = r;
            fill();
            Q_EMIT refreshed();
        });
}

void MostDifferentPanel::fill() {
    const MostDifferent& m = *shown_;
    const auto& looks = shownResult_->models;
    auto name = [&](std::size_t i) { return i < std::size_t(looks.size()) ? looks[int(i)].name : QString(); };
    const QString a = name(m.spec.pair.a), b = name(m.spec.pair.b);
    const QString metric =
        QString::fromStdString(shownResult_->evaluation->settings.metrics.at(m.spec.pair.metric).id());
    const QString jaccard = tr("Jaccard top %1").arg(m.spec.k);
    model_->clear();
    model_->setHorizontalHeaderLabels({tr("#"), tr("user"), tr("%1 (A)").arg(a), tr("%1 (B)").arg(b), tr("B − A"),
                                       tr("|B − A|"), jaccard});
    const Dataset& data = *shownResult_->dataset;
    for (std::size_t i = 0; i < m.rows.size(); ++i) {
        const MostDifferentRow& row = m.rows[i];
        auto* place = new QStandardItem(QString::number(i + 1));
        place->setData(double(i + 1), SortRole);
        place->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const QString id = QString::fromUtf8(data.ids.users.name(row.user));
        auto* user = new QStandardItem(id);
        user->setData(id, SortRole);
        user->setData(qulonglong(row.user), UserRole);
        model_->appendRow({place, user, number(row.a, 4), number(row.b, 4), number(row.delta, 4),
                           number(std::abs(row.delta), 4), number(row.jaccard, 3)});
    }
    for (int c = 0; c < model_->columnCount(); ++c) table_->resizeColumnToContents(c);
    table_->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
    const QLocale english(QLocale::English);
    const QString by = m.spec.key == DifferenceKey::AbsoluteDelta
                           ? tr("by |B − A| of %1 (then the least overlap)").arg(metric)
                           : tr("by the least overlap of their top %1 lists (then |B − A| of %2)").arg(m.spec.k).arg(metric);
    caption_->setText(tr("The %1 of %2 users where <b>%3</b> (A) and <b>%4</b> (B) differ most, %5. Double-click a "
                         "row to compare the lists.")
                          .arg(english.toString(qulonglong(m.rows.size())), english.toString(qulonglong(m.users)),
                               a.toHtmlEscaped(), b.toHtmlEscaped(), by));
}

UserId MostDifferentPanel::userAt(int row) const {
    return UserId(model_->index(row, 1).data(UserRole).toULongLong());
}

void MostDifferentPanel::compareCurrent() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid() || !shown_) return;
    Q_EMIT compareRequested(userAt(current.row()), shown_->spec.pair.a, shown_->spec.pair.b);
}

} // namespace ranklab::ui
