#pragma once
// The partial state of `eval` over a range of user buckets: per model and
// metric column the mergeable moments of its users' values (exact sums,
// stats/exact_moments.h), and the user counts of the range. Partial states
// of disjoint ranges merge (in any order, with the same bits) into the
// state of their union; the state of all 4,096 buckets gives the
// Evaluation whose means `eval` prints, so `ranklab-cli merge` prints the
// same bytes as the single command. Per-user values stay with the worker
// (--per-user of the shard).
//
// Set-level columns (coverage, gini, entropy, personalization) carry their
// per-item counts over the catalogue instead (eval/set_level_state.h:
// integers, so they add up exactly); their shards must count over the same
// catalogue (its size, a hash of its item ids and its training flags are
// kept and compared when merging).
#include <optional>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/evaluation.h"
#include "eval/set_level_state.h"
#include "shard/partial_header.h"
#include "shard/set_level_part.h"
#include "shard/user_bucket.h"
#include "stats/exact_moments.h"

namespace ranklab::shard {

struct EvalPartial {
    EvalSettings settings;             // metrics, ties, users policy, rel, exclusions (no threads)
    std::vector<BucketRange> buckets;  // sorted, disjoint
    UserCounts counts;                 // of the users in `buckets`
    StateInputs inputs;                // what the state was computed over (partial_header.h)
    struct Model {
        std::string name;
        std::vector<stats::ExactMoments> columns;  // per metric
        std::vector<SetLevelCounts> setLevel;      // per set-level column, in column order
    };
    std::vector<Model> models;
    SetLevelCatalog catalog;  // with set-level columns: the catalogue the counts are over
    // Where the shards left their users' values (`eval --per-user FILE` with
    // --partial): per range, the file as given, or made absolute against the
    // state's folder when merged (per_user_file.h reads them).
    struct PerUserFile {
        BucketRange buckets;
        std::string file;
    };
    std::vector<PerUserFile> perUser;
};

// The users of `data` whose bucket lies in `range`, ascending ids.
std::vector<UserId> usersInBuckets(const IdSpace& ids, const BucketRange& range);

// Restricts `settings` to the users of `range` (settings.onlyUsers) and
// counts the users of the range as evaluate() counts all of them.
struct BucketSelection {
    EvalSettings settings;
    UserCounts counts;
};
BucketSelection restrictToBuckets(const Dataset& data, const EvalSettings& settings, const BucketRange& range);

// evaluate() of the users `selection` restricts to, with the range's user
// counts as its partial state keeps them.
Evaluation evaluateSelection(const Dataset& data, const BucketSelection& selection, RankCache& cache,
                             const Progress* progress = nullptr);

// evaluate() of the users of `range` (every user without one), with the
// range's user counts as its partial state keeps them.
Evaluation evaluateInBuckets(const Dataset& data, const EvalSettings& settings, const std::optional<BucketRange>& range,
                             RankCache& cache, const Progress* progress = nullptr);

// The partial state of an evaluation restricted by restrictToBuckets().
// Set-level columns need `setLevel` (setLevelState() of the same data and
// settings); throws ranklab::Error for one without it.
EvalPartial evalPartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                        const SetLevelState* setLevel = nullptr);

// Merges states of the same settings and models over disjoint ranges;
// throws ranklab::Error naming the first difference or overlap.
EvalPartial mergeEvalPartials(const std::vector<EvalPartial>& parts, const std::vector<std::string>& names);

// The Evaluation of a state covering every bucket (throws naming the
// missing buckets otherwise): means from the moments, no per-user rows.
Evaluation evaluationOf(const EvalPartial& whole);

} // namespace ranklab::shard
