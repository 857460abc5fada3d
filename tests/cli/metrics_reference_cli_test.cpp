// `ranklab-cli metrics`: every metric record, written from the records.
// docs/metric-reference.md is its Markdown, byte for byte (the docs cannot
// drift from the code), docs/metrics.md defines every record it lists, and
// the facts it prints are those docs/metrics.md states by hand.
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

namespace ranklab::testing {
namespace {

const std::string kDocs = RANKLAB_TEST_DATA "/../../docs/";

class MetricsReferenceCliTest : public CliFixture {};

TEST_F(MetricsReferenceCliTest, TheDocsPageIsTheCommandsMarkdown) {
    const CliResult r = run("metrics --format md");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, slurp(kDocs + "metric-reference.md"))
        << "docs/metric-reference.md is stale: ranklab-cli metrics --format md > docs/metric-reference.md";
}

TEST_F(MetricsReferenceCliTest, MetricsMdDefinesEveryRecord) {
    const CliResult r = run("metrics --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto records = nlohmann::json::parse(r.out);
    ASSERT_GE(records.size(), 25u);
    const std::string definitions = slurp(kDocs + "metrics.md");
    std::set<std::string> ids;
    for (const auto& record : records) {
        const std::string id = record["id"];
        EXPECT_TRUE(ids.insert(id).second) << "listed twice: " << id;
        EXPECT_NE(definitions.find("`" + id), std::string::npos) << "docs/metrics.md does not define " << id;
    }
}

TEST_F(MetricsReferenceCliTest, TheFactsAreThoseTheDefinitionsState) {
    const CliResult r = run("metrics --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto records = nlohmann::json::parse(r.out);
    auto find = [&](const std::string& id) {
        for (const auto& record : records)
            if (record["id"] == id) return record;
        ADD_FAILURE() << "no record " << id;
        return nlohmann::json::object();
    };
    // docs/metrics.md: ap's normalisations and their default (÷ R), trec_eval's names.
    const auto ap = find("ap");
    EXPECT_EQ(ap["parameters"][0]["name"], "norm");
    EXPECT_EQ(ap["parameters"][0]["values"], (nlohmann::json{"R", "min", "hits", "k"}));
    EXPECT_EQ(ap["parameters"][0]["default"], "R");
    EXPECT_EQ(ap["trec_eval"], "map_cut_k · map (@all)");
    EXPECT_EQ(ap["aliases"], (nlohmann::json{"map"}));
    // Directions: arp and gini lower is better, counts have none, set-level statistics.
    EXPECT_EQ(find("arp")["direction"], "lower");
    EXPECT_EQ(find("gini")["direction"], "lower");
    EXPECT_EQ(find("gini")["aggregation"], "set_level");
    EXPECT_EQ(find("coverage")["aggregation"], "set_level");
    EXPECT_EQ(find("ndcg")["aggregation"], "mean_over_users");
    EXPECT_EQ(find("num_rel")["direction"], "none");
    EXPECT_EQ(find("dcg")["hi"], nullptr);  // unbounded
    EXPECT_EQ(find("rprec")["cutoff"], false);
    EXPECT_EQ(find("rprec")["trec_eval"], "Rprec");
    // ild reads the item attributes (--items); novelty the training interactions.
    auto reads = [&](const std::string& id, const std::string& input) {
        const auto record = find(id);
        for (const auto& what : record["reads"])
            if (what == input) return true;
        return false;
    };
    EXPECT_TRUE(reads("ild", "attributes"));
    EXPECT_TRUE(reads("novelty", "training"));
    EXPECT_FALSE(reads("ndcg", "training"));
}

TEST_F(MetricsReferenceCliTest, AnotherFormatIsRefused) {
    const CliResult r = run("metrics --format csv");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("csv"), std::string::npos) << r.err;
}

} // namespace
} // namespace ranklab::testing
