#pragma once
// The pre-flight check of a loaded Dataset: what in the inputs can make the
// numbers misleading, as a list of findings that the GUI's Checks tab and
// `ranklab-cli validate` both show. Every check yields one finding per
// subject (the dataset, a file or a model), with severity Ok when it found
// nothing, so a report also says what was checked.
//
// What a successful load can still hold: lines skipped with
// --skip-bad-lines, duplicates resolved by --duplicates=first|max, users and
// items that the runs and the ground truth do not share, ±inf scores, short
// lists, users without relevant items, ties, and leakage. NaN scores are
// refused by the readers (an error, or a skipped line with
// --skip-bad-lines), so the NaN check finds them only in datasets built
// another way.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "io/dataset.h"
#include "metrics/metric_spec.h"

namespace ranklab {

enum class Severity { Ok, Info, Warning, Error };
const char* severityName(Severity severity);  // "ok", "info", "warning", "error"

struct Finding {
    std::string kind;     // stable id, e.g. "run_only_users" (the list in validation.cpp)
    Severity severity = Severity::Ok;
    std::string subject;  // "dataset", a file path, or "model NAME"
    std::uint64_t count = 0;
    std::vector<std::string> examples;  // a few ids or lines
    std::string message;                // one sentence: what, how many, why it matters
};

struct ValidationSettings {
    double relevanceThreshold = 1.0;  // θ: relevant means grade ≥ θ
    std::uint32_t largestCutoff = 0;  // the lists-shorter check; 0 skips it
    bool useExclusions = true;        // lists are counted after exclusions, when applied
    std::size_t maxExamples = 5;
    Parallelism parallelism;
};

struct ValidationReport {
    std::vector<Finding> findings;

    std::size_t count(Severity severity) const;
    Severity worst() const;
    // The first finding of `kind` about `subject` (any subject when empty).
    const Finding* find(std::string_view kind, std::string_view subject = {}) const;
};

// The largest finite cutoff among `metrics` (0 when every one is @all or has none).
std::uint32_t largestCutoff(const std::vector<MetricSpec>& metrics);

// Runs every check. Throws Cancelled when `progress` is cancelled.
ValidationReport validateDataset(const Dataset& data, const ValidationSettings& settings,
                                 const Progress* progress = nullptr);

} // namespace ranklab
