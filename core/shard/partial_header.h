#pragma once
// The fields every partial-state file shares (partial_file.h): "format",
// "version", "command", "buckets", "settings" and "users". Read with the
// file's name in every error; merged by checking that the settings agree,
// joining the bucket ranges (an overlap is refused, naming the file) and
// adding the user counts. Each command's state adds its own fields.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "shard/user_bucket.h"

namespace ranklab::shard {

struct PartialHeader {
    std::vector<BucketRange> buckets;  // sorted, disjoint
    EvalSettings settings;             // metrics, ties, users, rel, exclusions, max_length (no threads, no users)
    UserCounts counts;                 // of the users in `buckets`
};

// {"format", "version", "command", "buckets", "settings", "users"}.
nlohmann::ordered_json headerJson(const std::string& command, const PartialHeader& header);

// Throws ranklab::Error naming `fileName` when `j` holds a floating-point
// number anywhere (a state's counts are integers, its doubles hex strings;
// converting a float such as 1.1e20 to a count would be undefined).
void requireNoFloats(const nlohmann::ordered_json& j, const std::string& fileName);
// `text` parsed as a partial state of `command` (format, version and
// command checked, no floats); throws ranklab::Error naming `fileName`.
nlohmann::ordered_json parsePartial(const std::string& text, const std::string& fileName, const std::string& command);
// The shared fields of a parsed state; throws ranklab::Error naming `fileName`
// (nlohmann's exceptions for a missing or mistyped field are left to the caller).
PartialHeader headerFromJson(const nlohmann::ordered_json& j, const std::string& fileName);

// A key that differs when two settings would give other numbers.
std::string settingsKey(const EvalSettings& settings);

// Adds `part` (of file `name`) to `into` (whose first file is `first`):
// throws ranklab::Error naming `name` when the settings differ or when its
// buckets overlap those already merged.
void mergeHeader(PartialHeader& into, const PartialHeader& part, const std::string& name, const std::string& first);

// Throws ranklab::Error naming the buckets left out unless `header` covers 0:4096.
void requireEveryBucket(const PartialHeader& header);

} // namespace ranklab::shard
