#include "ui/explain_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

#include "eval/definition_profile.h"
#include "ui/form_dialog.h"
#include "ui/job_tracker.h"

namespace ranklab::ui {
namespace {

QString number(double value, int digits = 4) {
    return std::isfinite(value) ? QLocale().toString(value, 'f', digits) : QStringLiteral("–");
}

QString signedNumber(double value) {
    if (!std::isfinite(value)) return QStringLiteral("–");
    return (value >= 0 ? QStringLiteral("+") : QString()) + QLocale().toString(value, 'f', 4);
}

enum Column { Name, MeanA, MeanB, Difference, Users, ColumnCount };

// A row under `parent` with its number columns right-aligned.
QTreeWidgetItem* numberRow(QTreeWidgetItem* parent, const QStringList& texts) {
    auto* item = new QTreeWidgetItem(parent, texts);
    for (int c = MeanA; c < ColumnCount; ++c) item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

ExplainDialog::ExplainDialog(std::shared_ptr<const EvaluationResult> result, QWidget* parent)
    : QDialog(parent), result_(std::move(result)), a_(new QComboBox(this)), b_(new QComboBox(this)),
      tree_(new QTreeWidget(this)), status_(new QLabel(this)), jobs_(new JobTracker(this)) {
    setWindowTitle(tr("Why do these numbers differ?"));
    setObjectName(QStringLiteral("explainDialog"));
    for (const std::string& name : profileNames()) {
        a_->addItem(QString::fromStdString(name));
        b_->addItem(QString::fromStdString(name));
    }
    a_->setCurrentText(QStringLiteral("trec_eval"));
    b_->setCurrentText(QStringLiteral("recbole"));
    a_->setObjectName(QStringLiteral("explainProfileA"));
    b_->setObjectName(QStringLiteral("explainProfileB"));

    tree_->setColumnCount(ColumnCount);
    tree_->setHeaderLabels({tr("Model / metric / clause"), tr("A"), tr("B"), tr("B − A"), tr("Users")});
    tree_->headerItem()->setToolTip(Users, tr("Users whose value differs (a metric), or whose value this "
                                              "clause changes or who enter or leave the average (a clause)"));
    tree_->header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    for (int c = MeanA; c < ColumnCount; ++c) tree_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    tree_->setRootIsDecorated(true);
    tree_->setUniformRowHeights(true);
    tree_->setObjectName(QStringLiteral("explainTree"));
    status_->setWordWrap(true);
    status_->setObjectName(QStringLiteral("explainStatus"));

    auto* form = new QFormLayout;
    form->addRow(tr("Profile &A:"), a_);
    form->addRow(tr("Profile &B:"), b_);
    layOutFormDialog(this, form, {{tree_, 1}, {status_, 0}},
                     tr("The clauses are switched from A to B one at a time (ties, users, gain, ideal, "
                        "norm); each clause's B − A is the change of the mean at its step, so they add "
                        "up to the metric's B − A. The metrics are the evaluation panel's."));
    resize(720, 480);

    for (QComboBox* box : {a_, b_}) connect(box, &QComboBox::currentIndexChanged, this, &ExplainDialog::recompute);
    connect(jobs_, &JobTracker::failed, this, [this](const QString&, const LoadError& error) {
        status_->setText(tr("No explanation: %1").arg(error.message));
    });
    recompute();
}

ExplainDialog::~ExplainDialog() = default;

void ExplainDialog::recompute() {
    explanation_.reset();
    tree_->clear();
    if (!result_ || !result_->dataset || !result_->evaluation || !result_->cache) {
        jobs_->cancel();
        status_->setText(tr("Evaluate the models first."));
        return;
    }
    if (a_->currentText() == b_->currentText()) {
        jobs_->cancel();
        status_->setText(tr("Choose two different profiles."));
        return;
    }
    status_->setText(tr("Evaluating both profiles clause by clause…"));
    std::function<ProfileExplanation(const Progress&)> work =
        [dataset = result_->dataset, settings = result_->evaluation->settings, cache = result_->cache,
         a = a_->currentText().toStdString(), b = b_->currentText().toStdString()](const Progress& progress) {
            return explainProfiles(*dataset, settings, findProfile(a), findProfile(b), *cache, &progress);
        };
    jobs_->start<ProfileExplanation>(tr("Explaining the profiles…"), std::move(work),
                                     [this](ProfileExplanation x) { showExplanation(x); });
}

void ExplainDialog::showExplanation(const ProfileExplanation& x) {
    tree_->clear();
    const QLocale locale;
    std::size_t differing = 0;
    for (const ModelExplanation& model : x.models) {
        auto* modelItem = new QTreeWidgetItem(tree_, {QString::fromStdString(model.name)});
        for (const MetricExplanation& m : model.metrics) {
            const QString id = m.idA == m.idB ? QString::fromStdString(m.idA)
                                              : QStringLiteral("%1 → %2").arg(QString::fromStdString(m.idA),
                                                                             QString::fromStdString(m.idB));
            auto* metricItem = numberRow(
                modelItem, {id, number(m.meanA), number(m.meanB), signedNumber(m.meanB - m.meanA),
                            m.setLevel ? tr("set-level") : locale.toString(qulonglong(m.users.size()))});
            metricItem->setToolTip(MeanA, tr("%1 users averaged under %2").arg(m.usersA).arg(QString::fromStdString(x.a)));
            metricItem->setToolTip(MeanB, tr("%1 users averaged under %2").arg(m.usersB).arg(QString::fromStdString(x.b)));
            if (!m.users.empty()) ++differing;
            for (const ClauseStep& step : m.steps) {
                const QString change = step.from == step.to
                                           ? QStringLiteral("%1: %2").arg(QString::fromLatin1(profileClauseName(step.clause)),
                                                                          step.from.empty() ? QStringLiteral("–")
                                                                                            : QString::fromStdString(step.from))
                                           : QStringLiteral("%1: %2 → %3")
                                                 .arg(QString::fromLatin1(profileClauseName(step.clause)),
                                                      QString::fromStdString(step.from), QString::fromStdString(step.to));
                numberRow(metricItem, {change, QString(), QString(), signedNumber(step.contribution),
                                       locale.toString(qulonglong(step.usersChanged))});
            }
            metricItem->setExpanded(!m.users.empty());
        }
        modelItem->setExpanded(true);
    }
    status_->setText(tr("%1 against %2: %n metric column(s) differ.", nullptr, int(differing))
                         .arg(QString::fromStdString(x.b), QString::fromStdString(x.a)));
    explanation_ = x;
    Q_EMIT explained();
}

} // namespace ranklab::ui
