#include "shard/state_inputs.h"

#include <bit>
#include <cstdint>
#include <vector>

#include "common/sha256.h"
#include "common/user_key.h"

namespace ranklab::shard {

void setDataInputs(StateInputs& out, const Dataset& data, const BucketRange& range) {
    out.whole = false;
    const std::size_t users = data.ids.users.size(), items = data.ids.items.size();
    std::vector<std::uint64_t> perBucket(kUserBuckets, 0);
    std::vector<std::uint64_t> itemHash(items);
    std::uint64_t userSum = 0, itemSum = 0, judgmentSum = 0;
    for (std::size_t i = 0; i < items; ++i) {
        itemHash[i] = fnv1a64(data.ids.items.name(std::uint32_t(i)));
        itemSum += itemHash[i];
    }
    for (std::size_t u = 0; u < users; ++u) {
        const UserKey key = userKey(data.ids.users.name(std::uint32_t(u)));
        ++perBucket[key.bucket()];
        userSum += key.hash;
        if (!range.contains(key.bucket())) out.whole = true;
        if (!data.judgments.hasUser(UserId(u))) continue;
        const auto judged = data.judgments.items(UserId(u));
        const auto grades = data.judgments.grades(UserId(u));
        for (std::size_t j = 0; j < judged.size(); ++j)
            judgmentSum += splitMix64Finalizer(key.hash ^ splitMix64Finalizer(itemHash[judged[j]] ^
                                                                              std::bit_cast<std::uint64_t>(grades[j])));
    }
    Sha256 hash;
    hash.update("ranklab-state-inputs 1\n");
    for (std::uint64_t n : perBucket) hash.update(std::to_string(n) + ",");
    hash.update("\n" + std::to_string(users) + " " + std::to_string(userSum) + " " + std::to_string(items) + " " +
                std::to_string(itemSum) + " " + std::to_string(data.judgments.size()) + " " +
                std::to_string(judgmentSum) + "\n");
    for (const ModelRun& m : data.models) hash.update(std::to_string(m.name.size()) + ":" + m.name + "\n");
    out.digest = hash.finishHex();
}

} // namespace ranklab::shard
