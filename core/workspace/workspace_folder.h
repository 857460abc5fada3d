#pragma once
// The folder a workspace file's relative paths are relative to: shared by
// its reader and its writer.
#include <filesystem>
#include <string>

namespace ranklab {

std::filesystem::path workspaceFolder(const std::string& workspacePath);

} // namespace ranklab
