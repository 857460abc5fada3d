#pragma once
// Reading the files of a workspace. Each reader detects the compression and
// the format, parses in parallel, interns ids into the shared IdSpace and
// builds the per-user table. On any error the IdSpace is left as it was.
#include <functional>
#include <string>

#include "common/progress.h"
#include "data/cohorts.h"
#include "data/exclusions.h"
#include "data/id_space.h"
#include "data/item_attributes.h"
#include "data/judgments.h"
#include "data/run.h"
#include "io/load_report.h"
#include "io/read_options.h"

namespace ranklab {

struct LoadedJudgments {
    Judgments judgments;
    LoadReport report;
};
struct LoadedRun {
    Run run;
    LoadReport report;
};
struct LoadedExclusions {
    Exclusions exclusions;
    LoadReport report;
};
struct LoadedItemAttributes {
    ItemAttributes attributes;
    LoadReport report;
};
struct LoadedCohorts {
    Cohorts cohorts;
    LoadReport report;
};

LoadedJudgments readJudgments(const std::string& path, IdSpace& ids, const ReadOptions& options = {},
                              const Progress* progress = nullptr);
LoadedRun readRun(const std::string& path, IdSpace& ids, const ReadOptions& options = {},
                  const Progress* progress = nullptr);
// Reads a run of text (TREC or delimited) whose lines of each user come
// together, in chunks of whole users of about `chunkRecords` entries, and
// hands each chunk to `chunk` as a Run of those users: memory holds one
// chunk, not the run. Duplicates are resolved (or refused) within each
// user as readRun does. A user whose lines come back after other users'
// lines is an UngroupedRunError naming the line (the run must be grouped:
// sort it by user). Returns the run's report. Unlike readRun, new ids stay in `ids`
// after an error.
// streamRun's error for a run whose users are not grouped (a user's lines
// come back after other users'): the run is valid, only not streamable, so
// a caller that chose to stream on its own can read it whole instead.
class UngroupedRunError : public InputError {
public:
    UngroupedRunError(InputLocation where, std::string problem, std::string user)
        : InputError(std::move(where), std::move(problem)), user_(std::move(user)) {}
    const std::string& user() const { return user_; }  // the user who comes back

private:
    std::string user_;
};
LoadReport streamRun(const std::string& path, IdSpace& ids, const ReadOptions& options, std::size_t chunkRecords,
                     const std::function<void(Run&& chunk)>& chunk, const Progress* progress = nullptr);

LoadedExclusions readExclusions(const std::string& path, IdSpace& ids, const ReadOptions& options = {},
                                const Progress* progress = nullptr);
// Cohort users are interned into ids.users; groups get their own names.
LoadedCohorts readCohorts(const std::string& path, IdSpace& ids, const ReadOptions& options = {},
                          const Progress* progress = nullptr);
// `item attribute` lines (--items), several per item allowed; items are
// interned into ids.items, attributes get their own names. JSON:
// {"item": ["attribute", ...]} or {"item": "attribute"}.
LoadedItemAttributes readItemAttributes(const std::string& path, IdSpace& ids, const ReadOptions& options = {},
                                        const Progress* progress = nullptr);

} // namespace ranklab
