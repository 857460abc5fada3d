// ranklab-cli verify FILE: reads the manifest of any export, copies every
// input file it names into a private scratch folder (hashing the bytes as
// they are copied, so the SHA-256 checked is that of what is recomputed),
// recomputes the export from the manifest's study request (a closed set of
// typed settings: manifest/study_request.h; the recorded command line is
// never run) on the copies, and compares every number. Exit 0 when all
// match; 1 naming the changed file or the numbers that differ, or saying
// why the export cannot be recomputed.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/verify_scratch.h"
#include "common/error.h"
#include "io/byte_source.h"
#include "io/file_format.h"
#include "io/side_file.h"
#include "manifest/export_numbers.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"
#include "workspace/workspace_file.h"

namespace ranklab::cli {
namespace fs = std::filesystem;
namespace {

struct VerifyOptions {
    std::string file;
    int maxDifferences = 10;
};

// The export's own extension when it is one RankLab writes (the plot and
// report commands choose their output by it), else ".txt".
std::string outputExtension(const std::string& exportPath) {
    std::string ext = fs::path(exportPath).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    static const char* const known[] = {".csv", ".tsv", ".json", ".md", ".tex", ".txt", ".svg", ".png", ".pdf", ".html"};
    return std::find(std::begin(known), std::end(known), ext) != std::end(known) ? ext : ".txt";
}

// Runs this program with `args` in `folder` (verify's scratch), standard
// output and error to files there, standard input from /dev/null.
int recompute(const std::vector<std::string>& args, const std::string& folder) {
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const std::string out = folder + "/out/stdout", err = folder + "/out/stderr";
    const pid_t child = fork();
    if (child < 0) throw Error("verify: cannot recompute: fork failed");
    if (child == 0) {
        if (chdir(folder.c_str()) != 0) _exit(126);
        const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
        const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
        const int null = open("/dev/null", O_RDONLY);
        if (o < 0 || e < 0 || null < 0) _exit(126);
        dup2(null, 0);
        dup2(o, 1);
        dup2(e, 2);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(self.c_str()));
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(self.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Thrown when the manifest's request cannot be turned into a recomputation.
struct CannotRecompute : Error {
    using Error::Error;
};

// The format of input `f` as RankLab writes it (never empty: an option's
// empty value would take the next argument), refused when it names other
// files (numpy vocabularies or scores: the manifest does not hash those).
std::string checkedFormat(const ManifestFile& f) {
    const FormatSpec spec = FormatSpec::parse(f.format);
    if (!spec.usersFile.empty() || !spec.itemsFile.empty() || !spec.scoresFile.empty())
        throw CannotRecompute("the format of " + f.path + " (" + f.format +
                              ") reads other files, which the manifest does not hash");
    const std::string text = spec.toString();
    if (text.empty()) throw CannotRecompute("the format of " + f.path + " is empty");
    return text;
}

// The arguments of the recomputation, generated from the typed request:
// the inputs are the scratch copies, the output goes to the scratch folder.
std::vector<std::string> recomputeArguments(const Manifest& m, const StudyRequest& r,
                                            const std::vector<std::string>& copies, const std::string& output) {
    std::vector<std::string> args{requestKindName(r.kind)};
    auto file = [&](const char* option, std::size_t i) { args.push_back(std::string(option) + "=" + copies[i]); };
    if (r.inputs.workspace) {
        // Every file a workspace can name is given explicitly (a copy, or
        // none), so the paths inside the workspace are never read.
        if (!r.inputs.groundTruth || r.inputs.runs.empty())
            throw CannotRecompute("its workspace comes without the ground truth and the runs it was read with");
        const Workspace ws = readWorkspaceFile(copies[*r.inputs.workspace]);
        if ((ws.exclusions && !r.inputs.exclusions) || (ws.cohorts && !r.inputs.cohorts))
            throw CannotRecompute("its workspace names exclusions or cohorts the manifest's inputs do not hold");
        file("--workspace", *r.inputs.workspace);
    }
    if (r.inputs.groundTruth) {
        file("--qrels", *r.inputs.groundTruth);
        args.push_back("--qrels-format=" + checkedFormat(m.inputs[*r.inputs.groundTruth]));
    }
    std::optional<std::string> runFormat;
    for (std::size_t i : r.inputs.runs) {
        const ManifestFile& f = m.inputs[i];
        const std::string format = checkedFormat(f);
        if (runFormat && *runFormat != format)
            throw CannotRecompute("its runs have different formats (" + *runFormat + ", " + format + ")");
        runFormat = format;
        if (f.name.find('=') != std::string::npos || (f.name.empty() && copies[i].find('=') != std::string::npos))
            throw CannotRecompute("the run " + f.path + " has a name or path holding '='");
        args.push_back("--run=" + (f.name.empty() ? copies[i] : f.name + "=" + copies[i]));
    }
    if (runFormat) args.push_back("--run-format=" + *runFormat);
    if (r.inputs.exclusions) {
        file("--exclude", *r.inputs.exclusions);
        args.push_back("--exclude-format=" + checkedFormat(m.inputs[*r.inputs.exclusions]));
    }
    if (r.inputs.cohorts) {
        file("--cohorts", *r.inputs.cohorts);
        args.push_back("--cohorts-format=" + checkedFormat(m.inputs[*r.inputs.cohorts]));
    }
    if (r.inputs.catalog) file("--catalog", *r.inputs.catalog);
    if (r.inputs.items) {
        file("--items", *r.inputs.items);
        args.push_back("--items-format=" + checkedFormat(m.inputs[*r.inputs.items]));
    }
    if (r.inputs.onlyUsers) file("--only-users", *r.inputs.onlyUsers);
    for (const RequestSetting& s : r.settings) {
        if (s.flag) args.push_back("--" + s.name);
        else
            for (const std::string& v : s.values) args.push_back("--" + s.name + "=" + v);
    }
    args.push_back("--manifest");
    if (r.kind != RequestKind::Eval) args.push_back("--out=" + output);  // eval prints to standard output
    return args;
}

std::string tailOf(const std::string& path) {
    try {
        std::string text = readAll(path);
        if (text.size() > 600) text = "..." + text.substr(text.size() - 600);
        return text;
    } catch (const Error&) {
        return "";
    }
}

void compareNumbers(const VerifyOptions& o, const std::string& bytes, const std::string& again) {
    const std::string ext = outputExtension(o.file);
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
    const auto a = exportNumbers(before), b = exportNumbers(after);
    int shown = 0;
    std::size_t differences = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i].text != b[i].text) {
            ++differences;
            if (shown++ < o.maxDifferences)
                std::cout << "differs: line " << a[i].line << ": " << a[i].text.substr(0, 80) << " in " << o.file
                          << ", " << b[i].text.substr(0, 80) << " recomputed\n";
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

// Every `from` in `text` replaced by `to` (an empty `from`: nothing).
void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

void runVerify(const VerifyOptions& o) {
    // An export is a file RankLab wrote: a regular file within the side
    // files' bound (a device such as /dev/zero, or a FIFO, never ends).
    std::error_code error;
    const auto status = fs::status(o.file, error);
    if (!error && fs::exists(status) && !fs::is_regular_file(status))
        throw Error(printable(o.file, 4096) + ": not a regular file; expected a RankLab export (a file it wrote)");
    if (!error && fs::is_regular_file(status) && fs::file_size(o.file, error) > sideFileLimit())
        throw Error(printable(o.file, 4096) + ": larger than " + std::to_string(sideFileLimit()) +
                    " bytes, the limit for an export (RANKLAB_SIDE_FILE_BYTES raises it)");
    const std::string bytes = readAll(o.file);
    const auto json = findManifestJson(bytes);
    if (!json) throw Error(o.file + ": no RankLab manifest found (expected one in a RankLab export)");
    Manifest m;
    try {
        m = manifestFromJson(*json);
    } catch (const Error& e) {
        throw Error(o.file + ": " + e.what());
    }

    // Every input is copied into the private folder and hashed as it is copied.
    VerifyScratch scratch;
    std::vector<std::string> copies;
    bool changed = false;
    for (std::size_t i = 0; i < m.inputs.size(); ++i) {
        const ManifestFile& f = m.inputs[i];
        const VerifyScratch::Copy copy = scratch.copyIn(f.path, i);
        copies.push_back(copy.path);
        if (!copy.problem.empty()) {
            std::cout << "changed: " << f.path << " (" << f.role << "): the file " << copy.problem << "\n";
            changed = true;
        } else if (copy.sha256 != f.sha256 || copy.size != f.size) {
            std::cout << "changed: " << f.path << " (" << f.role << "): SHA-256 " << copy.sha256 << ", recorded "
                      << f.sha256 << " (" << copy.size << " bytes, recorded " << f.size << ")\n";
            changed = true;
        }
    }
    if (changed) {
        exitCode() = 1;
        return;
    }
    std::cout << "inputs: " << m.inputs.size() << " files match their SHA-256\n";
    if (!m.request) {
        std::cout << "cannot recompute: the manifest holds no study request (an export of an older RankLab, or "
                     "of the workbench); its inputs were checked, its numbers were not\n";
        exitCode() = 1;
        return;
    }
    const std::string output = scratch.path() + "/out/again" + outputExtension(o.file);
    std::vector<std::string> args;
    try {
        args = recomputeArguments(m, *m.request, copies, output);
    } catch (const CannotRecompute& e) {
        std::cout << "cannot recompute: " << e.what() << "; its inputs were checked, its numbers were not\n";
        exitCode() = 1;
        return;
    }
    const int code = recompute(args, scratch.path());
    if (code != 0 && code != 2)
        throw Error("recomputing the export failed (exit code " + std::to_string(code) + "): " +
                    tailOf(scratch.path() + "/out/stderr"));
    std::string again;
    try {
        again = readAll(m.request->kind == RequestKind::Eval ? scratch.path() + "/out/stdout" : output);
    } catch (const Error&) {
    }
    // Outputs that name their inputs (validate's subjects) name the copies
    // when recomputed: each input's path, original or copy, is one name, so
    // the digits of a path are never compared as numbers.
    std::string before = bytes;
    const std::string kind = outputExtension(o.file);
    for (std::size_t i = 0; i < m.inputs.size() && kind != ".png" && kind != ".pdf"; ++i) {
        const std::string name = "<input " + std::to_string(i) + ">";
        replaceAll(before, m.inputs[i].path, name);
        replaceAll(again, copies[i], name);
    }
    compareNumbers(o, before, again);
}

} // namespace

void addVerifyCommand(Command& app) {
    auto options = std::make_shared<VerifyOptions>();
    auto* cmd = app.add_subcommand(
        "verify", "Check an export against its manifest: the inputs' SHA-256, then every number recomputed");
    cmd->footer("Reads the manifest of any RankLab export (JSON, CSV, Markdown, LaTeX, SVG, PNG, PDF, HTML report),\n"
                "copies every input file it names into a private temporary folder, checking each copy's SHA-256,\n"
                "recomputes the export there from the manifest's study request (typed settings; the recorded\n"
                "command line is never run) and compares every number. Exit 0: all match; 1: a changed file,\n"
                "the differing numbers, or why it cannot be recomputed, are named.");
    cmd->add_option("file", options->file, "The export to verify")->required();
    cmd->add_option("--max-differences", options->maxDifferences, "Differing numbers listed at most")
        ->capture_default_str();
    cmd->callback([options] { runVerify(*options); });
}

} // namespace ranklab::cli
