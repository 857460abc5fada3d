#include "workspace/workspace_paths.h"

namespace ranklab {
namespace fs = std::filesystem;

fs::path workspaceBaseFolder(const std::string& workspacePath) {
    return fs::absolute(fs::path(workspacePath)).lexically_normal().parent_path();
}

std::string pathRelativeTo(const std::string& path, const fs::path& base) {
    fs::path absolute = fs::absolute(fs::path(path)).lexically_normal();
    fs::path relative = absolute.lexically_relative(base);
    return relative.empty() ? absolute.generic_string() : relative.generic_string();
}

} // namespace ranklab
