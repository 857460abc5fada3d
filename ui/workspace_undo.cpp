#include "ui/workspace_undo.h"

#include <QCoreApplication>

#include "ui/workbench.h"

namespace ranklab::ui {

WorkspaceEdit::WorkspaceEdit(Workbench* bench, Workspace before, Workspace after, const QString& text)
    : QUndoCommand(text), bench_(bench), before_(std::move(before)), after_(std::move(after)) {}

void WorkspaceEdit::undo() { bench_->edit(before_); }

void WorkspaceEdit::redo() { bench_->edit(after_); }

QString describeEdit(const Workspace& before, const Workspace& after) {
    auto tr = [](const char* text) { return QCoreApplication::translate("WorkspaceEdit", text); };
    if (before.models.size() < after.models.size()) return tr("Add Model");
    if (before.models.size() > after.models.size()) return tr("Remove Model");
    if (before.models != after.models) {
        for (std::size_t i = 0; i < before.models.size(); ++i) {
            const WorkspaceModel& a = before.models[i];
            const WorkspaceModel& b = after.models[i];
            if (a.path != b.path && a.name == b.name) return tr("Reorder or Replace Models");
            if (a.name != b.name) return tr("Rename Model");
            if (a.color != b.color) return tr("Change Colour");
            if (a.visible != b.visible) return tr("Show or Hide Model");
        }
        return tr("Change Models");
    }
    if (before.evaluation != after.evaluation) {
        if (before.evaluation.metrics != after.evaluation.metrics) return tr("Change Metrics");
        if (before.evaluation.cutoffs != after.evaluation.cutoffs) return tr("Change Cutoffs");
        return tr("Change Evaluation Settings");
    }
    return tr("Change Files");
}

} // namespace ranklab::ui
