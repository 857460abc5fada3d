// The Evaluation panel's parameter box (split from evaluation_panel.cpp): the
// current family's widgets, made from its declared parameters
// (metric_record.h): a combo box for a choice, a spin box for a number, with
// the record's labels, defaults and ranges; a change edits the family's spec.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

#include "metrics/registry.h"
#include "ui/evaluation_panel.h"

namespace ranklab::ui {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

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

} // namespace

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

} // namespace ranklab::ui
