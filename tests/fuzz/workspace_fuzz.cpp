// Fuzz target: `.ranklab` workspace files. A workspace that reads is also
// written back and read again: it must come back the same. Any exception but
// ranklab::Error is a bug.
#include "common/error.h"
#include "fuzz_support.h"
#include "workspace/workspace_file.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = fuzz::writeInput(data, size, ".ranklab");
    Workspace workspace;
    try {
        WorkspaceReadNotes notes;
        workspace = readWorkspaceFile(path, &notes);
    } catch (const Error&) {
        return 0;
    }
    try {
        (void)toSources(workspace);
        (void)toReadOptions(workspace);
        (void)toEvalSettings(workspace.evaluation);
    } catch (const Error&) {
    }
    const std::string json = workspaceJson(workspace, path);
    const std::string again = fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(json.data()), json.size(), ".ranklab");
    if (again != path) __builtin_trap();
    Workspace reread;
    try {
        reread = readWorkspaceFile(path);
    } catch (const Error&) {
        __builtin_trap();  // what RankLab writes, it reads
    }
    if (!(reread == workspace)) __builtin_trap();
    return 0;
}
