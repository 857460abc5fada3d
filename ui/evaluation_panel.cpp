#include "ui/evaluation_panel.h"

#include <QComboBox>
#include <QSpinBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include "common/error.h"
#include "eval/definition_profile.h"
#include "metrics/metric_text.h"
#include "metrics/registry.h"
#include "ui/summary/metric_definitions.h"

#include <algorithm>
#include <cmath>

namespace ranklab::ui {
namespace {

constexpr int kFamilyRole = Qt::UserRole + 1;

const TiePolicy kTies[] = {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                           TiePolicy::Pessimistic};
const UsersPolicy kUsers[] = {UsersPolicy::Relevant, UsersPolicy::Trec, UsersPolicy::All, UsersPolicy::Ranked};

// The family's spec of a saved entry ("ndcg(gain=exp)"), or none if the
// entry names its own cutoff or does not parse.
std::optional<MetricSpec> familySpec(const std::string& entry) {
    if (entry.find('@') != std::string::npos) return std::nullopt;
    const MetricRecord* f = findMetric(entry.substr(0, entry.find('(')));
    if (!f) return std::nullopt;
    try {
        return MetricSpec::parse(f->takesCutoff ? entry + "@1" : entry);
    } catch (const Error&) {
        return std::nullopt;
    }
}

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// The picker's tooltip: the record's name, definition and formula.
QString familyTooltip(const MetricRecord& r) {
    return QStringLiteral("<b>%1</b> — %2<br>%3<br>%4")
        .arg(text(r.id), text(r.name), text(r.definition).toHtmlEscaped(),
             formulaHtml(familyFormula(MetricSpec::of(r.id))));
}

QString cutoffText(const std::vector<std::uint32_t>& cutoffs) {
    QStringList parts;
    for (std::uint32_t k : cutoffs) parts << QString::number(k);
    return parts.join(QStringLiteral(", "));
}

} // namespace

EvaluationPanel::EvaluationPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildMetrics());
    layout->addWidget(buildOptions());
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setEvaluation(WorkspaceEvaluation{});
}

QWidget* EvaluationPanel::buildMetrics() {
    auto* box = new QGroupBox(tr("Metrics"), this);
    auto* layout = new QVBoxLayout(box);
    // The cutoffs first: on a 768-pixel screen they stay above the fold.
    auto* cutoffRow = new QFormLayout;
    cutoffRow->setContentsMargins(0, 0, 0, 0);
    cutoffs_ = new QLineEdit(box);
    cutoffs_->setObjectName(QStringLiteral("cutoffEdit"));
    cutoffs_->setPlaceholderText(tr("e.g. 5, 10, 20"));
    cutoffs_->setToolTip(tr("The cutoffs k of every metric@k, separated by commas"));
    cutoffs_->setAccessibleName(tr("Cutoffs k"));
    cutoffRow->addRow(tr("Cutoffs k:"), cutoffs_);
    cutoffProblem_ = new QLabel(box);
    cutoffProblem_->setStyleSheet(QStringLiteral("color:#b00020"));
    cutoffProblem_->setWordWrap(true);
    cutoffProblem_->hide();
    cutoffRow->addRow(cutoffProblem_);
    layout->addLayout(cutoffRow);
    metrics_ = new QListWidget(box);
    metrics_->setAccessibleName(tr("Metrics"));
    metrics_->setObjectName(QStringLiteral("metricList"));
    for (const MetricRecord* f : metricRecords()) {
        auto* item = new QListWidgetItem(text(f->id), metrics_);
        item->setData(kFamilyRole, item->text());
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setToolTip(familyTooltip(*f));
        specs_[std::string(f->id)] = *familySpec(std::string(f->id));
    }
    // Families side by side in columns: the whole list shows without scrolling.
    metrics_->setFlow(QListView::LeftToRight);
    metrics_->setWrapping(true);
    metrics_->setResizeMode(QListView::Adjust);
    metrics_->setUniformItemSizes(true);
    int widest = 0;
    for (int i = 0; i < metrics_->count(); ++i)
        widest = std::max(widest, metrics_->fontMetrics().horizontalAdvance(metrics_->item(i)->text()));
    const int rowHeight = metrics_->sizeHintForRow(0);
    metrics_->setGridSize(QSize(widest + 44, rowHeight + 2));
    const int columns = 3;
    const int rows = (metrics_->count() + columns - 1) / columns;
    metrics_->setFixedHeight(rows * (rowHeight + 2) + 2 * metrics_->frameWidth() + 6);
    metrics_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(metrics_);

    params_ = new QGroupBox(box);
    params_->setFlat(true);
    auto* form = new QFormLayout(params_);
    form->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(params_);

    connect(metrics_, &QListWidget::currentItemChanged, this, &EvaluationPanel::showParameters);
    connect(metrics_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (updating_) return;
        const std::string f = familyAt(item);
        if (item->checkState() == Qt::Checked && std::find(order_.begin(), order_.end(), f) == order_.end())
            order_.push_back(f);
        changed();
    });
    return box;
}

QWidget* EvaluationPanel::buildOptions() {
    auto* box = new QGroupBox(tr("Options"), this);
    auto* form = new QFormLayout(box);
    threshold_ = new QDoubleSpinBox(box);
    threshold_->setRange(0, 1000);
    threshold_->setDecimals(1);
    threshold_->setToolTip(tr("Judged items with at least this grade are relevant"));
    threshold_->setAccessibleName(tr("Relevant from grade"));
    form->addRow(tr("Relevant from grade:"), threshold_);
    ties_ = new QComboBox(box);
    ties_->addItem(tr("Expected value (all orders)"), int(TiePolicy::Expected));
    ties_->addItem(tr("trec_eval (item id)"), int(TiePolicy::Trec));
    ties_->addItem(tr("File order"), int(TiePolicy::Input));
    ties_->addItem(tr("Optimistic"), int(TiePolicy::Optimistic));
    ties_->addItem(tr("Pessimistic"), int(TiePolicy::Pessimistic));
    ties_->setToolTip(tr("How items with equal scores are ordered"));
    ties_->setAccessibleName(tr("Ties"));
    form->addRow(tr("Ties:"), ties_);
    users_ = new QComboBox(box);
    users_->addItem(tr("Users with a relevant item"), int(UsersPolicy::Relevant));
    users_->addItem(tr("In truth and every run (trec_eval)"), int(UsersPolicy::Trec));
    users_->addItem(tr("Every ground-truth user"), int(UsersPolicy::All));
    users_->addItem(tr("In every run with a relevant item (Elliot)"), int(UsersPolicy::Ranked));
    users_->setToolTip(tr("Which users are averaged"));
    users_->setAccessibleName(tr("Users"));
    form->addRow(tr("Users:"), users_);
    profile_ = new QComboBox(box);
    profile_->setObjectName(QStringLiteral("profileBox"));
    profile_->addItem(tr("None (the parameters chosen here)"), QString());
    for (const DefinitionProfile& p : builtinProfiles())
        profile_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
    profile_->setToolTip(tr("Compute every metric as this tool defines it: gain, ideal list, AP normaliser, "
                            "ties and users (docs/profiles.md)"));
    profile_->setAccessibleName(tr("Definitions of"));
    form->addRow(tr("Definitions of:"), profile_);
    auto* sampledRow = new QHBoxLayout;
    sampledNegatives_ = new QSpinBox(box);
    sampledNegatives_->setObjectName(QStringLiteral("sampledNegatives"));
    sampledNegatives_->setRange(0, 1000000);
    sampledNegatives_->setSpecialValueText(tr("none"));
    sampledNegatives_->setToolTip(
        tr("Sampled-negative protocol: each user ranks one relevant item against N sampled negatives. "
           "The Summary then shows estimates of the full-catalogue metrics (rescaled rank, CLS, BV, MLE)"));
    catalogSize_ = new QSpinBox(box);
    catalogSize_->setObjectName(QStringLiteral("catalogSize"));
    catalogSize_->setRange(0, 100000000);
    catalogSize_->setSpecialValueText(tr("M?"));
    catalogSize_->setToolTip(tr("The catalogue size M the negatives were sampled from"));
    sampledRow->addWidget(sampledNegatives_, 1);
    sampledRow->addWidget(new QLabel(tr("of"), box));
    sampledRow->addWidget(catalogSize_, 1);
    form->addRow(tr("Sampled negatives:"), sampledRow);

    connect(cutoffs_, &QLineEdit::editingFinished, this, &EvaluationPanel::cutoffsEdited);
    connect(threshold_, &QDoubleSpinBox::valueChanged, this, [this] { changed(); });
    connect(ties_, &QComboBox::currentIndexChanged, this, [this] { changed(); });
    connect(users_, &QComboBox::currentIndexChanged, this, [this] { changed(); });
    connect(profile_, &QComboBox::currentIndexChanged, this, [this] {
        showProfile();
        changed();
    });
    connect(sampledNegatives_, &QSpinBox::valueChanged, this, [this] { changed(); });
    connect(catalogSize_, &QSpinBox::valueChanged, this, [this] { changed(); });
    return box;
}

void EvaluationPanel::showProfile() {
    const std::string name = profile_->currentData().toString().toStdString();
    const bool chosen = !name.empty();
    ties_->setEnabled(!chosen);
    users_->setEnabled(!chosen);
    if (!chosen) return;
    const DefinitionProfile& p = findProfile(name);
    const bool was = updating_;
    updating_ = true;  // one edit, emitted by the caller
    ties_->setCurrentIndex(ties_->findData(int(p.ties)));
    users_->setCurrentIndex(users_->findData(int(p.users)));
    updating_ = was;
}

std::string EvaluationPanel::familyAt(const QListWidgetItem* item) const {
    return item ? item->data(kFamilyRole).toString().toStdString() : std::string();
}

void EvaluationPanel::selectFamily(const QString& family) {
    for (int i = 0; i < metrics_->count(); ++i)
        if (metrics_->item(i)->data(kFamilyRole).toString() == family) metrics_->setCurrentRow(i);
}

void EvaluationPanel::setEvaluation(const WorkspaceEvaluation& evaluation) {
    updating_ = true;
    extras_.clear();
    order_.clear();
    for (int i = 0; i < metrics_->count(); ++i) metrics_->item(i)->setCheckState(Qt::Unchecked);
    for (const std::string& entry : evaluation.metrics) {
        auto spec = familySpec(entry);
        QListWidgetItem* item = nullptr;
        for (int i = 0; spec && i < metrics_->count(); ++i)
            if (familyAt(metrics_->item(i)) == spec->family) item = metrics_->item(i);
        if (!item || item->checkState() == Qt::Checked) {  // a second variant of a family, or @k
            extras_.push_back(entry);
            continue;
        }
        item->setCheckState(Qt::Checked);
        specs_[spec->family] = *spec;
        order_.push_back(spec->family);
    }
    cutoffList_ = evaluation.cutoffs;
    cutoffs_->setText(cutoffText(cutoffList_));
    cutoffProblem_->hide();
    threshold_->setValue(evaluation.relevanceThreshold);
    ties_->setCurrentIndex(ties_->findData(int(evaluation.ties)));
    users_->setCurrentIndex(users_->findData(int(evaluation.users)));
    profile_->setCurrentIndex(std::max(0, profile_->findData(QString::fromStdString(evaluation.profile))));
    showProfile();
    sampledNegatives_->setValue(int(evaluation.sampledNegatives));
    catalogSize_->setValue(int(std::min<std::uint64_t>(evaluation.catalogSize, 100000000)));
    if (!metrics_->currentItem()) {  // start on the first chosen family
        if (order_.empty()) metrics_->setCurrentRow(0);
        else selectFamily(QString::fromStdString(order_.front()));
    }
    updating_ = false;
    showParameters();
}

WorkspaceEvaluation EvaluationPanel::evaluation() const {
    WorkspaceEvaluation e;
    e.metrics.clear();
    // The workspace's order first, then families checked since, in list order.
    std::vector<std::string> families = order_;
    for (int i = 0; i < metrics_->count(); ++i)
        if (std::find(families.begin(), families.end(), familyAt(metrics_->item(i))) == families.end())
            families.push_back(familyAt(metrics_->item(i)));
    for (const std::string& f : families) {
        for (int i = 0; i < metrics_->count(); ++i) {
            const QListWidgetItem* item = metrics_->item(i);
            if (familyAt(item) == f && item->checkState() == Qt::Checked)
                e.metrics.push_back(specs_.at(f).familyKey());
        }
    }
    e.metrics.insert(e.metrics.end(), extras_.begin(), extras_.end());
    e.cutoffs = cutoffList_;
    e.ties = TiePolicy(ties_->currentData().toInt());
    e.users = UsersPolicy(users_->currentData().toInt());
    e.profile = profile_->currentData().toString().toStdString();
    e.relevanceThreshold = threshold_->value();
    // The protocol counts once both numbers make sense (N < M).
    if (sampledNegatives_->value() > 0 && catalogSize_->value() > sampledNegatives_->value()) {
        e.sampledNegatives = std::uint32_t(sampledNegatives_->value());
        e.catalogSize = std::uint64_t(catalogSize_->value());
    }
    return e;
}

void EvaluationPanel::cutoffsEdited() {
    try {
        std::vector<std::uint32_t> list = parseCutoffs(cutoffs_->text().toStdString());
        cutoffProblem_->hide();
        if (list == cutoffList_) return;
        cutoffList_ = std::move(list);
        changed();
    } catch (const Error& e) {
        cutoffProblem_->setText(QString::fromStdString(e.what()));
        cutoffProblem_->show();
    }
}

void EvaluationPanel::changed() {
    if (updating_) return;
    Q_EMIT evaluationEdited(evaluation());
}

} // namespace ranklab::ui
