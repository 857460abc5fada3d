#include "cli/qt_commands.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

namespace ranklab::cli {

std::string_view qtCommandDescription(std::string_view name) {
    for (const QtCommand& c : kQtCommands)
        if (c.name == name) return c.description;
    return {};
}

int forwardQtCommand(int argc, char** argv) {
    if (argc < 2 || qtCommandDescription(argv[1]).empty()) return -1;
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path target =
        (ec ? std::filesystem::path(argv[0]).parent_path() : self.parent_path()) / std::string(kQtExecutable);
    std::vector<char*> args(argv, argv + argc);
    std::string program = target.string();
    args[0] = program.data();
    args.push_back(nullptr);
    ::execv(program.c_str(), args.data());
    const int err = errno;
    std::cerr << "ranklab-cli: error: " << argv[1] << " runs in " << kQtExecutable << ", which cannot be started ("
              << program << ": " << std::strerror(err) << "); it is built with the UI, next to ranklab-cli\n";
    return 1;
}

} // namespace ranklab::cli
