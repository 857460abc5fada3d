#include "ui/views/checks_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/charts/chart_caption.h"
#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {
namespace {

enum FindingColumn { SeverityColumn, CheckColumn, SubjectColumn, CountColumn, ExamplesColumn, MessageColumn, Columns };

QColor severityColor(Severity s) {
    switch (s) {
    case Severity::Error: return QColor(198, 40, 40);
    case Severity::Warning: return QColor(191, 120, 0);
    case Severity::Info: return QColor(21, 101, 192);
    case Severity::Ok: break;
    }
    return QColor(46, 125, 50);
}

QIcon severityIcon(const QStyle* style, Severity s) {
    switch (s) {
    case Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    case Severity::Ok: break;
    }
    return style->standardIcon(QStyle::SP_DialogApplyButton);
}

QString percent(double share) {
    if (share > 0 && share < 0.001) return QStringLiteral("< 0.1%");
    return QString::number(100.0 * share, 'f', 1) + QLatin1Char('%');
}

QString counted(std::size_t n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(QString::fromLatin1(n == 1 ? one : many));
}

} // namespace

ChecksView::ChecksView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    summary_ = new QLabel(this);
    findings_ = new QTableWidget(0, Columns, this);
    findings_->setHorizontalHeaderLabels({tr("Severity"), tr("Check"), tr("Subject"), tr("Count"), tr("Examples"),
                                          tr("What it means")});
    findings_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    findings_->setSelectionBehavior(QAbstractItemView::SelectRows);
    findings_->setWordWrap(false);
    findings_->verticalHeader()->hide();
    findings_->horizontalHeader()->setStretchLastSection(true);
    findings_->setSortingEnabled(false);

    metric_ = new QComboBox(this);
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    tieSummary_ = new QLabel(this);
    tieSummary_->setWordWrap(true);
    panel_ = new ChartPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to see how far ties can move its numbers"));

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(new QLabel(tr("<b>Pre-flight checks</b> of the loaded files"), top));
    topLayout->addWidget(summary_);
    topLayout->addWidget(findings_, 1);

    auto* bottom = new QWidget(this);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("<b>Tie sensitivity</b> of"), bottom));
    controls->addWidget(metric_);
    controls->addWidget(new QLabel(tr("between the pessimistic and the optimistic order of tied items"), bottom));
    controls->addStretch(1);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addLayout(controls);
    bottomLayout->addWidget(panel_, 1);
    bottomLayout->addWidget(tieSummary_);

    layOut(nullptr, {splitPanes(Qt::Vertical, top, 1, bottom, 1)});
    exportFrom(panel_);
    connect(metric_, &QComboBox::activated, this, [this] { showTies(); });
    watchMetricChooser(metric_);
}

ChecksView::~ChecksView() = default;

TieBandChart* ChecksView::chart() const {
    return panel_->shown<TieBandChart>();
}

std::size_t ChecksView::metricColumn() const { return chosenColumn(metric_); }

void ChecksView::refresh() {
    const std::shared_ptr<const EvaluationResult> r = result();
    const Evaluation& e = *r->evaluation;
    EvalSettings settings = analysisSettings();
    settings.metrics = e.settings.metrics;
    if (tiesOf_ != &e) fillMetricColumns(metric_, e);
    const bool validationDone = validation_ && validated_ == r->dataset.get();
    const bool tiesDone = ties_ && tiesOf_ == &e && tiesOnly_ == settings.onlyUsers;
    if (validationDone && tiesDone) {
        showTies();
        finishRefresh();
        return;
    }
    std::shared_ptr<const ValidationReport> keptValidation = validationDone ? validation_ : nullptr;
    ValidationSettings checks;
    checks.relevanceThreshold = e.settings.relevanceThreshold;
    checks.largestCutoff = largestCutoff(e.settings.metrics);
    checks.useExclusions = e.settings.useExclusions;
    checks.parallelism = e.settings.parallelism;
    jobs()->start<Computed>(
        tr("Running the pre-flight checks and the tie analysis…"),
        [r, settings, checks, keptValidation](const Progress& progress) {
            Computed out;
            const Progress validating(progress, 0.0, keptValidation ? 0.0 : 0.3);
            out.validation = keptValidation ? keptValidation
                                            : std::make_shared<const ValidationReport>(
                                                  validateDataset(*r->dataset, checks, &validating));
            const Progress tying(progress, keptValidation ? 0.0 : 0.3, 1.0);
            out.ties = std::make_shared<const TieSensitivity>(analyzeTies(*r->dataset, settings, *r->cache, &tying));
            return out;
        },
        [this, r, only = settings.onlyUsers](Computed done) {
            validation_ = std::move(done.validation);
            validated_ = r->dataset.get();
            ties_ = std::move(done.ties);
            tiesOf_ = r->evaluation.get();
            tiesOnly_ = only;
            fillFindings();
            showTies();
            Q_EMIT statusMessage(summary_->text());
            finishRefresh();
        });
}

void ChecksView::fillFindings() {
    std::vector<const Finding*> sorted;
    for (const Finding& f : validation_->findings) sorted.push_back(&f);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Finding* a, const Finding* b) { return int(a->severity) > int(b->severity); });
    findings_->setRowCount(int(sorted.size()));
    for (int row = 0; row < int(sorted.size()); ++row) {
        const Finding& f = *sorted[std::size_t(row)];
        auto* severity = new QTableWidgetItem(severityIcon(style(), f.severity), QString::fromLatin1(severityName(f.severity)));
        severity->setForeground(severityColor(f.severity));
        findings_->setItem(row, SeverityColumn, severity);
        findings_->setItem(row, CheckColumn, new QTableWidgetItem(QString::fromStdString(f.kind)));
        findings_->setItem(row, SubjectColumn, new QTableWidgetItem(QString::fromStdString(f.subject)));
        auto* count = new QTableWidgetItem(QLocale().toString(qulonglong(f.count)));
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        findings_->setItem(row, CountColumn, count);
        QStringList examples;
        for (const std::string& x : f.examples) examples << QString::fromStdString(x);
        findings_->setItem(row, ExamplesColumn, new QTableWidgetItem(examples.join(QStringLiteral(", "))));
        auto* message = new QTableWidgetItem(QString::fromStdString(f.message));
        message->setToolTip(message->text());
        findings_->setItem(row, MessageColumn, message);
    }
    findings_->resizeColumnsToContents();
    findings_->setColumnWidth(ExamplesColumn, std::min(findings_->columnWidth(ExamplesColumn), 260));
    const ValidationReport& v = *validation_;
    summary_->setText(QStringLiteral("%1, %2, %3, %4 passed")
                          .arg(counted(v.count(Severity::Error), "error", "errors"),
                               counted(v.count(Severity::Warning), "warning", "warnings"),
                               counted(v.count(Severity::Info), "note", "notes"),
                               counted(v.count(Severity::Ok), "check", "checks")));
}

void ChecksView::showTies() {
    if (!ties_ || !result()) return;
    looks_ = result()->models;
    const std::size_t column = metricColumn();
    QStringList lines;
    for (std::size_t m = 0; m < ties_->models.size() && m < std::size_t(looks_.size()); ++m) {
        if (!looks_[int(m)].visible || column >= ties_->models[m].bands.size()) continue;
        const ModelTieSensitivity& model = ties_->models[m];
        const TieBand& band = model.bands[column];
        lines << tr("<b style='color:%1'>%2</b>: band width %3; ties move %4 of users' values and sit in the "
                    "top k of %5; %6 of its ranked items share a score")
                     .arg(looks_[int(m)].color.name(), looks_[int(m)].name.toHtmlEscaped())
                     .arg(band.width(), 0, 'f', 4)
                     // Rich text: "< 0.1%" unescaped would open a tag and cut the sentence.
                     .arg(percent(ties_->share(band.affectedUsers)).toHtmlEscaped(),
                          percent(ties_->share(band.tiedInTopUsers)).toHtmlEscaped(),
                          percent(model.tiedShare()).toHtmlEscaped());
    }
    tieSummary_->setText(lines.join(QStringLiteral("<br>")));
    panel_->showChart(std::make_unique<TieBandChart>(*ties_, column, looks_));
}

void ChecksView::clearView() {
    validation_.reset();
    validated_ = nullptr;
    ties_.reset();
    tiesOf_ = nullptr;
    tiesOnly_.reset();
    findings_->setRowCount(0);
    summary_->clear();
    tieSummary_->clear();
    panel_->showPlaceholder(tr("Evaluate a workspace to see how far ties can move its numbers"));
}

std::unique_ptr<QChart> ChecksView::makeExportChart() const {
    if (!ties_) return nullptr;
    return std::make_unique<TieBandChart>(*ties_, metricColumn(), looks_);
}

QString ChecksView::exportCaption() const {
    const TieBandChart* shown = chart();
    if (!ties_ || !shown || !result()) return {};
    return withRestriction(chartCaption(shown->description(), result()->evaluation->settings, ties_->users));
}

QString ChecksView::exportBaseName() const {
    QString name = metric_->currentText();
    name.replace(QLatin1Char('@'), QLatin1Char('-'));
    name.remove(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")));
    return QStringLiteral("tie-band-") + name;
}

} // namespace ranklab::ui
