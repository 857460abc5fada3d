#include "ui/views/per_user_view.h"

#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

#include "ui/charts/chart_caption.h"
#include "ui/job_tracker.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/scatter_panel.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {

namespace {
const char* const kHint = QT_TRANSLATE_NOOP("PerUserView", "Hover for the users under the mouse; drag a rectangle to select them");
}

PerUserView::PerUserView(SelectedUsers* selection, QWidget* parent)
    : AnalysisView(selection, parent), rectJobs_(new JobTracker(this)) {
    metric_ = new QComboBox(this);
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    modelA_ = new QComboBox(this);
    modelB_ = new QComboBox(this);
    kind_ = new QComboBox(this);
    kind_->addItem(tr("Density A vs B"), int(UserScatterChart::Kind::Scatter));
    kind_->addItem(tr("Histogram of B − A"), int(UserScatterChart::Kind::Differences));
    idFilter_ = new QLineEdit(this);
    idFilter_->setPlaceholderText(tr("Filter user ids"));
    idFilter_->setAccessibleName(tr("Filter user ids"));
    idFilter_->setClearButtonEnabled(true);
    relation_ = new QComboBox(this);
    relation_->addItem(tr("All users"), int(PerUserRelation::Any));
    relation_->addItem(tr("B better (B > A)"), int(PerUserRelation::BBetter));
    relation_->addItem(tr("A better (A > B)"), int(PerUserRelation::ABetter));
    relation_->addItem(tr("Ties (A = B)"), int(PerUserRelation::Equal));
    relation_->addItem(tr("Selected users"), int(PerUserRelation::Selected));
    relation_->setObjectName(QStringLiteral("perUserRelation"));
    shown_ = new QLabel(this);
    shown_->setObjectName(QStringLiteral("perUserShown"));
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
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setSortingEnabled(true);  // the model sorts nothing: the header's indicator asks for an order
    table_->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setDefaultSectionSize(table_->fontMetrics().horizontalAdvance(QStringLiteral("0.00000000")));
    table_->horizontalHeader()->setStretchLastSection(true);
    // A highlighted header asks the selection whether each column is wholly
    // selected: a pass over every row per column and paint (40 ms at 100,000).
    table_->horizontalHeader()->setHighlightSections(false);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(filters);
    leftLayout->addWidget(shown_);
    leftLayout->addWidget(table_, 1);

    panel_ = new ScatterPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
    hover_ = new QLabel(tr(kHint), this);
    hover_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(panel_, 1);
    rightLayout->addWidget(hover_);
    layOut(controls, {splitPanes(Qt::Horizontal, left, 2, right, 3)});
    exportFrom(panel_);

    connect(panel_, &ScatterPanel::rectangleSelected, this, &PerUserView::selectRectangle);
    connect(panel_, &ScatterPanel::hovered, this, [this](QPointF value) {
        const UserScatterChart* c = chart();
        const QString text = c ? c->describe(value) : QString();
        hover_->setText(text.isEmpty() ? tr(kHint) : text);
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(QCursor::pos(), text, panel_);
    });
    connect(panel_, &ScatterPanel::left, this, [this] { hover_->setText(tr(kHint)); });
    for (QComboBox* box : {metric_, modelA_, modelB_, relation_})
        connect(box, &QComboBox::activated, this, [this] { invalidate(); });
    connect(kind_, &QComboBox::activated, this, &PerUserView::showChart);
    watchMetricChooser(metric_);
    connect(idFilter_, &QLineEdit::textChanged, this, [this] { invalidate(); });
    connect(table_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this] { invalidate(); });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PerUserView::tableSelectionChanged);
    connect(table_, &QTableView::doubleClicked, this, &PerUserView::activateCurrent);
    connect(showUser_, &QPushButton::clicked, this, &PerUserView::activateCurrent);
    connect(selection, &SelectedUsers::changed, this, &PerUserView::selectionChanged);
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

PerUserOrderSpec PerUserView::orderSpec() const {
    PerUserOrderSpec spec;
    spec.pair = pair();
    spec.models = model_->models();
    spec.column = table_->horizontalHeader()->sortIndicatorSection();
    spec.descending = table_->horizontalHeader()->sortIndicatorOrder() == Qt::DescendingOrder;
    spec.idText = idFilter_->text();
    spec.relation = PerUserRelation(relation_->currentData().toInt());
    spec.selected = selection()->users();
    return spec;
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
    const std::shared_ptr<const EvaluationResult> r = result();
    const std::shared_ptr<const Evaluation> e = r->evaluation;
    if (filled_ != e.get()) {
        fillChoices();
        filled_ = e.get();
    }
    if (modelResult_ != r.get()) {
        modelResult_ = r.get();
        model_->setResult(r, pair());  // every user, by id, until the order arrives
        model_->setSelected(selection()->users());
        fitColumns();
    }
    const UserPair p = pair();
    if (!(model_->pair() == p)) {
        model_->setPair(p);
        fitColumns();
    }
    const auto selected = selection()->users();
    const PerUserOrderSpec spec = orderSpec();
    std::shared_ptr<const DensityPlot> plot =
        plot_ && plotEvaluation_ == e && plot_->pair == p && plotSelection_ == selected ? plot_ : nullptr;
    std::shared_ptr<const std::vector<std::uint32_t>> order =
        order_ && orderEvaluation_ == e && orderSpec_ == spec ? order_ : nullptr;
    if (plot && order && countsEvaluation_ == e && countsPair_ == p) {
        model_->setOrder(order);
        showChart();
        showCounts();
        finishRefresh();
        return;
    }
    if (!plot_ || plotEvaluation_ != e) panel_->showPlaceholder(tr("Computing the per-user density…"));
    struct Computed {
        std::shared_ptr<const DensityPlot> plot;
        std::shared_ptr<const std::vector<std::uint32_t>> order;
        std::optional<PerUserCounts> counts;
    };
    const bool countsNeeded = countsEvaluation_ != e || !(countsPair_ == p);
    jobs()->start<Computed>(
        tr("Computing the per-user density…"),
        [r, p, selected, spec, plot, order, countsNeeded](const Progress& progress) {
            Computed c{plot, order, std::nullopt};
            if (countsNeeded) c.counts = perUserCounts(*r->evaluation, p);
            if (!c.plot)
                c.plot = std::make_shared<const DensityPlot>(computeDensityPlot(*r->evaluation, p, *selected, &progress));
            if (!c.order)
                c.order = std::make_shared<const std::vector<std::uint32_t>>(perUserOrder(*r, spec, &progress));
            return c;
        },
        [this, e, selected, spec, p](Computed c) {
            if (c.counts) {
                counts_ = *c.counts;
                countsEvaluation_ = e;
                countsPair_ = p;
            }
            plot_ = std::move(c.plot);
            plotEvaluation_ = e;
            plotSelection_ = selected;
            order_ = std::move(c.order);
            orderEvaluation_ = e;
            orderSpec_ = spec;
            model_->setOrder(order_);
            showChart();
            showCounts();
            const QLocale english(QLocale::English);
            Q_EMIT statusMessage(plot_->discrete()
                                     ? tr("Per user: %1 users on %2 distinct points")
                                           .arg(english.toString(qulonglong(plot_->users)),
                                                english.toString(qulonglong(plot_->points->size())))
                                     : tr("Per user: %1 users in %2 × %2 cells")
                                           .arg(english.toString(qulonglong(plot_->users)))
                                           .arg(plot_->grid.columns.count()));
            finishRefresh();
        });
}

void PerUserView::showCounts() {
    const QLocale english(QLocale::English);
    auto n = [&](std::size_t x) { return english.toString(qulonglong(x)); };
    const QString a = modelA_->currentText(), b = modelB_->currentText();
    relation_->setItemText(relation_->findData(int(PerUserRelation::Any)), tr("All users (%1)").arg(n(counts_.users())));
    relation_->setItemText(relation_->findData(int(PerUserRelation::BBetter)),
                           tr("B better (B > A): %1").arg(n(counts_.bBetter)));
    relation_->setItemText(relation_->findData(int(PerUserRelation::ABetter)),
                           tr("A better (A > B): %1").arg(n(counts_.aBetter)));
    relation_->setItemText(relation_->findData(int(PerUserRelation::Equal)), tr("Ties (A = B): %1").arg(n(counts_.ties)));
    const std::size_t rows = order_ ? order_->size() : 0;
    QString text = tr("%1 of %2 users shown · %3 wins %4, %5 wins %6, %7 tied")
                       .arg(n(rows), n(counts_.users()), b, n(counts_.bBetter), a, n(counts_.aBetter), n(counts_.ties));
    if (counts_.undefined) text += tr(", %1 without a value").arg(n(counts_.undefined));
    shown_->setText(text);
}

void PerUserView::fitColumns() {
    // From the header texts and the widest number, never from the rows
    // (sizing to contents would read thousands of them on every layout).
    QHeaderView* header = table_->horizontalHeader();
    const QFontMetrics metrics(header->font());
    const int number = table_->fontMetrics().horizontalAdvance(QStringLiteral("−0.0000")) + 14;
    for (int c = 0; c < model_->columnCount(); ++c) {
        const int text = metrics.horizontalAdvance(model_->headerData(c, Qt::Horizontal).toString()) + 24;
        const int idWidth = c == 0 ? table_->fontMetrics().horizontalAdvance(QStringLiteral("u00000")) + 12 : 0;
        header->resizeSection(c, std::max({text, number, idWidth}));
    }
}

void PerUserView::showChart() {
    if (!result() || !plot_ || plotEvaluation_ != result()->evaluation) return;
    const auto kind = UserScatterChart::Kind(kind_->currentData().toInt());
    if (const UserScatterChart* shown = chart();
        shown && &shown->plot() == plot_.get() && shown->kind() == kind && chartResult_ == result())
        return;  // already on screen: a new chart would only cost a layout
    chartResult_ = result();
    panel_->showChart(std::make_unique<UserScatterChart>(plot_, result()->models, kind));
}

void PerUserView::selectionChanged() {
    model_->setSelected(selection()->users());
    if (selection()->origin() != tr("per-user table")) {
        // Made elsewhere (a rectangle, another tab): the rows are highlighted,
        // the table's own row selection no longer applies.
        syncing_ = true;
        table_->selectionModel()->clearSelection();
        syncing_ = false;
    }
    if (result()) invalidate();
}

void PerUserView::tableSelectionChanged() {
    if (syncing_ || !result()) return;
    std::vector<UserId> users;
    for (const QItemSelectionRange& range : table_->selectionModel()->selection())
        for (int row = range.top(); row <= range.bottom(); ++row) users.push_back(model_->userAt(row));
    selection()->setUsers(std::move(users), tr("per-user table"));
}

void PerUserView::selectRectangle(const QRectF& values) {
    if (!result()) return;
    const std::shared_ptr<const EvaluationResult> r = result();
    const UserPair p = pair();
    const bool differences = UserScatterChart::Kind(kind_->currentData().toInt()) == UserScatterChart::Kind::Differences;
    rectJobs_->start<std::vector<UserId>>(
        tr("Selecting users…"),
        [r, p, values, differences](const Progress&) {
            const QRectF v = values.normalized();
            return differences ? usersWithDifferenceIn(*r->evaluation, p, v.left(), v.right())
                               : usersInRect(*r->evaluation, p, v);
        },
        [this, differences](std::vector<UserId> users) {
            selection()->setUsers(std::move(users), differences ? tr("histogram") : tr("scatter"));
        });
}

void PerUserView::activateCurrent() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) return;
    Q_EMIT userActivated(model_->userAt(current.row()));
}

void PerUserView::clearView() {
    model_->setResult(nullptr, {});
    filled_ = nullptr;
    modelResult_ = nullptr;
    plot_.reset();
    plotEvaluation_.reset();
    chartResult_.reset();
    order_.reset();
    orderEvaluation_.reset();
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
}

std::unique_ptr<QChart> PerUserView::makeExportChart() const {
    if (!result() || !plot_ || plotEvaluation_ != result()->evaluation) return nullptr;
    return std::make_unique<UserScatterChart>(plot_, result()->models,
                                              UserScatterChart::Kind(kind_->currentData().toInt()));
}

QString PerUserView::exportCaption() const {
    const UserScatterChart* shown = chart();
    if (!shown || !result()) return {};
    return chartCaption(shown->description(), result()->evaluation->settings, result()->evaluation->users.size());
}

QString PerUserView::exportBaseName() const { return QStringLiteral("per-user-%1").arg(metric_->currentText()).replace('@', '-'); }

} // namespace ranklab::ui
