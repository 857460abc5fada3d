// Unknown workspace keys: each named by its JSON path, with the known key
// within two edits (distances counted by hand in the comments).
#include <gtest/gtest.h>

#include "workspace/workspace_keys.h"

namespace ranklab {
namespace {

TEST(WorkspaceKeysTest, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
    EXPECT_EQ(editDistance("color", "colour", 2), 1u);                          // one insertion
    EXPECT_EQ(editDistance("modles", "models", 2), 2u);                         // two substitutions
    EXPECT_EQ(editDistance("relevance_treshold", "relevance_threshold", 2), 1u);
    EXPECT_EQ(editDistance("ties", "ties", 2), 0u);
    EXPECT_EQ(editDistance("kitten", "sitting", 5), 3u);                        // the textbook case
    EXPECT_EQ(editDistance("view", "evaluation", 2), 3u);                       // stopped past the limit
}

TEST(WorkspaceKeysTest, EveryUnknownKeyIsNamedByItsPathWithTheKeyMeant) {
    const auto root = nlohmann::json::parse(R"({
        "ranklab_workspace": 1, "modles": [], "secret": 1,
        "ground_truth": {"path": "q.tsv", "fromat": "tsv"},
        "models": [{"path": "a.tsv"}, {"path": "b.tsv", "colour": "#112233", "visibel": true}],
        "evaluation": {"metrics": ["ndcg"], "relevance_treshold": 1, "sampled": {"negatives": 5, "catalogsize": 9}},
        "comparison": {"alpha": 0.05, "tset": "t"},
        "view": {"metric": "ndcg@10", "plot": "cd"}
    })");
    EXPECT_EQ(unknownWorkspaceKeys(root),
              (std::vector<std::string>{
                  "\"modles\": unknown key, ignored (did you mean \"models\"?)",
                  "\"secret\": unknown key, ignored",
                  "\"ground_truth.fromat\": unknown key, ignored (did you mean \"format\"?)",
                  "\"models[1].colour\": unknown key, ignored (did you mean \"color\"?)",
                  "\"models[1].visibel\": unknown key, ignored (did you mean \"visible\"?)",
                  "\"evaluation.relevance_treshold\": unknown key, ignored (did you mean \"relevance_threshold\"?)",
                  "\"evaluation.sampled.catalogsize\": unknown key, ignored (did you mean \"catalog_size\"?)",
                  "\"comparison.tset\": unknown key, ignored (did you mean \"test\"?)",
                  "\"view.plot\": unknown key, ignored",
              }));
}

TEST(WorkspaceKeysTest, AWorkspaceAsRankLabWritesItHasNoUnknownKey) {
    const auto root = nlohmann::json::parse(R"({
        "ranklab_workspace": 1, "saved_in": "/x",
        "ground_truth": {"path": "q.tsv", "format": "tsv", "skip_bad_lines": true, "duplicates": "max"},
        "models": [{"name": "a", "path": "a.tsv", "format": "auto", "color": "#112233", "visible": true}],
        "exclusions": {"path": "x.tsv", "format": "auto"}, "cohorts": null, "catalog": null, "items": null,
        "settings": {"skip_bad_lines": false, "duplicates": "error"},
        "evaluation": {"metrics": ["ndcg"], "cutoffs": [10], "ties": "expected", "users": "relevant",
                       "relevance_threshold": 1, "profile": "trec_eval", "sampled": {"negatives": 5, "catalog_size": 9}},
        "comparison": {"baseline": null, "test": "t", "correction": "holm", "alpha": 0.05, "interval": "t",
                       "display": "mean", "transposed": false, "min_effect": "0.01"},
        "view": {"metric": "ndcg@10", "summary_plot": "cd"}
    })");
    EXPECT_TRUE(unknownWorkspaceKeys(root).empty());
}

} // namespace
} // namespace ranklab
