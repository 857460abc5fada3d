#pragma once
// JSON pieces shared by the partial-state files (partial_file.h): exact
// doubles as C99 hexadecimal floats and the moments of a column.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/curve_bands.h"
#include "stats/bucket_tree.h"
#include "stats/exact_moments.h"

namespace ranklab::shard {

std::string hexFloat(double v);
double parseHexFloat(const std::string& text, const std::string& where);  // throws ranklab::Error
// An exact sum as ExactSum::serialize writes it; throws ranklab::Error naming `where`.
stats::ExactSum exactSumFromJson(const nlohmann::ordered_json& j, const std::string& where);
nlohmann::ordered_json momentsJson(const stats::ExactMoments& m);
stats::ExactMoments momentsFromJson(const nlohmann::ordered_json& j, const std::string& where);

// The bucket tree's nodes (stats/bucket_tree.h): {"node", "users", "values":
// base64 of the little-endian doubles}; nodesFromJson checks each node's
// number and that it holds `width` values (none without users).
nlohmann::ordered_json nodesJson(const std::vector<stats::TreeNode>& nodes);
std::vector<stats::TreeNode> nodesFromJson(const nlohmann::ordered_json& j, std::size_t width, const std::string& where);
// Every bucket's users (kUserBuckets counts) as [[bucket, users], ...] of the
// buckets with users, ascending; fromJson checks the buckets.
nlohmann::ordered_json bucketUsersJson(const std::vector<std::uint64_t>& users);
std::vector<std::uint64_t> bucketUsersFromJson(const nlohmann::ordered_json& j, const std::string& where);
// A curves state's bands (eval/curve_bands.h), `curves` of kmax cutoffs each.
nlohmann::ordered_json bandsJson(const CurveBands& bands);
CurveBands bandsFromJson(const nlohmann::ordered_json& j, std::uint32_t kmax, std::size_t curves,
                         const std::string& where);

} // namespace ranklab::shard
