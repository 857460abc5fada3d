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

// What a state was computed over, as the shards of one evaluation must
// agree on it ("inputs" in the file; every field optional):
//   "digest"        SHA-256 (64 hex digits) of the data the shard read, all
//                   of it, not only its buckets' users (state_inputs.h), ""
//                   unknown (an older state);
//   "whole"         the data held users outside the state's buckets (the
//                   same files given to every shard): then the digests of
//                   two such states must be equal (files split by bucket
//                   hold different users, so theirs are not compared);
//   "bucket_sizes"  SHA-256 of the bucket sizes a second pass used
//                   (bucketSizesDigest), "" for none (a first pass).
struct StateInputs {
    std::string digest;
    bool whole = false;
    std::string bucketSizes;
    bool operator==(const StateInputs&) const = default;
};

struct PartialHeader {
    std::vector<BucketRange> buckets;  // sorted, disjoint
    EvalSettings settings;             // metrics, ties, users, rel, exclusions, max_length (no threads, no users)
    UserCounts counts;                 // of the users in `buckets`
    StateInputs inputs;
};

// The digest of every bucket's users (and of each cohort's, when given):
// SHA-256 of the counts as decimal text.
std::string bucketSizesDigest(const std::vector<std::uint64_t>& users,
                              const std::vector<std::pair<std::string, std::vector<std::uint64_t>>>& cohorts = {});

// {"format", "version", "command", "buckets", "settings", "users"}.
nlohmann::ordered_json headerJson(const std::string& command, const PartialHeader& header);

// Throws ranklab::Error naming `fileName` when `j` holds a floating-point
// number anywhere (a state's counts are integers, its doubles hex strings;
// converting a float such as 1.1e20 to a count would be undefined), or a
// negative integer (a count of -1 would wrap around to 2^64 - 1).
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
// throws ranklab::Error naming `name` when the settings differ, when its
// buckets overlap those already merged, when the two were computed over
// other inputs or other bucket sizes (naming both files and what differs),
// or when a count would pass 2^64.
void mergeHeader(PartialHeader& into, const PartialHeader& part, const std::string& name, const std::string& first);

// Throws ranklab::Error naming the buckets left out unless `header` covers 0:4096.
void requireEveryBucket(const PartialHeader& header);

} // namespace ranklab::shard
