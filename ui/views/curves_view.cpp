#include "ui/views/curves_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>

#include <algorithm>

#include "metrics/registry.h"
#include "compare/comparison.h"
#include "ui/charts/chart_caption.h"
#include "ui/charts/difference_chart.h"
#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

// The curve families an evaluation suggests: its metrics' families (with
// their parameters) first, then every family of the registry that has one.
QStringList curveFamilies(const Evaluation* evaluation) {
    QStringList out;
    auto add = [&](const std::string& key) {
        try {
            parseCurveMetrics(key);  // families without cutoffs (rprec, num_ret, ...) have no curve
        } catch (const std::exception&) {
            return;
        }
        const QString text = QString::fromStdString(key);
        if (!out.contains(text)) out << text;
    };
    if (evaluation)
        for (const MetricSpec& spec : evaluation->settings.metrics) add(spec.familyKey());
    for (const MetricRecord* record : metricRecords())
        if (record->takesCutoff) add(std::string(record->id));
    return out;
}

bool isPrecisionRecall(CurvesMode mode) {
    return mode == CurvesMode::PrecisionRecall11 || mode == CurvesMode::PrecisionRecallFull;
}

} // namespace

CurvesView::CurvesView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    mode_ = new QComboBox(this);
    mode_->addItem(tr("Metric vs k"), int(CurvesMode::MetricVsK));
    mode_->addItem(tr("Difference to baseline"), int(CurvesMode::Difference));
    mode_->addItem(tr("Precision–recall (11-point)"), int(CurvesMode::PrecisionRecall11));
    mode_->addItem(tr("Precision–recall (full)"), int(CurvesMode::PrecisionRecallFull));
    mode_->setToolTip(tr("Difference to baseline: Δ(k) = model − baseline with its paired band, the band to read "
                         "for significance (two overlapping bands say little). Precision–recall: interpolated "
                         "precision averaged over users, as trec_eval's iprec_at_recall"));
    baselineLabel_ = new QLabel(tr("vs"), this);
    baseline_ = new QComboBox(this);
    baseline_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    baseline_->setToolTip(tr("The model every difference is taken to"));
    family_ = new QComboBox(this);
    family_->setToolTip(tr("The metric drawn at every cutoff k"));
    family_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    band_ = new QComboBox(this);
    band_->addItem(tr("No band"), int(CurveBand::None));
    band_->addItem(tr("95% t band"), int(CurveBand::T));
    band_->addItem(tr("95% bootstrap band"), int(CurveBand::Bootstrap));
    band_->setCurrentIndex(1);
    band_->setToolTip(tr("Student's t: mean ± t·s/√n per k (in the difference mode: paired, on the per-user "
                         "differences). The bootstrap resamples the users (%L1 resamples; in the difference mode: pairs kept together); "
                         "it takes longer on large data")
                          .arg(qulonglong(kBootstrapResamples)));
    kmax_ = new QSpinBox(this);
    kmax_->setRange(1, 100000);
    kmax_->setValue(int(kDefaultKmax));
    kmax_->setPrefix(tr("K = "));
    kmax_->setAccessibleName(tr("Largest cutoff k"));
    kmax_->setToolTip(tr("The largest k drawn (at most the longest ranked list)"));
    logK_ = new QCheckBox(tr("Log k"), this);
    crossovers_ = new QCheckBox(tr("Crossovers"), this);
    crossovers_->setChecked(true);
    crossovers_->setToolTip(tr("Mark the k where two shown models swap order"));
    hint_ = new QLabel(tr("Click a legend entry to hide a model; hover a line for its values"), this);
    hint_->setStyleSheet(QStringLiteral("color: #606060"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(mode_);
    controls->addWidget(baselineLabel_);
    controls->addWidget(baseline_);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("Metric:"), this));
    controls->addWidget(family_);
    controls->addWidget(band_);
    controls->addWidget(kmax_);
    controls->addWidget(logK_);
    controls->addWidget(crossovers_);
    controls->addStretch(1);

    panel_ = new ChartPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to see its curves"));
    layOut(controls, {panel_, hint_});
    exportFrom(panel_);
    connect(mode_, &QComboBox::activated, this, [this] {
        updateControls();
        invalidate();
    });
    connect(baseline_, &QComboBox::activated, this, [this] { invalidate(); });
    connect(family_, &QComboBox::activated, this, [this] { invalidate(); });
    connect(band_, &QComboBox::activated, this, [this] { invalidate(); });
    connect(kmax_, &QSpinBox::editingFinished, this, [this] { invalidate(); });
    connect(logK_, &QCheckBox::toggled, this, [this] { showChart(); });
    connect(crossovers_, &QCheckBox::toggled, this, [this] { showChart(); });
    updateControls();
}

CurvesView::~CurvesView() = default;

CurveChart* CurvesView::chart() const { return panel_->shown<CurveChart>(); }
DifferenceChart* CurvesView::differenceChart() const { return panel_->shown<DifferenceChart>(); }
PrecisionRecallChart* CurvesView::precisionRecallChart() const { return panel_->shown<PrecisionRecallChart>(); }

CurvesMode CurvesView::mode() const { return CurvesMode(mode_->currentData().toInt()); }

CurveBand CurvesView::band() const { return CurveBand(band_->currentData().toInt()); }

CurveOptions CurvesView::curveOptions() const {
    CurveOptions o;
    o.kmax = std::uint32_t(kmax_->value());
    o.bands = band() != CurveBand::None;
    o.bootstrap = band() == CurveBand::Bootstrap;
    o.resamples = kBootstrapResamples;
    return o;
}

void CurvesView::updateControls() {
    const CurvesMode m = mode();
    const bool pr = isPrecisionRecall(m);
    baselineLabel_->setVisible(m == CurvesMode::Difference);
    baseline_->setVisible(m == CurvesMode::Difference);
    for (QWidget* w : std::initializer_list<QWidget*>{family_, band_, kmax_, logK_}) w->setEnabled(!pr);
    crossovers_->setEnabled(m == CurvesMode::MetricVsK);
}

CurvesView::Request CurvesView::request() const {
    const CurveOptions o = curveOptions();
    if (isPrecisionRecall(mode())) return {result()->evaluation.get(), {}, false, false, 0, 0, analysisSettings().onlyUsers};
    const std::size_t baseline = mode() == CurvesMode::Difference ? std::size_t(std::max(0, baseline_->currentIndex())) : 0;
    return {result()->evaluation.get(), family_->currentText().toStdString(), o.bands, o.bootstrap, o.kmax, baseline,
            analysisSettings().onlyUsers};
}

void CurvesView::fillFamilies() {
    const QString current = family_->currentText();
    const QStringList families = curveFamilies(result()->evaluation.get());
    family_->clear();
    family_->addItems(families);
    const int keep = families.indexOf(current);
    family_->setCurrentIndex(keep >= 0 ? keep : 0);
}

void CurvesView::fillBaselines() {
    const QString current = baseline_->currentText();
    baseline_->clear();
    for (const ModelValues& model : result()->evaluation->models) baseline_->addItem(QString::fromStdString(model.name));
    int keep = baseline_->findText(current);
    if (keep < 0 && result()->comparison && result()->comparison->options.baseline)
        keep = int(*result()->comparison->options.baseline);
    baseline_->setCurrentIndex(std::clamp(keep, 0, std::max(0, baseline_->count() - 1)));
}

void CurvesView::refresh() {
    if (filledFor_ != result()->evaluation.get()) {
        fillFamilies();
        fillBaselines();
        filledFor_ = result()->evaluation.get();
    }
    const Request wanted = request();
    switch (mode()) {
    case CurvesMode::MetricVsK: refreshCurves(wanted); break;
    case CurvesMode::Difference: refreshDifferences(wanted); break;
    case CurvesMode::PrecisionRecall11:
    case CurvesMode::PrecisionRecallFull: refreshPrecisionRecall(wanted); break;
    }
}

void CurvesView::refreshCurves(const Request& wanted) {
    if (curves_ && wanted == curvesShown_) {  // only the looks changed
        showChart();
        finishRefresh();
        return;
    }
    if (!chart()) panel_->showPlaceholder(tr("Computing the curves…"));
    const std::shared_ptr<const EvaluationResult> r = result();
    const std::vector<MetricSpec> family = parseCurveMetrics(wanted.family);
    const EvalSettings settings = analysisSettings();
    const CurveOptions options = curveOptions();
    jobs()->start<std::shared_ptr<const CurveResult>>(
        tr("Computing %1 curves…").arg(family_->currentText()),
        [r, family, settings, options](const Progress& progress) {
            return std::make_shared<const CurveResult>(
                computeCurves(*r->dataset, family, settings, options, *r->cache, &progress));
        },
        [this, wanted](std::shared_ptr<const CurveResult> curves) {
            curves_ = std::move(curves);
            curvesShown_ = wanted;
            showChart();
            Q_EMIT statusMessage(tr("%1 curves up to k = %2").arg(family_->currentText()).arg(curves_->kmax));
            finishRefresh();
        });
}

void CurvesView::refreshDifferences(const Request& wanted) {
    if (differences_ && wanted == differencesShown_) {
        showChart();
        finishRefresh();
        return;
    }
    if (!differenceChart()) panel_->showPlaceholder(tr("Computing the differences to %1…").arg(baseline_->currentText()));
    const std::shared_ptr<const EvaluationResult> r = result();
    const MetricSpec family = parseCurveMetrics(wanted.family).front();
    const EvalSettings settings = analysisSettings();
    const CurveOptions options = curveOptions();
    jobs()->start<std::shared_ptr<const CurveDifferenceResult>>(
        tr("Computing %1 differences to %2…").arg(family_->currentText(), baseline_->currentText()),
        [r, family, settings, options, baseline = wanted.baseline](const Progress& progress) {
            return std::make_shared<const CurveDifferenceResult>(
                computeCurveDifferences(*r->dataset, family, settings, baseline, options, *r->cache, &progress));
        },
        [this, wanted](std::shared_ptr<const CurveDifferenceResult> d) {
            differences_ = std::move(d);
            differencesShown_ = wanted;
            showChart();
            Q_EMIT statusMessage(tr("%1 differences to %2 up to k = %3")
                                     .arg(family_->currentText(), QString::fromStdString(differences_->baselineName))
                                     .arg(differences_->kmax));
            finishRefresh();
        });
}

void CurvesView::refreshPrecisionRecall(const Request& wanted) {
    if (precisionRecall_ && wanted == precisionRecallShown_) {
        showChart();
        finishRefresh();
        return;
    }
    if (!precisionRecallChart()) panel_->showPlaceholder(tr("Computing the precision–recall curves…"));
    const std::shared_ptr<const EvaluationResult> r = result();
    const EvalSettings settings = analysisSettings();
    jobs()->start<std::shared_ptr<const PrecisionRecallResult>>(
        tr("Computing precision–recall curves…"),
        [r, settings](const Progress& progress) {
            return std::make_shared<const PrecisionRecallResult>(
                computePrecisionRecall(*r->dataset, settings, *r->cache, &progress));
        },
        [this, wanted](std::shared_ptr<const PrecisionRecallResult> pr) {
            precisionRecall_ = std::move(pr);
            precisionRecallShown_ = wanted;
            showChart();
            Q_EMIT statusMessage(tr("Precision–recall curves over %L1 users")
                                     .arg(qulonglong(precisionRecall_->counts.evaluated)));
            finishRefresh();
        });
}

CurveChartOptions CurvesView::chartOptions() const {
    CurveChartOptions o;
    o.band = band();
    o.logK = logK_->isChecked();
    o.crossovers = crossovers_->isChecked();
    return o;
}

std::unique_ptr<QChart> CurvesView::makeChart() const {
    switch (mode()) {
    case CurvesMode::MetricVsK:
        if (!curves_ || curves_->kmax == 0) return nullptr;
        return std::make_unique<CurveChart>(*curves_, looks_, chartOptions());
    case CurvesMode::Difference:
        if (!differences_ || differences_->kmax == 0) return nullptr;
        return std::make_unique<DifferenceChart>(*differences_, looks_, band(), logK_->isChecked());
    case CurvesMode::PrecisionRecall11:
    case CurvesMode::PrecisionRecallFull:
        if (!precisionRecall_) return nullptr;
        return std::make_unique<PrecisionRecallChart>(*precisionRecall_, looks_,
                                                      mode() == CurvesMode::PrecisionRecall11
                                                          ? PrecisionRecallKind::ElevenPoint
                                                          : PrecisionRecallKind::Full);
    }
    return nullptr;
}

void CurvesView::showChart() {
    if (!result()) return;
    looks_ = result()->models;
    const bool have = mode() == CurvesMode::MetricVsK    ? bool(curves_)
                      : mode() == CurvesMode::Difference ? bool(differences_)
                                                         : bool(precisionRecall_);
    if (!have) return;
    std::unique_ptr<QChart> chart = makeChart();
    if (!chart) {
        panel_->showPlaceholder(tr("No averaged user has a ranked item"));
        return;
    }
    panel_->showChart(std::move(chart));
}

void CurvesView::clearView() {
    curves_.reset();
    differences_.reset();
    precisionRecall_.reset();
    curvesShown_ = differencesShown_ = precisionRecallShown_ = {};
    filledFor_ = nullptr;
    panel_->showPlaceholder(tr("Evaluate a workspace to see its curves"));
}

std::unique_ptr<QChart> CurvesView::makeExportChart() const { return makeChart(); }

QString CurvesView::exportCaption() const {
    if (const CurveChart* shown = chart(); shown && curves_)
        return withRestriction(chartCaption(shown->description(), curves_->settings, curves_->counts.evaluated));
    if (const DifferenceChart* shown = differenceChart(); shown && differences_)
        return withRestriction(
            chartCaption(shown->description(), differences_->settings, differences_->counts.evaluated));
    if (const PrecisionRecallChart* shown = precisionRecallChart(); shown && precisionRecall_)
        return withRestriction(
            chartCaption(shown->description(), precisionRecall_->settings, precisionRecall_->counts.evaluated));
    return {};
}

QString CurvesView::exportBaseName() const {
    if (isPrecisionRecall(mode()))
        return mode() == CurvesMode::PrecisionRecall11 ? QStringLiteral("precision-recall-11pt")
                                                       : QStringLiteral("precision-recall");
    QString name = family_->currentText();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
    return name + (mode() == CurvesMode::Difference ? QStringLiteral("-difference") : QStringLiteral("-curves"));
}

} // namespace ranklab::ui
