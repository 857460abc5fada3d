#include "ui/views/per_user_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/charts/chart_caption.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/scatter_panel.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {

PerUserView::PerUserView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    metric_ = new QComboBox(this);
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    modelA_ = new QComboBox(this);
    modelB_ = new QComboBox(this);
    kind_ = new QComboBox(this);
    kind_->addItem(tr("Scatter A vs B"), int(UserScatterChart::Kind::Scatter));
    kind_->addItem(tr("Histogram of B − A"), int(UserScatterChart::Kind::Differences));
    idFilter_ = new QLineEdit(this);
    idFilter_->setPlaceholderText(tr("Filter user ids"));
    idFilter_->setClearButtonEnabled(true);
    relation_ = new QComboBox(this);
    relation_->addItem(tr("All users"), int(PerUserFilter::Relation::Any));
    relation_->addItem(tr("B better (B > A)"), int(PerUserFilter::Relation::BBetter));
    relation_->addItem(tr("A better (A > B)"), int(PerUserFilter::Relation::ABetter));
    relation_->addItem(tr("Ties (A = B)"), int(PerUserFilter::Relation::Equal));
    showUser_ = new QPushButton(tr("Show User"), this);
    showUser_->setToolTip(tr("Open the current user's ranked lists in the User tab (or double-click a row)"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Metric:"), this));
    controls->addWidget(metric_);
    controls->addWidget(new QLabel(tr("A:"), this));
    controls->addWidget(modelA_);
    controls->addWidget(new QLabel(tr("B:"), this));
    controls->addWidget(modelB_);
    controls->addWidget(kind_);
    controls->addStretch(1);

    auto* filters = new QHBoxLayout;
    filters->addWidget(idFilter_, 1);
    filters->addWidget(relation_);
    filters->addWidget(showUser_);

    model_ = new PerUserTableModel(this);
    filter_ = new PerUserFilter(this);
    filter_->setSourceModel(model_);
    table_ = new QTableView(this);
    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(0, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(filters);
    leftLayout->addWidget(table_, 1);

    panel_ = new ScatterPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
    layOut(controls, {splitPanes(Qt::Horizontal, left, 2, panel_, 3)});
    exportFrom(panel_);
    connect(panel_, &ScatterPanel::rectangleSelected, this, &PerUserView::selectRectangle);
    for (QComboBox* box : {metric_, modelA_, modelB_}) connect(box, &QComboBox::activated, this, &PerUserView::rebuild);
    connect(kind_, &QComboBox::activated, this, &PerUserView::showChart);
    connect(idFilter_, &QLineEdit::textChanged, filter_, &PerUserFilter::setIdText);
    connect(relation_, &QComboBox::activated, this,
            [this] { filter_->setRelation(PerUserFilter::Relation(relation_->currentData().toInt())); });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PerUserView::tableSelectionChanged);
    connect(table_, &QTableView::doubleClicked, this, &PerUserView::activateCurrent);
    connect(showUser_, &QPushButton::clicked, this, &PerUserView::activateCurrent);
    connect(selection, &SelectedUsers::changed, this, [this] {
        if (!result()) return;
        showSelection();
        showChart();
    });
}

PerUserView::~PerUserView() = default;

UserScatterChart* PerUserView::chart() const {
    return panel_->shown<UserScatterChart>();
}

UserPair PerUserView::pair() const {
    return {std::size_t(std::max(0, modelA_->currentData().toInt())),
            std::size_t(std::max(0, modelB_->currentData().toInt())),
            chosenColumn(metric_)};
}

void PerUserView::fillChoices() {
    fillMetricColumns(metric_, *result()->evaluation);
    const QString a = modelA_->currentText(), b = modelB_->currentText();
    for (QComboBox* box : {modelA_, modelB_}) box->clear();
    const auto& looks = result()->models;
    for (int m = 0; m < looks.size(); ++m)
        for (QComboBox* box : {modelA_, modelB_}) box->addItem(looks[m].name, m);
    // Defaults: A the comparison's baseline (else the first model), B the first other one.
    int base = 0;
    if (const auto& c = result()->comparison; c && c->options.baseline) base = int(*c->options.baseline);
    const int keepA = modelA_->findText(a), keepB = modelB_->findText(b);
    modelA_->setCurrentIndex(keepA >= 0 ? keepA : std::min(base, int(looks.size()) - 1));
    modelB_->setCurrentIndex(keepB >= 0 ? keepB : (modelA_->currentIndex() == 0 && looks.size() > 1 ? 1 : 0));
}

void PerUserView::refresh() {
    if (filled_ != result()->evaluation.get()) {
        fillChoices();
        filled_ = result()->evaluation.get();
    }
    rebuild();
    finishRefresh();
}

void PerUserView::rebuild() {
    if (!result()) return;
    model_->setResult(result(), pair());
    showSelection();
    showChart();
}

void PerUserView::showChart() {
    if (!result()) return;
    const auto kind = UserScatterChart::Kind(kind_->currentData().toInt());
    panel_->showChart(std::make_unique<UserScatterChart>(*result()->evaluation, pair(), result()->models, kind,
                                                         *selection()->users()));
}

void PerUserView::showSelection() {
    syncing_ = true;
    QItemSelection rows;
    for (UserId user : *selection()->users()) {
        const int row = model_->rowOf(user);
        if (row < 0) continue;
        const QModelIndex at = filter_->mapFromSource(model_->index(row, 0));
        if (at.isValid()) rows.select(at, at.siblingAtColumn(filter_->columnCount() - 1));
    }
    table_->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect);
    syncing_ = false;
}

void PerUserView::tableSelectionChanged() {
    if (syncing_ || !result()) return;
    std::vector<UserId> users;
    for (const QModelIndex& index : table_->selectionModel()->selectedRows())
        users.push_back(model_->userAt(filter_->mapToSource(index).row()));
    selection()->setUsers(std::move(users), tr("per-user table"));
}

void PerUserView::selectRectangle(const QRectF& values) {
    if (!result()) return;
    selection()->setUsers(usersInRect(*result()->evaluation, pair(), values), tr("scatter"));
}

void PerUserView::activateCurrent() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) return;
    Q_EMIT userActivated(model_->userAt(filter_->mapToSource(current).row()));
}

void PerUserView::clearView() {
    model_->setResult(nullptr, {});
    filled_ = nullptr;
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
}

std::unique_ptr<QChart> PerUserView::makeExportChart() const {
    if (!result() || !result()->evaluation || result()->evaluation->metricCount() == 0) return nullptr;
    return std::make_unique<UserScatterChart>(*result()->evaluation, pair(), result()->models,
                                              UserScatterChart::Kind(kind_->currentData().toInt()),
                                              *selection()->users());
}

QString PerUserView::exportCaption() const {
    const UserScatterChart* shown = chart();
    if (!shown || !result()) return {};
    return chartCaption(shown->description(), result()->evaluation->settings, result()->evaluation->users.size());
}

QString PerUserView::exportBaseName() const { return QStringLiteral("per-user-%1").arg(metric_->currentText()).replace('@', '-'); }

} // namespace ranklab::ui
