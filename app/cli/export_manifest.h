#pragma once
// The manifest of a command's export: the inputs (hashed), the evaluation
// and statistics settings, the users counts, this run's arguments (shown,
// never run) and its study request (what `verify` recomputes). A file written with --out always carries one;
// standard output only with --manifest.
#include <optional>
#include <string>
#include <vector>

#include "manifest/manifest.h"

namespace ranklab::cli {

struct InputOptions;

// This process's arguments after the program name (set by main).
std::vector<std::string>& commandLine();

// The study request of the command that runs (its name and the options it
// was given, cli/command_line.h) over `inputs`, the manifest's input list;
// none when an option given is not one a request can hold.
std::optional<StudyRequest> studyRequest(const std::vector<ManifestFile>& inputs);

// The input files of `input` (the workspace file first, when given),
// hashed; slow on big files, so a command may start it while it reads.
std::vector<ManifestFile> hashedInputs(const InputOptions& input);

// The manifest of a run of the current command on `input`'s files (hashed
// now unless `hashed` gives them).
Manifest commandManifest(const InputOptions& input, const EvalSettings* evaluation = nullptr,
                         const stats::ComparisonOptions* statistics = nullptr, const std::string& interval = "",
                         const UserCounts* users = nullptr, std::vector<ManifestFile>* hashed = nullptr);

// `text` in table format `format` with the manifest of commandManifest(...)
// embedded when it goes to a file (`out` non-empty) or --manifest was given.
std::string withManifest(const std::string& text, const std::string& format, const std::string& out,
                         const InputOptions& input, const EvalSettings* evaluation = nullptr,
                         const stats::ComparisonOptions* statistics = nullptr, const std::string& interval = "",
                         const UserCounts* users = nullptr);

} // namespace ranklab::cli
