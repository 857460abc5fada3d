// The Per user tab: its controls, the background computation of the
// density, the table's order and the counts, and the chart and export. How
// the tab makes and shows the window's selection is in
// per_user_selection.cpp.
#include "ui/views/per_user_view.h"

#include <QCheckBox>
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
#include <QTabWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

#include "ui/charts/chart_caption.h"
#include "ui/job_tracker.h"
#include "ui/views/most_different_panel.h"
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
    // Its entries carry counts: as wide as the longest would make the tab wider
    // than a laptop's screen (the list still shows them whole).
    relation_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    relation_->setMinimumContentsLength(16);
    shown_ = new QLabel(this);
    shown_->setObjectName(QStringLiteral("perUserShown"));
    shown_->setWordWrap(true);  // a long sentence of counts: it wraps rather than widen the tab
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

    auto* users = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(users);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(filters);
    leftLayout->addWidget(shown_);
    leftLayout->addWidget(table_, 1);
    different_ = new MostDifferentPanel(this);
    leftTabs_ = new QTabWidget(this);
    leftTabs_->setObjectName(QStringLiteral("perUserLeftTabs"));
    leftTabs_->setDocumentMode(true);
    leftTabs_->addTab(users, tr("Users"));
    leftTabs_->addTab(different_, tr("Most different"));
    leftTabs_->setTabToolTip(1, tr("The users where A and B differ most, by |B − A| or by the overlap of their lists"));
    QWidget* left = leftTabs_;

    ties_ = new QComboBox(this);
    ties_->setObjectName(QStringLiteral("perUserTies"));
    ties_->addItem(tr("Ties in the bars"), false);
    ties_->addItem(tr("Ties apart (counted)"), true);
    ties_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    ties_->setMinimumContentsLength(20);
    ties_->setToolTip(tr("The users with B = A exactly make a spike at 0: leave them out of the histogram's bars "
                         "(their count stays in the legend)"));
    logCounts_ = new QCheckBox(tr("Log counts"), this);
    logCounts_->setObjectName(QStringLiteral("perUserLogCounts"));
    logCounts_->setToolTip(tr("Draw the histogram's counts on a logarithmic axis"));
    auto* chartOptions = new QHBoxLayout;
    chartOptions->addWidget(ties_);
    chartOptions->addWidget(logCounts_);
    chartOptions->addStretch(1);

    panel_ = new ScatterPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
    hover_ = new QLabel(tr(kHint), this);
    hover_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(chartOptions);
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
    connect(ties_, &QComboBox::activated, this, &PerUserView::showChart);
    connect(logCounts_, &QCheckBox::toggled, this, &PerUserView::showChart);
    connect(different_, &MostDifferentPanel::compareRequested, this, &PerUserView::userCompared);
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
    different_->setInputs(r, p);
    std::shared_ptr<const DensityPlot> plot = plot_ && plotEvaluation_ == e && plot_->pair == p &&
                                                      plotSelection_ == selected && plotSpec_.sameFilter(spec)
                                                  ? plot_
                                                  : nullptr;
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
        std::shared_ptr<const std::vector<std::uint32_t>> rows;  // the filters' rows, ascending
        std::shared_ptr<const std::vector<std::uint32_t>> order;
        std::optional<PerUserCounts> counts;
    };
    const bool countsNeeded = countsEvaluation_ != e || !(countsPair_ == p);
    std::shared_ptr<const std::vector<std::uint32_t>> rows = plot ? plotRows_ : nullptr;
    jobs()->start<Computed>(
        tr("Computing the per-user density…"),
        [r, p, selected, spec, plot, rows, order, countsNeeded](const Progress& progress) {
            Computed c{plot, rows, order, std::nullopt};
            if (countsNeeded) c.counts = perUserCounts(*r->evaluation, p);
            if (!c.rows) c.rows = std::make_shared<const std::vector<std::uint32_t>>(perUserRows(*r, spec, &progress));
            if (!c.plot)
                c.plot = std::make_shared<const DensityPlot>(
                    computeDensityPlot(*r->evaluation, p, *selected, &progress, c.rows.get()));
            if (!c.order) {
                std::vector<std::uint32_t> sorted = *c.rows;
                sortPerUserRows(*r, spec, sorted);
                c.order = std::make_shared<const std::vector<std::uint32_t>>(std::move(sorted));
            }
            return c;
        },
        [this, e, selected, spec, p](Computed c) {
            if (c.counts) {
                counts_ = *c.counts;
                countsEvaluation_ = e;
                countsPair_ = p;
            }
            plot_ = std::move(c.plot);
            plotRows_ = std::move(c.rows);
            plotSpec_ = spec;
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
    showPerUserCounts(counts_, order_ ? order_->size() : 0, modelA_->currentText(), modelB_->currentText(), relation_,
                      shown_);
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
    const UserScatterChart::Options options = chartOptions();
    const bool histogram = kind == UserScatterChart::Kind::Differences;
    ties_->setEnabled(histogram);
    logCounts_->setEnabled(histogram);
    if (const UserScatterChart* shown = chart(); shown && &shown->plot() == plot_.get() && shown->kind() == kind &&
                                                 shown->options() == options && chartResult_ == result())
        return;  // already on screen: a new chart would only cost a layout
    chartResult_ = result();
    panel_->showChart(std::make_unique<UserScatterChart>(plot_, result()->models, kind, options));
}

UserScatterChart::Options PerUserView::chartOptions() const {
    UserScatterChart::Options o;
    o.tiesApart = ties_->currentData().toBool();
    o.logCounts = logCounts_->isChecked();
    return o;
}

void PerUserView::clearView() {
    model_->setResult(nullptr, {});
    filled_ = nullptr;
    modelResult_ = nullptr;
    plot_.reset();
    plotRows_.reset();
    plotEvaluation_.reset();
    different_->setInputs(nullptr, {});
    chartResult_.reset();
    order_.reset();
    orderEvaluation_.reset();
    panel_->showPlaceholder(tr("Evaluate a workspace to compare two models user by user"));
}

std::unique_ptr<QChart> PerUserView::makeExportChart() const {
    if (!result() || !plot_ || plotEvaluation_ != result()->evaluation) return nullptr;
    return std::make_unique<UserScatterChart>(plot_, result()->models,
                                              UserScatterChart::Kind(kind_->currentData().toInt()), chartOptions());
}

QString PerUserView::exportCaption() const {
    const UserScatterChart* shown = chart();
    if (!shown || !result()) return {};
    return chartCaption(shown->description(), result()->evaluation->settings, result()->evaluation->users.size());
}

QString PerUserView::exportBaseName() const { return QStringLiteral("per-user-%1").arg(metric_->currentText()).replace('@', '-'); }

} // namespace ranklab::ui
