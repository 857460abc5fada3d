#pragma once
// The study request of an export: what `verify` recomputes, as a closed set
// of typed settings (never an argument vector from the file).
//
//   "request": {"kind": "compare",                     one of kRequestKinds
//               "inputs": {"ground_truth": 0, "runs": [1, 2], "exclusions": 3},
//               "settings": {"metrics": ["ndcg@10"], "ties": ["expected"],
//                            "no-bootstrap": true, ...}}
//
// "inputs" names, by role, indices into the manifest's "inputs" list (the
// files whose SHA-256 the manifest records). "settings" holds the options
// the command was given that change what it computes or prints; each key is
// one of the table in study_request.cpp (an option of an exporting command
// that names no file and no output), each value checked by its type: a flag
// (true), a number in its range, a name from its closed list, metric ids
// through the metric parser, a token of a few safe characters, or a short
// printable text. Unknown keys, roles or kinds are refused. No setting can
// name a path, an output, `verify` or another command: the recomputation's
// arguments are generated from this by RankLab (request_arguments.h).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace ranklab {

// The commands that export a report with a manifest (never `verify`).
enum class RequestKind { Eval, Compare, Ranks, Curves, Cohorts, Validate, Power, Report, Plot };
inline constexpr const char* kRequestKinds[] = {"eval",     "compare", "ranks",  "curves", "cohorts",
                                                "validate", "power",   "report", "plot"};
const char* requestKindName(RequestKind kind);
std::optional<RequestKind> parseRequestKind(std::string_view name);

// The input roles a request may name (the manifest's file roles).
inline constexpr const char* kRequestRoles[] = {"workspace", "ground_truth", "runs",  "exclusions",
                                                "cohorts",   "catalog",      "items", "only_users"};

struct RequestSetting {
    std::string name;                 // a key of the settings table, without "--"
    bool flag = false;                // a flag (given: true)
    std::vector<std::string> values;  // an option's values, each as it was given
    bool operator==(const RequestSetting&) const = default;
};

struct RequestInputs {
    std::optional<std::size_t> workspace, groundTruth, exclusions, cohorts, catalog, items, onlyUsers;
    std::vector<std::size_t> runs;
    bool operator==(const RequestInputs&) const = default;
};

struct StudyRequest {
    RequestKind kind = RequestKind::Eval;
    RequestInputs inputs;
    std::vector<RequestSetting> settings;  // sorted by name, each name once
    bool operator==(const StudyRequest&) const = default;
};

// Whether `name` (without "--") is a setting a request may hold, and
// whether it is a flag. Options that name files or outputs are not.
bool isRequestSetting(std::string_view name);
bool isRequestFlag(std::string_view name);
// Throws Error saying what was expected when `setting` is not a setting
// of the table or a value is not of its type.
void checkRequestSetting(const RequestSetting& setting);

nlohmann::ordered_json requestJson(const StudyRequest& request);
// Reads and validates a request; `inputCount` is the length of the
// manifest's inputs list and `roleOf(i)` the role of its file i (a request's
// index must name a file of the same role). Throws Error saying what is
// wrong ("request.settings.alpha: ...").
StudyRequest requestFromJson(const nlohmann::json& j, const std::vector<std::string>& inputRoles);

} // namespace ranklab
