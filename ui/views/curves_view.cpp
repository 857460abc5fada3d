#include "ui/views/curves_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>

#include "metrics/registry.h"
#include "ui/charts/chart_caption.h"
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

} // namespace

CurvesView::CurvesView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    family_ = new QComboBox(this);
    family_->setToolTip(tr("The metric drawn at every cutoff k"));
    family_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    band_ = new QComboBox(this);
    band_->addItem(tr("No band"), int(CurveBand::None));
    band_->addItem(tr("95% t band"), int(CurveBand::T));
    band_->addItem(tr("95% bootstrap band (%L1 resamples)").arg(qulonglong(kBootstrapResamples)),
                   int(CurveBand::Bootstrap));
    band_->setCurrentIndex(1);
    band_->setToolTip(tr("Student's t: mean ± t·s/√n per k. The bootstrap resamples the users; it takes "
                         "longer on large data"));
    kmax_ = new QSpinBox(this);
    kmax_->setRange(1, 100000);
    kmax_->setValue(int(kDefaultKmax));
    kmax_->setPrefix(tr("K = "));
    kmax_->setToolTip(tr("The largest k drawn (at most the longest ranked list)"));
    logK_ = new QCheckBox(tr("Log k"), this);
    crossovers_ = new QCheckBox(tr("Crossovers"), this);
    crossovers_->setChecked(true);
    crossovers_->setToolTip(tr("Mark the k where two shown models swap order"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Metric:"), this));
    controls->addWidget(family_);
    controls->addSpacing(12);
    controls->addWidget(band_);
    controls->addWidget(kmax_);
    controls->addWidget(logK_);
    controls->addWidget(crossovers_);
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("Click a legend entry to hide a model; hover a line for its values"), this));

    panel_ = new ChartPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to see its curves"));
    layOut(controls, {panel_});
    exportFrom(panel_);
    connect(family_, &QComboBox::activated, this, [this] { invalidate(); });
    connect(band_, &QComboBox::activated, this, [this] { invalidate(); });
    connect(kmax_, &QSpinBox::editingFinished, this, [this] { invalidate(); });
    connect(logK_, &QCheckBox::toggled, this, [this] { showChart(); });
    connect(crossovers_, &QCheckBox::toggled, this, [this] { showChart(); });
}

CurvesView::~CurvesView() = default;

CurveChart* CurvesView::chart() const { return panel_->shown<CurveChart>(); }

CurveBand CurvesView::band() const { return CurveBand(band_->currentData().toInt()); }

CurveOptions CurvesView::curveOptions() const {
    CurveOptions o;
    o.kmax = std::uint32_t(kmax_->value());
    o.bands = band() != CurveBand::None;
    o.bootstrap = band() == CurveBand::Bootstrap;
    o.resamples = kBootstrapResamples;
    return o;
}

CurvesView::Request CurvesView::request() const {
    const CurveOptions o = curveOptions();
    return {result()->evaluation.get(), family_->currentText().toStdString(), o.bands, o.bootstrap, o.kmax,
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

void CurvesView::refresh() {
    if (shown_.evaluation != result()->evaluation.get()) fillFamilies();
    const Request wanted = request();
    if (curves_ && wanted == shown_) {  // only the looks changed
        showChart();
        finishRefresh();
        return;
    }
    if (!curves_) panel_->showPlaceholder(tr("Computing the curves…"));
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
            shown_ = wanted;
            showChart();
            Q_EMIT statusMessage(tr("%1 curves up to k = %2").arg(family_->currentText()).arg(curves_->kmax));
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

void CurvesView::showChart() {
    if (!curves_ || !result()) return;
    looks_ = result()->models;
    if (curves_->kmax == 0) {
        panel_->showPlaceholder(tr("No averaged user has a ranked item"));
        return;
    }
    panel_->showChart(std::make_unique<CurveChart>(*curves_, looks_, chartOptions()));
}

void CurvesView::clearView() {
    curves_.reset();
    shown_ = {};
    panel_->showPlaceholder(tr("Evaluate a workspace to see its curves"));
}

std::unique_ptr<QChart> CurvesView::makeExportChart() const {
    if (!curves_ || curves_->kmax == 0) return nullptr;
    return std::make_unique<CurveChart>(*curves_, looks_, chartOptions());
}

QString CurvesView::exportCaption() const {
    const CurveChart* shown = chart();
    if (!curves_ || !shown) return {};
    return withRestriction(chartCaption(shown->description(), curves_->settings, curves_->counts.evaluated));
}

QString CurvesView::exportBaseName() const {
    QString name = family_->currentText();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
    return name + QStringLiteral("-curves");
}

} // namespace ranklab::ui
