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

// The most resamples a state may ask for (10^8; the CLI's largest useful B is
// far below): a file asking for more is refused before any loop over them.
inline constexpr std::size_t kMaxStateResamples = 100'000'000;
// The resamples of a state, checked against kMaxStateResamples and, times
// `columns`, against overflow; throws ranklab::Error naming `where`.
std::size_t checkedResamples(std::size_t resamples, std::size_t columns, const std::string& where);

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
