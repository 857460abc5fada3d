#include "ui/summary/summary_toolbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolButton>

#include <algorithm>

#include "common/error.h"

#include "ui/summary/comparison_setup.h"
#include "ui/summary/comparison_tooltips.h"
#include "ui/summary/flow_layout.h"

namespace ranklab::ui {
namespace {

constexpr int kAllPairs = -1;

// A label and its box, kept together when the toolbar wraps.
QComboBox* addBox(FlowLayout* layout, const QString& label, const QString& toolTip, QWidget* parent) {
    auto* pair = new QWidget(parent);
    auto* row = new QHBoxLayout(pair);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(4);
    auto* box = new QComboBox(pair);
    auto* text = new QLabel(label, pair);
    text->setBuddy(box);
    box->setToolTip(toolTip);
    text->setToolTip(toolTip);
    row->addWidget(text);
    row->addWidget(box);
    layout->addWidget(pair);
    return box;
}

void selectData(QComboBox* box, const QVariant& value) {
    const int i = box->findData(value);
    if (i >= 0) box->setCurrentIndex(i);
}

} // namespace

SummaryToolBar::SummaryToolBar(QWidget* parent) : QWidget(parent) {
    options_ = defaultComparisonOptions();
    // The controls wrap onto a second line on a narrow window.
    auto* layout = new FlowLayout(this);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    baseline_ = addBox(layout, tr("&Baseline:"),
                       tr("The model every other model is tested against (▲ better, ▼ worse), or all pairs"), this);
    test_ = addBox(layout, tr("&Test:"), tr("The paired significance test behind ▲ and ▼ (docs/metrics.md)"), this);
    correction_ = addBox(layout, tr("&Correction:"),
                         tr("Multiple-testing correction over every pair and metric column shown"), this);
    alpha_ = addBox(layout, tr("&α:"), tr("Significance level of the corrected tests"), this);
    ci_ = addBox(layout, tr("C&I:"), tr("The interval each cell shows after the mean or the difference"), this);
    display_ = addBox(layout, tr("&Show:"),
                      tr("What each cell shows: the mean with its interval, or against the baseline its difference "
                         "Δ (with the paired difference's interval), the relative change Δ% = 100·Δ / baseline mean, "
                         "or Cohen's d_z = mean / SD of the per-user differences. The baseline row shows its mean."),
                      this);
    {
        auto* pair = new QWidget(this);
        auto* row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        minEffect_ = new QLineEdit(pair);
        minEffect_->setObjectName(QStringLiteral("minEffectEdit"));
        minEffect_->setPlaceholderText(tr("none"));
        minEffect_->setClearButtonEnabled(true);
        minEffect_->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("ndcg@10=0.01,5%")) + 30);
        const QString tip = tr("δ, the smallest difference that matters: absolute (0.01), a percentage of the "
                               "baseline's mean (5%), or per metric (ndcg@10=0.01,recall@10=2%). With δ the cells "
                               "are coloured by the practical class instead of p: better / worse (paired t-test "
                               "significant at α and not equivalent), equivalent (TOST at ±δ), inconclusive. "
                               "Empty: none");
        auto* text = new QLabel(tr("&δ:"), pair);
        text->setBuddy(minEffect_);
        text->setToolTip(tip);
        minEffect_->setToolTip(tip);
        row->addWidget(text);
        row->addWidget(minEffect_);
        layout->addWidget(pair);
    }
    transpose_ = new QToolButton(this);
    transpose_->setText(tr("Transpose"));
    transpose_->setCheckable(true);
    transpose_->setToolTip(tr("Metrics as rows and models as columns (for many cutoffs)"));
    transpose_->setObjectName(QStringLiteral("transposeButton"));
    layout->addWidget(transpose_);

    using stats::SignificanceTest;
    const std::pair<SignificanceTest, QString> tests[] = {
        {SignificanceTest::TTest, tr("t-test")},
        {SignificanceTest::Wilcoxon, tr("Wilcoxon")},
        {SignificanceTest::Randomization, tr("randomization")},
        {SignificanceTest::Bootstrap, tr("bootstrap")},
    };
    for (const auto& [test, label] : tests) {
        test_->addItem(label, int(test));
        test_->setItemData(test_->count() - 1, testName(test), Qt::ToolTipRole);
    }
    using stats::Correction;
    const std::pair<Correction, QString> corrections[] = {
        {Correction::None, tr("none")},
        {Correction::Bonferroni, tr("Bonferroni")},
        {Correction::Holm, tr("Holm")},
        {Correction::BenjaminiHochberg, tr("BH (FDR)")},
        {Correction::Sidak, tr("Šidák")},
        {Correction::HolmSidak, tr("Holm–Šidák")},
    };
    for (const auto& [correction, label] : corrections) {
        correction_->addItem(label, int(correction));
        correction_->setItemData(correction_->count() - 1, correctionName(correction), Qt::ToolTipRole);
    }
    for (double a : {0.001, 0.01, 0.05, 0.1}) alpha_->addItem(QString::number(a), a);
    ci_->addItem(tr("t (±)"), int(CiKind::T));
    ci_->addItem(tr("bootstrap [lo, hi]"), int(CiKind::Bootstrap));
    ci_->addItem(tr("none"), int(CiKind::None));
    for (CellDisplay d : kCellDisplays)
        display_->addItem(d == CellDisplay::Mean           ? tr("mean")
                          : d == CellDisplay::Delta        ? tr("Δ")
                          : d == CellDisplay::DeltaPercent ? tr("Δ%")
                          : d == CellDisplay::EffectSize   ? tr("d_z")
                                                           : tr("r_rb"),
                          int(d));
    for (int i = 0; i < display_->count(); ++i)
        display_->setItemData(i, cellDisplayLabel(CellDisplay(display_->itemData(i).toInt())), Qt::ToolTipRole);
    baseline_->addItem(tr("all pairs"), kAllPairs);
    for (QComboBox* box : {baseline_, test_, correction_, alpha_, ci_, display_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    }

    for (QComboBox* box : {baseline_, test_, correction_, alpha_})
        connect(box, &QComboBox::currentIndexChanged, this, &SummaryToolBar::onComparisonChoice);
    connect(ci_, &QComboBox::currentIndexChanged, this, &SummaryToolBar::onCiChoice);
    connect(minEffect_, &QLineEdit::editingFinished, this, &SummaryToolBar::onMinEffectEdited);
    connect(display_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_) Q_EMIT displayChanged(display());
    });
    connect(transpose_, &QToolButton::toggled, this, [this](bool on) {
        if (!updating_) Q_EMIT transposedChanged(on);
    });
}

void SummaryToolBar::setOptions(const QStringList& models, const stats::ComparisonOptions& options) {
    updating_ = true;
    options_ = options;
    options_.resampling.progress = nullptr;
    baseline_->clear();
    for (int m = 0; m < models.size(); ++m) baseline_->addItem(models[m], m);
    baseline_->addItem(tr("all pairs"), kAllPairs);
    selectData(baseline_, options.baseline ? int(*options.baseline) : kAllPairs);
    if (!options.tests.empty()) selectData(test_, int(options.tests.front()));
    if (correction_->findData(int(options.correction)) < 0)
        correction_->addItem(correctionName(options.correction), int(options.correction));
    selectData(correction_, int(options.correction));
    if (alpha_->findData(options.alpha) < 0) alpha_->addItem(QString::number(options.alpha), options.alpha);
    selectData(alpha_, options.alpha);
    minEffect_->setText(QString::fromStdString(options.minEffect.toString()));
    updating_ = false;
}

CiKind SummaryToolBar::ciKind() const { return CiKind(ci_->currentData().toInt()); }

void SummaryToolBar::setCiKind(CiKind kind) { selectData(ci_, int(kind)); }

CellDisplay SummaryToolBar::display() const { return CellDisplay(display_->currentData().toInt()); }

bool SummaryToolBar::isTransposed() const { return transpose_->isChecked(); }

ComparisonSetup SummaryToolBar::state() const {
    ComparisonSetup s;
    s.baseline = options_.baseline;
    if (!options_.tests.empty()) s.test = options_.tests.front();
    s.correction = options_.correction;
    s.alpha = options_.alpha;
    s.interval = ciKind();
    s.display = display();
    s.transposed = isTransposed();
    return s;
}

void SummaryToolBar::setState(const ComparisonSetup& setup) {
    const ComparisonSetup before = state();
    updating_ = true;
    stats::ComparisonOptions next = options_;
    next.baseline = setup.baseline;
    std::erase(next.tests, setup.test);
    next.tests.insert(next.tests.begin(), setup.test);
    next.correction = setup.correction;
    next.alpha = setup.alpha;
    if (setup.interval == CiKind::Bootstrap) next.bootstrapIntervals = true;
    if (baseline_->findData(setup.baseline ? int(*setup.baseline) : kAllPairs) >= 0)
        selectData(baseline_, setup.baseline ? int(*setup.baseline) : kAllPairs);
    selectData(test_, int(setup.test));
    if (correction_->findData(int(setup.correction)) < 0)
        correction_->addItem(correctionName(setup.correction), int(setup.correction));
    selectData(correction_, int(setup.correction));
    if (alpha_->findData(setup.alpha) < 0) alpha_->addItem(QString::number(setup.alpha), setup.alpha);
    selectData(alpha_, setup.alpha);
    selectData(ci_, int(setup.interval));
    selectData(display_, int(setup.display));
    transpose_->setChecked(setup.transposed);
    updating_ = false;
    const bool compare = before.baseline != setup.baseline || before.test != setup.test ||
                         before.correction != setup.correction || before.alpha != setup.alpha ||
                         next.bootstrapIntervals != options_.bootstrapIntervals;
    options_ = next;
    if (compare) Q_EMIT optionsChanged(options_);
    if (before.interval != setup.interval) Q_EMIT ciKindChanged(setup.interval);
    if (before.display != setup.display) Q_EMIT displayChanged(setup.display);
    if (before.transposed != setup.transposed) Q_EMIT transposedChanged(setup.transposed);
}

void SummaryToolBar::onComparisonChoice() {
    if (updating_) return;
    const int b = baseline_->currentData().toInt();
    options_.baseline = b == kAllPairs ? std::nullopt : std::optional<std::size_t>(std::size_t(b));
    // The chosen test first (the marks follow it); the others stay for the tooltips.
    const auto test = stats::SignificanceTest(test_->currentData().toInt());
    std::erase(options_.tests, test);
    options_.tests.insert(options_.tests.begin(), test);
    options_.correction = stats::Correction(correction_->currentData().toInt());
    options_.alpha = alpha_->currentData().toDouble();
    Q_EMIT optionsChanged(options_);
}

void SummaryToolBar::setMinEffectFor(const std::string& metricId, double delta) {
    stats::MinEffects next = options_.minEffect;
    std::erase_if(next.byMetric, [&](const auto& entry) { return entry.first == metricId; });
    stats::MinEffect effect;
    effect.value = delta;
    next.byMetric.emplace_back(metricId, effect);
    minEffect_->setText(QString::fromStdString(next.toString()));
    onMinEffectEdited();
}

void SummaryToolBar::onMinEffectEdited() {
    if (updating_) return;
    const std::string text = minEffect_->text().trimmed().toStdString();
    stats::MinEffects next;
    try {
        if (!text.empty()) next = stats::parseMinEffects(text);
    } catch (const Error& e) {
        // Back to the δ in force; the reason in the status tip.
        minEffect_->setText(QString::fromStdString(options_.minEffect.toString()));
        minEffect_->setStatusTip(QString::fromStdString(e.what()));
        Q_EMIT minEffectRejected(QString::fromStdString(e.what()));
        return;
    }
    if (next.toString() == options_.minEffect.toString()) return;
    options_.minEffect = next;
    minEffect_->setText(QString::fromStdString(next.toString()));
    Q_EMIT optionsChanged(options_);
}

void SummaryToolBar::onCiChoice() {
    if (updating_) return;
    const CiKind kind = ciKind();
    if (kind == CiKind::Bootstrap && !options_.bootstrapIntervals) {
        options_.bootstrapIntervals = true;
        Q_EMIT optionsChanged(options_);
    }
    Q_EMIT ciKindChanged(kind);
}

} // namespace ranklab::ui
