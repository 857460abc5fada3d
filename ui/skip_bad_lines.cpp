#include "ui/skip_bad_lines.h"

#include <filesystem>
#include <system_error>

namespace ranklab::ui {
namespace {

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) return true;
    return std::filesystem::absolute(a, ec).lexically_normal() == std::filesystem::absolute(b, ec).lexically_normal();
}

bool skipIn(std::optional<WorkspaceSettings>& reading, const WorkspaceSettings& defaults) {
    WorkspaceSettings next = reading ? *reading : defaults;
    if (next.skipBadLines) return false;
    next.skipBadLines = true;
    reading = next;
    return true;
}

} // namespace

bool skipBadLinesOf(Workspace& workspace, const std::string& file) {
    if (file.empty()) return false;
    if (sameFile(workspace.groundTruth.path, file)) return skipIn(workspace.groundTruth.reading, workspace.settings);
    for (WorkspaceModel& m : workspace.models)
        if (sameFile(m.path, file)) return skipIn(m.reading, workspace.settings);
    for (std::optional<WorkspaceFile>* f : {&workspace.exclusions, &workspace.cohorts, &workspace.catalog, &workspace.items})
        if (*f && sameFile((*f)->path, file)) return skipIn((*f)->reading, workspace.settings);
    return false;
}

} // namespace ranklab::ui
