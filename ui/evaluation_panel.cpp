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

// A spin box's range for a number parameter: the declared one (open ends
// one step in), else [-1000, 1000]; a parameter without a default gets one
// more value below, shown as its unset label.
void setRange(QDoubleSpinBox* box, const MetricParam& p) {
    double lo = std::isfinite(p.min) ? p.min : (p.defaultValue ? -1000.0 : 0.0);
    double hi = std::isfinite(p.max) ? p.max : 1000.0;
    const double step = hi - lo <= 1.0 ? 0.05 : 1.0;
    if (p.minOpen) lo += 0.01;
    if (p.maxOpen) hi -= 0.01;
    if (!p.defaultValue) lo -= 1.0;
    box->setDecimals(2);
    box->setSingleStep(step);
    box->setRange(lo, hi);
    if (!p.defaultValue) box->setSpecialValueText(text(p.unsetLabel));
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

QWidget* EvaluationPanel::parameterWidget(const QString& name) const {
    for (QWidget* w : paramWidgets_)
        if (w->objectName() == QStringLiteral("param_") + name) return w;
    return nullptr;
}

void EvaluationPanel::showParameters() {
    const std::string family = familyAt(metrics_->currentItem());
    const MetricRecord* f = findMetric(family);
    if (!f) return;
    // The same family's widgets are updated in place: a widget is never
    // deleted while it may be emitting (a combo box's change reaches the
    // workbench, whose workspaceChanged() comes back here synchronously).
    if (family == shownFamily_ && paramWidgets_.size() == f->params.size()) {
        showParameterValues();
        return;
    }
    const bool was = updating_;
    updating_ = true;
    const MetricSpec& spec = specs_[family];
    params_->setTitle(tr("Parameters of %1").arg(QString::fromStdString(family)));
    auto* form = static_cast<QFormLayout*>(params_->layout());
    // Another family's widgets go later, from the event loop: one of them may
    // be the sender of the signal that brought us here.
    while (form->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = form->takeRow(0);
        for (QLayoutItem* item : {row.labelItem, row.fieldItem}) {
            if (!item) continue;
            if (QWidget* w = item->widget()) {
                w->hide();
                w->disconnect(this);
                w->deleteLater();
            }
            delete item;
        }
    }
    paramWidgets_.clear();
    shownFamily_ = family;
    for (std::size_t i = 0; i < f->params.size(); ++i) {
        const MetricParam& p = f->params[i];
        QWidget* widget = nullptr;
        if (p.kind == ParamKind::Choice) {
            auto* box = new QComboBox(params_);
            for (const ParamChoice& c : p.choices) box->addItem(text(c.label.empty() ? c.value : c.label), text(c.value));
            box->setCurrentIndex(int(spec.param(i)));
            connect(box, &QComboBox::currentIndexChanged, this, [this, i](int index) { parameterChanged(i, index); });
            widget = box;
        } else if (p.kind == ParamKind::Integer) {
            auto* box = new QSpinBox(params_);
            const bool unset = !p.defaultValue;
            const int lo = std::isfinite(p.min) ? int(p.min) + int(p.minOpen) : -1000;
            box->setRange(lo - int(unset), std::isfinite(p.max) ? int(p.max) - int(p.maxOpen) : 1000000);
            if (unset) box->setSpecialValueText(text(p.unsetLabel));
            box->setValue(std::isnan(spec.param(i)) ? box->minimum() : int(spec.param(i)));
            connect(box, &QSpinBox::valueChanged, this, [this, i, box, unset](int v) {
                parameterChanged(i, unset && v == box->minimum() ? std::nan("") : double(v));
            });
            widget = box;
        } else {
            auto* box = new QDoubleSpinBox(params_);
            setRange(box, p);
            const bool unset = !p.defaultValue;
            box->setValue(std::isnan(spec.param(i)) ? box->minimum() : spec.param(i));
            connect(box, &QDoubleSpinBox::valueChanged, this, [this, i, box, unset](double v) {
                parameterChanged(i, unset && v == box->minimum() ? std::nan("") : v);
            });
            widget = box;
        }
        widget->setObjectName(QStringLiteral("param_") + text(p.name));
        widget->setToolTip(text(p.description));
        widget->setAccessibleName(text(p.label.empty() ? p.name : p.label));
        widget->setAccessibleDescription(text(p.description));
        form->addRow(text(p.label.empty() ? p.name : p.label) + QStringLiteral(":"), widget);
        paramWidgets_.push_back(widget);
    }
    if (f->params.empty()) form->addRow(new QLabel(tr("none"), params_));
    updating_ = was;
}

void EvaluationPanel::showParameterValues() {
    const MetricSpec& spec = specs_[shownFamily_];
    for (std::size_t i = 0; i < paramWidgets_.size(); ++i) {
        QWidget* w = paramWidgets_[i];
        const QSignalBlocker block(w);
        const double v = spec.param(i);
        if (auto* box = qobject_cast<QComboBox*>(w)) box->setCurrentIndex(int(v));
        else if (auto* box = qobject_cast<QSpinBox*>(w)) box->setValue(std::isnan(v) ? box->minimum() : int(v));
        else if (auto* box = qobject_cast<QDoubleSpinBox*>(w)) box->setValue(std::isnan(v) ? box->minimum() : v);
    }
}

void EvaluationPanel::parameterChanged(std::size_t index, double value) {
    if (updating_) return;
    const std::string family = familyAt(metrics_->currentItem());
    const MetricRecord* f = findMetric(family);
    if (!f || index >= f->params.size()) return;
    MetricSpec& spec = specs_[family];
    if (spec.params.size() != f->params.size()) spec = MetricSpec::parse(spec.id());  // defaults filled
    spec.params[index] = value;
    if (metrics_->currentItem()->checkState() == Qt::Checked) changed();
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
