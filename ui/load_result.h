#pragma once
// What loading a workspace gives back: the workspace with its data, or an
// error ready to show (file, line, column, the offending text).
#include <QMetaType>
#include <QString>

#include <exception>
#include <memory>

#include "io/dataset.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {

struct LoadedWorkspace {
    QString path;  // the .ranklab file
    Workspace workspace;
    // Null when the ground truth is missing (nothing can be read).
    std::shared_ptr<const Dataset> dataset;
    double seconds = 0;  // time taken
    WorkspaceReadNotes notes;            // files relocated or missing
    std::vector<std::size_t> datasetModels;  // workspace model of each dataset model
    Workspace loaded;                    // the files read (missing ones left out)
    bool incremental = false;            // only the changed models were read
};

struct LoadError {
    QString message;  // the whole message, as the engine wrote it
    QString problem;  // what is wrong (the message without the location)
    QString file;     // empty if the error is not about one file
    quint64 line = 0;  // 1-based; 0 if not applicable
    quint64 column = 0;
    QString text;  // the offending text, if any

    // Describes the exception being handled (call inside a catch block).
    static LoadError fromCurrentException();
};

} // namespace ranklab::ui

Q_DECLARE_METATYPE(ranklab::ui::LoadedWorkspace)
Q_DECLARE_METATYPE(ranklab::ui::LoadError)
