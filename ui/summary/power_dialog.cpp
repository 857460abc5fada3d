#include "ui/summary/power_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <cmath>

#include "ui/form_dialog.h"
#include "ui/job_tracker.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/metric_pane.h"

namespace ranklab::ui {
namespace {

QDoubleSpinBox* spin(QWidget* parent, double lo, double hi, double value, int decimals, double step) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(lo, hi);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setValue(value);
    return box;
}

QString num(double x, int digits = 4) {
    return std::isfinite(x) ? QString::number(x, 'f', digits) : QStringLiteral("–");
}

} // namespace

PowerDialog::PowerDialog(std::shared_ptr<const EvaluationResult> result, std::optional<std::size_t> baseline,
                         std::optional<std::size_t> metric, double alpha, QWidget* parent)
    : QDialog(parent), result_(std::move(result)), metric_(new QComboBox(this)), model_(new QComboBox(this)),
      baseline_(new QComboBox(this)), alpha_(spin(this, 0.0001, 0.5, alpha, 4, 0.01)),
      power_(spin(this, 0.5, 0.9999, 0.8, 4, 0.05)), delta_(spin(this, 0.0001, 1000, 0.01, 4, 0.005)),
      answerText_(new QLabel(this)), deltaSource_(new QLabel(this)),
      useDelta_(new QPushButton(tr("&Use δ in the Summary"), this)), jobs_(new JobTracker(this)) {
    setWindowTitle(tr("Power and sample size"));
    setObjectName(QStringLiteral("powerDialog"));
    const Evaluation* e = result_ ? result_->evaluation.get() : nullptr;
    if (e) {
        refillMetricBox(metric_, perUserColumns(*e), [e, metric](const std::vector<std::size_t>& offered) {
            return metric ? *metric : ForestPane::defaultMetric(*e, offered);
        });
        for (std::size_t m = 0; m < e->models.size(); ++m) {
            const QString name = m < std::size_t(result_->models.size()) ? result_->models[qsizetype(m)].name
                                                                          : QString::fromStdString(e->models[m].name);
            model_->addItem(name, qulonglong(m));
            baseline_->addItem(name, qulonglong(m));
        }
        const std::size_t b = baseline && *baseline < e->models.size() ? *baseline : 0;
        baseline_->setCurrentIndex(int(b));
        model_->setCurrentIndex(b == 0 && e->models.size() > 1 ? 1 : 0);
    }
    delta_->setToolTip(tr("δ: the smallest true difference that matters, in the metric's units"));
    answerText_->setTextFormat(Qt::RichText);
    answerText_->setWordWrap(true);
    answerText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    answerText_->setMinimumWidth(420);
    answerText_->setMinimumHeight(answerText_->fontMetrics().lineSpacing() * 6);  // the dialog keeps its size
    answerText_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    answerText_->setObjectName(QStringLiteral("powerAnswer"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Metric:"), metric_);
    form->addRow(tr("M&odel:"), model_);
    form->addRow(tr("&Baseline:"), baseline_);
    form->addRow(tr("&α (two-sided):"), alpha_);
    form->addRow(tr("&Power (1 − β):"), power_);
    form->addRow(tr("&δ (min. effect):"), delta_);
    deltaSource_->setObjectName(QStringLiteral("powerDeltaSource"));
    deltaSource_->setWordWrap(true);
    deltaSource_->setEnabled(false);
    form->addRow(QString(), deltaSource_);
    useDelta_->setObjectName(QStringLiteral("useDeltaInSummary"));
    useDelta_->setToolTip(tr("Make this δ the Summary's δ for the metric: its practical classes and equivalence "
                             "tests use it"));
    useDelta_->setAutoDefault(false);
    form->addRow(QString(), useDelta_);
    connect(useDelta_, &QPushButton::clicked, this, [this] {
        if (metric_->currentIndex() < 0) return;
        Q_EMIT minEffectChosen(metric_->currentText(), delta_->value());
    });
    deltaSource_->setText(tr("The Summary sets no δ: this one is the dialog's own."));
    layOutFormDialog(this, form, {{answerText_, 0}},
                     tr("Paired t-test, exact through the noncentral t. n and the SD are the per-user "
                        "differences (model − baseline) of the users evaluated."));

    // A new metric or baseline takes the Summary's δ for it (a percentage is
    // of the baseline's mean); then the answer follows.
    for (QComboBox* box : {metric_, baseline_})
        connect(box, &QComboBox::currentIndexChanged, this, &PowerDialog::takeSummaryDelta);
    for (QComboBox* box : {metric_, model_, baseline_})
        connect(box, &QComboBox::currentIndexChanged, this, &PowerDialog::recompute);
    for (QDoubleSpinBox* box : {alpha_, power_, delta_})
        connect(box, &QDoubleSpinBox::valueChanged, this, &PowerDialog::recompute);
    connect(jobs_, &JobTracker::failed, this, [this](const QString&, const LoadError& error) {
        answerText_->setText(tr("No answer: %1").arg(error.message.toHtmlEscaped()));
    });
    recompute();
}

PowerDialog::~PowerDialog() = default;

void PowerDialog::followMinEffects(const stats::MinEffects& effects) {
    effects_ = effects;
    takeSummaryDelta();
    recompute();
}

void PowerDialog::takeSummaryDelta() {
    const Evaluation* e = result_ ? result_->evaluation.get() : nullptr;
    if (!e || metric_->currentIndex() < 0 || baseline_->currentIndex() < 0) return;
    const std::string id = metric_->currentText().toStdString();
    const std::optional<stats::MinEffect> effect = effects_.find(id);
    if (!effect) {
        deltaSource_->setText(tr("The Summary sets no δ for %1: this one is the dialog's own.")
                                  .arg(metric_->currentText().toHtmlEscaped()));
        return;
    }
    const std::size_t metric = metric_->currentData().toULongLong(), b = baseline_->currentData().toULongLong();
    double sum = 0;
    for (std::size_t u = 0; u < e->users.size(); ++u) sum += e->value(b, u, metric);
    const double baselineMean = e->users.empty() ? 0.0 : sum / double(e->users.size());
    const double delta = effect->absolute(baselineMean);
    if (!(delta > 0)) {
        deltaSource_->setText(tr("The Summary's δ for %1 is %2 of a baseline mean of 0: no absolute δ.")
                                  .arg(metric_->currentText().toHtmlEscaped(),
                                       QString::fromStdString(effect->toString())));
        return;
    }
    {
        const QSignalBlocker block(delta_);  // one recompute, by the caller
        delta_->setValue(delta);
    }
    deltaSource_->setText(effect->relative
                              ? tr("The Summary's δ for %1: %2 of the baseline's mean %3.")
                                    .arg(metric_->currentText().toHtmlEscaped(),
                                         QString::fromStdString(effect->toString()), num(baselineMean, 4))
                              : tr("The Summary's δ for %1.").arg(metric_->currentText().toHtmlEscaped()));
}

void PowerDialog::recompute() {
    answer_.reset();
    const Evaluation* e = result_ ? result_->evaluation.get() : nullptr;
    if (!e || metric_->currentIndex() < 0 || model_->currentIndex() < 0) {
        jobs_->cancel();
        answerText_->setText(tr("Evaluate the models first."));
        return;
    }
    const std::size_t metric = metric_->currentData().toULongLong();
    const std::size_t a = model_->currentData().toULongLong(), b = baseline_->currentData().toULongLong();
    if (a == b) {
        jobs_->cancel();
        answerText_->setText(tr("Choose two different models."));
        return;
    }
    answerText_->setText(tr("Computing…"));
    std::function<PowerAnswer(const Progress&)> work = [evaluation = result_->evaluation, metric, a, b,
                                                        alpha = alpha_->value(), power = power_->value(),
                                                        delta = delta_->value()](const Progress& progress) {
        std::vector<double> diffs(evaluation->users.size());
        for (std::size_t u = 0; u < diffs.size(); ++u)
            diffs[u] = evaluation->value(a, u, metric) - evaluation->value(b, u, metric);
        progress.check();
        PowerAnswer out;
        out.observed = stats::observedPower(diffs, alpha, power);
        out.mddEffect = stats::minimumDetectableEffect(double(out.observed.n), alpha, power);
        out.delta = delta;
        if (out.observed.sd > 0) out.usersNeeded = stats::usersForPower(delta / out.observed.sd, alpha, power);
        return out;
    };
    jobs_->start<PowerAnswer>(tr("Computing the power…"), std::move(work),
                              [this](PowerAnswer answer) { showAnswer(answer); });
}

void PowerDialog::showAnswer(const PowerAnswer& p) {
    answer_ = p;
    const QLocale locale;
    const auto& o = p.observed;
    const QString needed = std::isfinite(p.usersNeeded) ? locale.toString(qulonglong(std::ceil(p.usersNeeded - 1e-9)))
                                                        : QStringLiteral("–");
    answerText_->setText(
        tr("<table>"
           "<tr><td>Users (n):</td><td><b>%1</b></td></tr>"
           "<tr><td>Mean difference, SD:</td><td>%2, %3 (d<sub>z</sub> = %4)</td></tr>"
           "<tr><td>Minimum detectable difference:</td><td><b>%5</b> (d = %6)</td></tr>"
           "<tr><td>Users needed for δ = %7:</td><td><b>%8</b></td></tr>"
           "<tr><td>Post-hoc power at the observed mean:</td><td>%9</td></tr>"
           "</table>")
            .arg(locale.toString(qulonglong(o.n)), num(o.mean, 5), num(o.sd, 5), num(o.effectSize),
                 num(o.minimumDetectable, 5),
                 num(p.mddEffect), num(p.delta, 4), needed, num(o.power)));
}

} // namespace ranklab::ui
