#pragma once
// Where the paths in a workspace file are relative to: the folder of the
// workspace file itself. Read resolves against it, write makes paths
// relative to it (workspace_reader.cpp, workspace_writer.cpp).
#include <filesystem>
#include <string>

namespace ranklab {

// The folder of `workspacePath`, absolute and normal.
std::filesystem::path workspaceBaseFolder(const std::string& workspacePath);

// `path` as written in a workspace saved in `base`: relative to it (absolute
// when it has no relative form).
std::string pathRelativeTo(const std::string& path, const std::filesystem::path& base);

} // namespace ranklab
