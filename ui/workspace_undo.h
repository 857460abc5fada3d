#pragma once
// Undo and redo of workspace edits (files, models, names, colours, the
// evaluation's metrics and settings): each edit is a command holding the
// workspace before and after, applied through Workbench::edit() either way,
// so an undo re-reads or re-evaluates exactly what the edit did.
#include <QUndoCommand>

#include "workspace/workspace_file.h"

namespace ranklab::ui {

class Workbench;

class WorkspaceEdit : public QUndoCommand {
public:
    WorkspaceEdit(Workbench* bench, Workspace before, Workspace after, const QString& text);
    void undo() override;
    void redo() override;

private:
    Workbench* bench_;
    Workspace before_, after_;
};

// What changed from `before` to `after`, for the Undo menu ("Undo Rename
// Model", "Undo Change Evaluation").
QString describeEdit(const Workspace& before, const Workspace& after);

} // namespace ranklab::ui
