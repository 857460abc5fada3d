#include "ui/summary/summary_toolbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <algorithm>

#include "ui/summary/comparison_tooltips.h"

namespace ranklab::ui {
namespace {

constexpr int kAllPairs = -1;

QComboBox* addBox(QHBoxLayout* layout, const QString& label, const QString& toolTip, QWidget* parent) {
    auto* box = new QComboBox(parent);
    auto* text = new QLabel(label, parent);
    text->setBuddy(box);
    box->setToolTip(toolTip);
    text->setToolTip(toolTip);
    layout->addWidget(text);
    layout->addWidget(box);
    layout->addSpacing(8);
    return box;
}

void selectData(QComboBox* box, const QVariant& value) {
    const int i = box->findData(value);
    if (i >= 0) box->setCurrentIndex(i);
}

} // namespace

SummaryToolBar::SummaryToolBar(QWidget* parent) : QWidget(parent) {
    options_.baseline = 0;  // as `ranklab-cli compare`: the first model, until the user chooses
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    baseline_ = addBox(layout, tr("&Baseline:"),
                       tr("The model every other model is tested against (▲ better, ▼ worse), or all pairs"), this);
    test_ = addBox(layout, tr("&Test:"), tr("The paired significance test behind ▲ and ▼ (METRICS.md)"), this);
    correction_ = addBox(layout, tr("&Correction:"),
                         tr("Multiple-testing correction over every pair and metric column shown"), this);
    alpha_ = addBox(layout, tr("&α:"), tr("Significance level of the corrected tests"), this);
    ci_ = addBox(layout, tr("C&I:"), tr("The interval each cell shows after the mean"), this);
    layout->addStretch(1);

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
    baseline_->addItem(tr("all pairs"), kAllPairs);
    for (QComboBox* box : {baseline_, test_, correction_, alpha_, ci_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    }

    for (QComboBox* box : {baseline_, test_, correction_, alpha_})
        connect(box, &QComboBox::currentIndexChanged, this, &SummaryToolBar::onComparisonChoice);
    connect(ci_, &QComboBox::currentIndexChanged, this, &SummaryToolBar::onCiChoice);
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
    updating_ = false;
}

CiKind SummaryToolBar::ciKind() const { return CiKind(ci_->currentData().toInt()); }

void SummaryToolBar::setCiKind(CiKind kind) { selectData(ci_, int(kind)); }

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

void SummaryToolBar::onCiChoice() {
    const CiKind kind = ciKind();
    if (kind == CiKind::Bootstrap && !options_.bootstrapIntervals) {
        options_.bootstrapIntervals = true;
        Q_EMIT optionsChanged(options_);
    }
    Q_EMIT ciKindChanged(kind);
}

} // namespace ranklab::ui
