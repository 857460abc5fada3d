// ranklab-cli verify FILE: reads the manifest of any export, checks that
// every input file still has the recorded SHA-256, reruns the recorded
// command and compares every number. Exit 0 when all match; 1 naming the
// changed file or the numbers that differ.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <regex>

#include "cli/commands.h"
#include "common/error.h"
#include "common/sha256.h"
#include "io/byte_source.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"

namespace ranklab::cli {
namespace fs = std::filesystem;
namespace {

struct VerifyOptions {
    std::string file;
    int maxDifferences = 10;
};

std::string extensionOf(const std::string& path) { return fs::path(path).extension().string(); }

// Runs this program with `args` in `folder`, standard output to `out`.
int rerun(const std::vector<std::string>& args, const std::string& folder, const std::string& out) {
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const pid_t child = fork();
    if (child < 0) throw Error("cannot rerun the command: fork failed");
    if (child == 0) {
        if (!folder.empty() && chdir(folder.c_str()) != 0) _exit(126);
        const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int null = open("/dev/null", O_WRONLY);
        if (o < 0 || null < 0) _exit(126);
        dup2(o, 1);
        dup2(null, 2);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(self.c_str()));
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(self.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct NumberAt {
    std::string text;
    std::size_t line;
};

std::vector<NumberAt> numbersOf(const std::string& text) {
    static const std::regex number(R"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|NaN|nan|null)");
    std::vector<NumberAt> numbers;
    std::size_t line = 1, counted = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
        const std::size_t at = std::size_t(it->position());
        line += std::size_t(std::count(text.begin() + long(counted), text.begin() + long(at), '\n'));
        counted = at;
        numbers.push_back({it->str(), line});
    }
    return numbers;
}

void runVerify(const VerifyOptions& o) {
    const std::string bytes = readAll(o.file);
    const auto json = findManifestJson(bytes);
    if (!json) throw Error(o.file + ": no RankLab manifest found (expected one in a RankLab export)");
    const Manifest m = manifestFromJson(*json);
    bool changed = false;
    for (const ManifestFile& f : m.inputs) {
        std::error_code error;
        if (!fs::is_regular_file(f.path, error)) {
            std::cout << "changed: " << f.path << " (" << f.role << "): the file is missing\n";
            changed = true;
            continue;
        }
        std::uint64_t size = 0;
        const std::string hash = sha256OfFile(f.path, &size);
        if (hash != f.sha256) {
            std::cout << "changed: " << f.path << " (" << f.role << "): SHA-256 " << hash << ", recorded "
                      << f.sha256 << " (" << size << " bytes, recorded " << f.size << ")\n";
            changed = true;
        }
    }
    if (changed) {
        exitCode() = 1;
        return;
    }
    std::cout << "inputs: " << m.inputs.size() << " files match their SHA-256\n";
    if (m.command.empty()) throw Error(o.file + ": the manifest records no command to rerun");

    // Rerun, the output going to a temporary file of the same kind.
    const fs::path scratch = fs::temp_directory_path() / ("ranklab-verify-" + std::to_string(getpid()));
    fs::create_directories(scratch);
    const std::string rerunOut = (scratch / ("again" + extensionOf(o.file))).string();
    const std::string stdoutFile = (scratch / "stdout").string();
    std::vector<std::string> args = m.command;
    bool toFile = false;
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--out" || args[i] == "-o") {
            args[i + 1] = rerunOut;
            toFile = true;
        }
    for (std::string& a : args)
        if (a.rfind("--out=", 0) == 0) {
            a = "--out=" + rerunOut;
            toFile = true;
        }
    const int code = rerun(args, m.workingDirectory, stdoutFile);
    std::string again;
    try {
        again = readAll(toFile ? rerunOut : stdoutFile);
    } catch (const Error&) {
    }
    fs::remove_all(scratch);
    if (code != 0 && code != 2) throw Error("rerunning the recorded command failed (exit code " + std::to_string(code) + ")");

    const std::string ext = extensionOf(o.file);
    if (ext == ".pdf") {
        std::cout << "numbers: a PDF is checked by its inputs only (its text is compressed)\n";
        return;
    }
    const std::string before = withoutManifest(bytes), after = withoutManifest(again);
    if (ext == ".png") {
        if (before != after) {
            std::cout << "differs: the image drawn again is not the same\n";
            exitCode() = 1;
            return;
        }
        std::cout << "image: identical when drawn again\n";
        return;
    }
    const auto a = numbersOf(before), b = numbersOf(after);
    int shown = 0;
    std::size_t differences = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i].text != b[i].text) {
            ++differences;
            if (shown++ < o.maxDifferences)
                std::cout << "differs: line " << a[i].line << ": " << a[i].text << " in " << o.file << ", "
                          << b[i].text << " recomputed\n";
        }
    if (a.size() != b.size()) {
        std::cout << "differs: " << a.size() << " numbers in " << o.file << ", " << b.size() << " recomputed\n";
        ++differences;
    }
    if (differences == 0 && before != after) {
        std::cout << "differs: the text (not its numbers) is not the same\n";
        ++differences;
    }
    if (differences > 0) {
        exitCode() = 1;
        return;
    }
    std::cout << "numbers: all " << a.size() << " match when recomputed\n";
}

} // namespace

void addVerifyCommand(Command& app) {
    auto options = std::make_shared<VerifyOptions>();
    auto* cmd = app.add_subcommand(
        "verify", "Check an export against its manifest: the inputs' SHA-256, then every number recomputed");
    cmd->footer("Reads the manifest of any RankLab export (JSON, CSV, Markdown, LaTeX, SVG, PNG, PDF, HTML report),\n"
                "checks every input file's SHA-256, reruns the recorded command in its folder and compares every\n"
                "number. Exit 0: all match; 1: a changed file or the differing numbers are named.");
    cmd->add_option("file", options->file, "The export to verify")->required();
    cmd->add_option("--max-differences", options->maxDifferences, "Differing numbers listed at most")
        ->capture_default_str();
    cmd->callback([options] { runVerify(*options); });
}

} // namespace ranklab::cli
