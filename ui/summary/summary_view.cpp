#include "ui/summary/summary_view.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/app_settings.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/critical_difference_pane.h"
#include "ui/summary/displayed_table.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/power_dialog.h"
#include "ui/summary/frozen_table_view.h"
#include "ui/summary/summary_export.h"
#include "ui/summary/summary_note.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/table_image.h"
#include "ui/summary/table_text.h"
#include "ui/summary/sampled_pane.h"

namespace ranklab::ui {

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent),
      model_(new ComparisonTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(new FrozenColumnTableView(this)),
      forest_(new ForestPane(this)),
      cd_(new CriticalDifferencePane(this)),
      plots_(new QTabWidget(this)),
      sampled_(new SampledPane(this)),
      splitter_(new QSplitter(Qt::Vertical, this)),
      tablePane_(new QWidget(this)),
      toolBar_(new SummaryToolBar(this)),
      note_(new QLabel(this)),
      placeholder_(new QLabel(tr("Evaluate the models to compare them here."), this)),
      exportButton_(new QToolButton(this)),
      powerButton_(new QToolButton(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(ComparisonTableModel::SortRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);  // evaluation order until a header is clicked
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->setObjectName(QStringLiteral("summaryTable"));

    note_->setWordWrap(true);
    note_->setTextFormat(Qt::RichText);
    note_->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(note_, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link == QLatin1String("compare")) Q_EMIT comparisonOptionsChanged(toolBar_->options());
        if (link == QLatin1String("common-users")) Q_EMIT commonUsersRequested();
    });
    note_->setObjectName(QStringLiteral("summaryNote"));
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setEnabled(false);

    exportButton_->setText(tr("Export"));
    exportButton_->setToolTip(tr("Save the table as CSV, Markdown, LaTeX, JSON or PNG, or copy it"));
    exportButton_->setPopupMode(QToolButton::InstantPopup);
    exportButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* menu = new QMenu(exportButton_);
    const std::pair<SummaryFormat, QString> files[] = {
        {SummaryFormat::Csv, tr("Save as &CSV…")},
        {SummaryFormat::Markdown, tr("Save as &Markdown…")},
        {SummaryFormat::Latex, tr("Save as &LaTeX (booktabs)…")},
        {SummaryFormat::Json, tr("Save as &JSON…")},
        {SummaryFormat::Text, tr("Save as &text table…")},
        {SummaryFormat::Png, tr("Save as &PNG image…")},
    };
    for (const auto& [format, label] : files) {
        const SummaryFormat f = format;
        menu->addAction(label, this, [this, f] { chooseExportFile(f); });
    }
    menu->addSeparator();
    menu->addAction(tr("Copy as te&xt (TSV)"), this, &SummaryView::copyAsText);
    menu->addAction(tr("Copy as Mar&kdown"), this, &SummaryView::copyAsMarkdown);
    menu->addAction(tr("Copy as &image"), this, &SummaryView::copyAsImage);
    menu->addSeparator();
    menu->addAction(tr("Export the &forest plot…"), this, [this] { forest_->exportChart(); });
    menu->addAction(tr("Export the critical-&difference diagram…"), this, [this] {
        plots_->setCurrentWidget(cd_);
        cd_->exportWhenReady();  // once computed when not drawn yet
    });
    exportButton_->setMenu(menu);
    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table_, &QWidget::customContextMenuRequested, this,
            [this, menu](const QPoint& at) { menu->popup(table_->viewport()->mapToGlobal(at)); });

    powerButton_->setText(tr("Power…"));
    powerButton_->setToolTip(tr("Power and sample size of the paired t-test: the minimum detectable difference "
                                "with these users, the users needed to detect δ"));
    powerButton_->setObjectName(QStringLiteral("powerButton"));
    connect(powerButton_, &QToolButton::clicked, this, [this] { openPowerDialog(); });

    auto* top = new QHBoxLayout;
    top->addWidget(toolBar_, 1);
    top->addWidget(powerButton_);
    top->addWidget(exportButton_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(placeholder_, 1);
    // Above the splitter handle the table and its note, under it the forest plot.
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    auto* paneLayout = new QVBoxLayout(tablePane_);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->addWidget(table_, 1);
    paneLayout->addWidget(note_);
    paneLayout->addWidget(sampled_);
    splitter_->addWidget(tablePane_);
    // Under the table, one plot of one metric column at a time.
    plots_->setDocumentMode(true);
    plots_->setObjectName(QStringLiteral("summaryPlots"));
    plots_->addTab(forest_, tr("Forest plot"));
    plots_->addTab(cd_, tr("Critical difference"));
    plots_->setTabToolTip(1, tr("The models' average ranks over the users with the Nemenyi critical difference "
                                "(Demšar's diagram)"));
    splitter_->addWidget(plots_);
    splitter_->setChildrenCollapsible(false);
    splitter_->setStretchFactor(0, 0);
    splitter_->setStretchFactor(1, 1);
    splitter_->setObjectName(QStringLiteral("summarySplitter"));
    layout->addWidget(splitter_, 1);
    connect(splitter_, &QSplitter::splitterMoved, this, [this] { userSized_ = true; });
    splitter_->installEventFilter(this);

    connect(toolBar_, &SummaryToolBar::optionsChanged, this, &SummaryView::comparisonOptionsChanged);
    connect(toolBar_, &SummaryToolBar::ciKindChanged, this, [this](CiKind kind) {
        model_->setCiKind(kind);
        forest_->setCiKind(kind);
        table_->resizeColumnsToContents();
        updateNote();
    });
    connect(toolBar_, &SummaryToolBar::displayChanged, this, [this](CellDisplay display) {
        model_->setDisplay(display);
        table_->resizeColumnsToContents();
        updateNote();
    });
    connect(toolBar_, &SummaryToolBar::transposedChanged, this, [this](bool transposed) {
        table_->sortByColumn(-1, Qt::AscendingOrder);  // the old sort column means something else now
        model_->setTransposed(transposed);
        table_->resizeColumnsToContents();
        fitSplitter(true);
    });
    // A click on a cell or a metric's header plots that metric.
    connect(table_, &QAbstractItemView::clicked, this, &SummaryView::showMetricOf);
    connect(table_->frozenView(), &QAbstractItemView::clicked, this, &SummaryView::showMetricOf);  // transposed: a metric
    connect(table_->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int section) {
        if (!model_->isTransposed() && section > 0) showMetricOf(proxy_->index(0, section));
    });
    clear();
}

SummaryView::~SummaryView() = default;

const std::shared_ptr<const EvaluationResult>& SummaryView::result() const { return model_->result(); }

const stats::ComparisonOptions& SummaryView::comparisonOptions() const { return toolBar_->options(); }

ComparisonSetup SummaryView::setup() const { return toolBar_->state(); }

void SummaryView::setSetup(const ComparisonSetup& setup) { toolBar_->setState(setup); }

QTableView* SummaryView::tableView() const { return table_; }

void SummaryView::showMetricOf(const QModelIndex& proxyIndex) {
    const QVariant metric = proxyIndex.data(ComparisonTableModel::MetricIndexRole);
    if (!metric.isValid()) return;
    forest_->setMetric(std::size_t(metric.toInt()));
    cd_->setMetric(std::size_t(metric.toInt()));
}

bool SummaryView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == splitter_ && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) fitSplitter();
    return QWidget::eventFilter(watched, event);
}

void SummaryView::fitSplitter(bool force) {
    // The table pane as tall as the table and its note, the forest plot the rest.
    if (userSized_ && !force) return;
    const int total = splitter_->height();
    if (total <= 0 || !splitter_->isVisibleTo(this)) return;
    const int wanted = table_->sizeHint().height() + note_->heightForWidth(std::max(200, tablePane_->width())) + 12;
    // The forest plot keeps room for its axes (about 260 px) when the table is long.
    const int top = std::clamp(wanted, 80, std::max(80, std::min(total * 2 / 3, total - 260)));
    splitter_->setSizes({top, std::max(1, total - top)});
}

void SummaryView::setResult(std::shared_ptr<const EvaluationResult> result) {
    // A late answer to an older request does not replace a newer one.
    if (result && model_->result() && result->generation < model_->result()->generation) return;
    model_->setResult(std::move(result));
    const auto& r = model_->result();
    const bool shown = r && r->evaluation;
    if (shown) {
        QStringList names;
        for (std::size_t m = 0; m < r->evaluation->models.size(); ++m)
            names << (m < std::size_t(r->models.size()) ? r->models[qsizetype(m)].name
                                                        : QString::fromStdString(r->evaluation->models[m].name));
        toolBar_->setOptions(names, r->comparison ? r->comparison->options : toolBar_->options());
        table_->resizeColumnsToContents();
    }
    forest_->setResult(shown ? r : nullptr, model_->ciKind());
    cd_->setResult(shown ? r : nullptr, shown && r->comparison ? r->comparison->options.alpha : toolBar_->options().alpha);
    sampled_->setEstimates(shown ? r->sampled : nullptr);
    splitter_->setVisible(shown);
    table_->setVisible(shown);
    placeholder_->setVisible(!shown);
    toolBar_->setEnabled(shown);
    exportButton_->setEnabled(shown);
    powerButton_->setEnabled(shown);
    updateNote();
    if (shown) fitSplitter();
}

void SummaryView::clear() { setResult(nullptr); }

PowerDialog* SummaryView::openPowerDialog() {
    const auto& r = model_->result();
    if (!r || !r->evaluation) return nullptr;
    auto* dialog = new PowerDialog(r, toolBar_->options().baseline, forest_->metric(), toolBar_->options().alpha, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // δ is the Summary's, both ways: the dialog follows the toolbar's δ, and
    // "Use δ in the Summary" sets the toolbar's δ for the metric.
    dialog->followMinEffects(toolBar_->options().minEffect);
    connect(toolBar_, &SummaryToolBar::optionsChanged, dialog,
            [dialog](const stats::ComparisonOptions& o) { dialog->followMinEffects(o.minEffect); });
    connect(dialog, &PowerDialog::minEffectChosen, this,
            [this](const QString& metricId, double delta) { toolBar_->setMinEffectFor(metricId.toStdString(), delta); });
    dialog->show();
    return dialog;
}

void SummaryView::setMissingModels(const QStringList& names) {
    if (names == missing_) return;
    missing_ = names;
    updateNote();
}

void SummaryView::updateNote() {
    const auto& r = model_->result();
    QString note = r && r->evaluation ? summaryNote(*r, model_->ciKind(), model_->shownDisplay()) : QString();
    if (!missing_.isEmpty()) {
        QStringList escaped;
        for (const QString& name : missing_) escaped << name.toHtmlEscaped();
        note = tr("⚠ Not shown: %1 (%n file(s) not found; Locate… in the Workspace panel). ", nullptr,
                  int(missing_.size()))
                   .arg(escaped.join(QStringLiteral(", "))) +
               note;
    }
    if (r && r->comparison) note += tr(" · hover a cell for its tests, a header for the metric's definition");
    note_->setText(note);
}

QByteArray SummaryView::exportText(SummaryFormat format) const {
    const auto& r = model_->result();
    if (!r) return {};
    QByteArray report = summaryExport(*r, format, model_->ciKind());
    if (report.isEmpty() || model_->shownDisplay() == CellDisplay::Mean) return report;
    const QString caption = cellsInWords(*r, model_->ciKind(), model_->shownDisplay());
    QString shownTable;
    switch (format) {
    case SummaryFormat::Markdown: shownTable = displayedTable(*proxy_, DisplayedTableFormat::Markdown, caption); break;
    case SummaryFormat::Latex: shownTable = displayedTable(*proxy_, DisplayedTableFormat::Latex, caption); break;
    case SummaryFormat::Text: shownTable = displayedTable(*proxy_, DisplayedTableFormat::Text, caption); break;
    default: return report;  // CSV and JSON: the report's fields as `ranklab-cli compare` writes them
    }
    return shownTable.toUtf8() + '\n' + report;
}

bool SummaryView::exportTo(const QString& path, SummaryFormat format, QString* error) const {
    const auto& r = model_->result();
    if (!r || !r->evaluation) {
        if (error) *error = tr("Nothing to export: no evaluation is shown.");
        return false;
    }
    if (!r->comparison && format != SummaryFormat::Png) {
        if (error) *error = tr("The intervals and tests are still being computed; export once they are shown.");
        return false;
    }
    QByteArray bytes;
    if (format == SummaryFormat::Png) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        renderImage().save(&buffer, "PNG");
    } else {
        bytes = exportText(format);
    }
    if (bytes.isEmpty()) {
        if (error) *error = tr("Nothing to export.");
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

void SummaryView::copyAsText() const {
    if (proxy_->columnCount() == 0) return;  // nothing shown: the clipboard keeps what it has
    auto* mime = new QMimeData;
    mime->setText(tableAsTsv(*proxy_));
    mime->setHtml(tableAsHtml(*proxy_));
    QApplication::clipboard()->setMimeData(mime);
}

void SummaryView::copyAsMarkdown() const {
    if (proxy_->columnCount() > 0) QApplication::clipboard()->setText(tableAsMarkdown(*proxy_));
}

QImage SummaryView::renderImage() const {
    const auto& r = model_->result();
    return renderTableImage(proxy_,
                            r && r->evaluation ? summaryNote(*r, model_->ciKind(), model_->shownDisplay()) : QString());
}

void SummaryView::copyAsImage() const {
    const QImage image = renderImage();
    if (!image.isNull()) QApplication::clipboard()->setImage(image);
}

void SummaryView::chooseExportFile(SummaryFormat format) {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the comparison table"),
        AppSettings::startPath(AppSettings::Folder::Export, QStringLiteral("comparison.") + fileSuffix(format)),
        fileFilter(format));
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Export, path);
    QString error;
    if (!exportTo(path, format, &error)) QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace ranklab::ui
