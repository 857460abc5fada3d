// The bucket tree's nodes in partial-state files (partial_json.h).
#include <algorithm>
#include <cstring>

#include <absl/strings/escaping.h>

#include "common/error.h"
#include "shard/partial_json.h"

namespace ranklab::shard {

nlohmann::ordered_json nodesJson(const std::vector<stats::TreeNode>& nodes) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const stats::TreeNode& n : nodes) {
        std::string bytes(n.values.size() * sizeof(double), '\0');
        if (!bytes.empty()) std::memcpy(bytes.data(), n.values.data(), bytes.size());
        out.push_back({{"node", n.id}, {"users", n.users}, {"values", absl::Base64Escape(bytes)}});
    }
    return out;
}

std::vector<stats::TreeNode> nodesFromJson(const nlohmann::ordered_json& j, std::size_t width, const std::string& where) {
    std::vector<stats::TreeNode> out;
    for (const auto& e : j) {
        stats::TreeNode n;
        n.id = e.at("node").get<std::uint32_t>();
        n.users = e.at("users").get<std::uint64_t>();
        if (n.id < stats::kTreeRoot || n.id >= 2 * stats::kTreeLeaves)
            throw Error(where + ": node " + std::to_string(n.id) + " is not in the bucket tree (1 .. 8191)");
        std::string bytes;
        if (!absl::Base64Unescape(e.at("values").get<std::string>(), &bytes))
            throw Error(where + ": node " + std::to_string(n.id) + ": values are not base64");
        const std::size_t expected = n.users == 0 ? 0 : width;
        if (bytes.size() != expected * sizeof(double))
            throw Error(where + ": node " + std::to_string(n.id) + " has " + std::to_string(bytes.size() / 8) +
                        " values, expected " + std::to_string(expected));
        n.values.resize(expected);
        if (expected > 0) std::memcpy(n.values.data(), bytes.data(), bytes.size());
        out.push_back(std::move(n));
    }
    return out;
}


std::size_t checkedResamples(std::size_t resamples, std::size_t columns, const std::string& where) {
    if (resamples > kMaxStateResamples)
        throw Error(where + ": " + std::to_string(resamples) + " resamples, at most " +
                    std::to_string(kMaxStateResamples));
    if (columns > 0 && resamples > (std::size_t{1} << 40) / columns)
        throw Error(where + ": " + std::to_string(resamples) + " resamples of " + std::to_string(columns) +
                    " columns are too many values");
    return resamples;
}

nlohmann::ordered_json bucketUsersJson(const std::vector<std::uint64_t>& users) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (std::size_t b = 0; b < users.size(); ++b)
        if (users[b] > 0) out.push_back(nlohmann::ordered_json::array({b, users[b]}));
    return out;
}

std::vector<std::uint64_t> bucketUsersFromJson(const nlohmann::ordered_json& j, const std::string& where) {
    std::vector<std::uint64_t> users(kUserBuckets, 0);
    std::int64_t previous = -1;
    for (const auto& entry : j) {
        const auto bucket = entry.at(0).get<std::uint64_t>();
        const auto count = entry.at(1).get<std::uint64_t>();
        if (entry.size() != 2 || bucket >= kUserBuckets || static_cast<std::int64_t>(bucket) <= previous || count == 0)
            throw Error(where + ": bucket_users needs [bucket, users] pairs of buckets 0..4095, ascending, with users");
        users[bucket] = count;
        previous = static_cast<std::int64_t>(bucket);
    }
    return users;
}

nlohmann::ordered_json bandsJson(const CurveBands& bands) {
    const CurveOptions& o = bands.options;
    nlohmann::ordered_json j = {{"bands", o.bands},       {"bootstrap", o.bootstrap}, {"level", hexFloat(o.level)},
                                {"resamples", o.resamples}, {"seed", o.seed},           {"pending", bands.pending},
                                {"bucket_users", bucketUsersJson(bands.bucketUsers)}};
    nlohmann::ordered_json sums = nlohmann::ordered_json::array();
    for (const auto& curve : bands.sums) sums.push_back(nodesJson(curve));
    j["sums"] = std::move(sums);
    return j;
}

CurveBands bandsFromJson(const nlohmann::ordered_json& j, std::uint32_t kmax, std::size_t curves,
                         const std::string& where) {
    CurveBands bands;
    CurveOptions& o = bands.options;
    o.kmax = kmax;
    o.bands = j.at("bands").get<bool>();
    o.bootstrap = j.at("bootstrap").get<bool>();
    o.level = parseHexFloat(j.at("level").get<std::string>(), where + ": bands level");
    o.resamples = checkedResamples(j.at("resamples").get<std::size_t>(), std::max<std::size_t>(kmax, 1), where);
    o.seed = j.at("seed").get<std::uint64_t>();
    bands.pending = j.at("pending").get<bool>();
    bands.bucketUsers = bucketUsersFromJson(j.at("bucket_users"), where);
    for (const auto& curve : j.at("sums")) bands.sums.push_back(nodesFromJson(curve, o.resamples * kmax, where + ": bands"));
    if (o.bands && bands.sums.size() != curves)
        throw Error(where + ": bands of " + std::to_string(bands.sums.size()) + " curves, expected " +
                    std::to_string(curves));
    return bands;
}

} // namespace ranklab::shard
