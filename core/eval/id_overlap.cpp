#include "eval/id_overlap.h"

#include <string_view>

#include <absl/container/flat_hash_set.h>

#include "common/error.h"

namespace ranklab {
namespace {

constexpr std::size_t kExamples = 3;

std::string_view withoutLeadingZeros(std::string_view id) {
    const std::size_t first = id.find_first_not_of('0');
    return first == std::string_view::npos ? (id.empty() ? id : id.substr(id.size() - 1)) : id.substr(first);
}

std::string quoted(const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids) out.append(out.empty() ? "" : ", ").append("\"" + id + "\"");
    return out;
}

} // namespace

std::vector<RunOverlap> runOverlaps(const Dataset& data) {
    const std::size_t users = data.ids.users.size();
    absl::flat_hash_set<std::string_view> truthUnpadded;
    std::size_t truthUsers = 0;
    for (std::size_t i = 0; i < users; ++i)
        if (data.judgments.hasUser(UserId(i))) {
            ++truthUsers;
            truthUnpadded.insert(withoutLeadingZeros(data.ids.users.name(UserId(i))));
        }
    std::vector<RunOverlap> out;
    for (const ModelRun& m : data.models) {
        RunOverlap o;
        o.model = m.name;
        o.truthUsers = truthUsers;
        for (std::size_t i = 0; i < users; ++i) {
            const UserId u = UserId(i);
            const bool inRun = m.run.hasUser(u), judged = data.judgments.hasUser(u);
            if (inRun) {
                ++o.runUsers;
                if (judged) {
                    ++o.shared;
                } else {
                    const std::string_view name = data.ids.users.name(u);
                    if (truthUnpadded.contains(withoutLeadingZeros(name))) ++o.zeroPadded;
                    if (o.runOnlyExamples.size() < kExamples) o.runOnlyExamples.emplace_back(name);
                }
            } else if (judged && o.truthExamples.size() < kExamples) {
                o.truthExamples.emplace_back(data.ids.users.name(u));
            }
        }
        if (o.runUsers > 0) out.push_back(std::move(o));
    }
    return out;
}

void refuseDisjointRuns(const std::vector<RunOverlap>& overlaps) {
    for (const RunOverlap& o : overlaps) {
        if (o.shared > 0 || o.truthUsers == 0) continue;
        std::string message = "run " + o.model + " shares no user with the ground truth: its " +
                              std::to_string(o.runUsers) + " users (e.g. " + quoted(o.runOnlyExamples) +
                              ") are none of the ground truth's " + std::to_string(o.truthUsers) + " (e.g. " +
                              quoted(o.truthExamples) + "), so every metric would be 0 or the run left out";
        if (o.zeroPadded > 0)
            message += "; " + std::to_string(o.zeroPadded) +
                       " of its ids equal a ground-truth id but for leading zeros (\"007\" and \"7\"): write the "
                       "ids the same way in both files";
        else
            message += "; do the two files name users the same way (the same id column, the same spelling)?";
        throw Error(message);
    }
}

std::vector<std::string> overlapWarnings(const std::vector<RunOverlap>& overlaps) {
    std::vector<std::string> lines;
    for (const RunOverlap& o : overlaps) {
        if (o.shared == o.runUsers || o.shared == 0) continue;
        std::string line = "run " + o.model + ": " + std::to_string(o.runUsers - o.shared) + " of its " +
                           std::to_string(o.runUsers) + " users are not in the ground truth and are never averaged (e.g. " +
                           quoted(o.runOnlyExamples) + ")";
        if (o.zeroPadded > 0)
            line += "; " + std::to_string(o.zeroPadded) + " of them equal a ground-truth id but for leading zeros";
        lines.push_back(std::move(line));
    }
    return lines;
}

} // namespace ranklab
