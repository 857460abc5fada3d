#include "fuzz_support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "data/id_space.h"
#include "io/readers.h"

namespace ranklab::fuzz {

namespace {

// The scratch files, removed when the process ends.
struct ScratchFiles {
    std::map<std::string, std::string, std::less<>> bySuffix;
    ~ScratchFiles() {
        for (const auto& [suffix, path] : bySuffix) std::remove(path.c_str());
    }
};

ScratchFiles& scratch() {
    static ScratchFiles files;
    return files;
}

std::string scratchPath(std::string_view suffix) {
    auto& files = scratch().bySuffix;
    if (auto it = files.find(suffix); it != files.end()) return it->second;
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/ranklab-fuzz-XXXXXX" + std::string(suffix);
    const int fd = mkstemps(pattern.data(), static_cast<int>(suffix.size()));
    if (fd < 0) throw std::runtime_error("fuzz: cannot create a scratch file from " + pattern);
    close(fd);
    files.emplace(std::string(suffix), pattern);
    return pattern;
}

} // namespace

std::string writeInput(const std::uint8_t* data, std::size_t size, std::string_view suffix) {
    const std::string path = scratchPath(suffix);
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) throw std::runtime_error("fuzz: cannot write " + path);
    if (size > 0 && std::fwrite(data, 1, size, file) != size) {
        std::fclose(file);
        throw std::runtime_error("fuzz: cannot write " + path);
    }
    std::fclose(file);
    return path;
}

ReadOptions smallReadOptions(FormatSpec format, bool skipBadLines) {
    ReadOptions options;
    options.format = std::move(format);
    options.skipBadLines = skipBadLines;
    options.parallelism = Parallelism(1);
    options.blockBytes = 4096;
    options.chunkBytes = 1024;
    options.maxLineBytes = 64 << 10;
    options.maxFields = 256;
    options.maxExpansion = 100;
    return options;
}

void readAs(const std::string& path, const ReadOptions& options, std::initializer_list<Role> roles) {
    for (const Role role : roles) {
        refusalIsFine([&] {
            IdSpace ids;
            switch (role) {
            case Role::Run:
                (void)readRun(path, ids, options);
                break;
            case Role::Judgments:
                (void)readJudgments(path, ids, options);
                break;
            case Role::Exclusions:
                (void)readExclusions(path, ids, options);
                break;
            case Role::Cohorts:
                (void)readCohorts(path, ids, options);
                break;
            case Role::ItemAttributes:
                (void)readItemAttributes(path, ids, options);
                break;
            case Role::Catalog:  // a list of ids (io/catalog_reader.h), no target reads it as a role
                break;
            }
        });
    }
}

} // namespace ranklab::fuzz
