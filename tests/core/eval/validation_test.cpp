// The pre-flight checks on hand-made files whose counts are known
// (tests/data/validate/README.md lists every expected count and why).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "common/error.h"
#include "core/engine_test_support.h"
#include "eval/validation.h"
#include "io/dataset_loader.h"

using namespace ranklab;

namespace {

const std::string kDir = std::string(RANKLAB_TEST_DATA) + "/validate/";

Dataset loadValidateData(bool withB) {
    DatasetSources sources;
    sources.judgments = kDir + "qrels.txt";
    sources.runs.push_back({"a", kDir + "a.run", {}});
    if (withB) sources.runs.push_back({"b", kDir + "b.run", {}});
    sources.exclusions = kDir + "train.tsv";
    ReadOptions options;
    options.skipBadLines = true;
    options.duplicates = DuplicatePolicy::First;
    options.parallelism = Parallelism(1);
    return loadDataset(sources, options);
}

ValidationSettings settingsWithCutoff(std::uint32_t k) {
    ValidationSettings s;
    s.largestCutoff = k;
    s.parallelism = Parallelism(1);
    return s;
}

std::uint64_t countOf(const ValidationReport& r, const std::string& kind, const std::string& subject = {}) {
    const Finding* f = r.find(kind, subject);
    EXPECT_NE(f, nullptr) << kind << " " << subject;
    return f ? f->count : ~0ull;
}

} // namespace

TEST(ValidationTest, UsersAndItemsTheRunAndTheGroundTruthDoNotShareAreCountedByHand) {
    const Dataset data = loadValidateData(false);
    const ValidationReport r = validateDataset(data, settingsWithCutoff(3));
    // Hand counts (README): run-only u5, u6; missing u4; unjudged i9 i10 i12 i13 i14 i15; unretrieved i3 i8.
    EXPECT_EQ(countOf(r, "run_only_users", "model a"), 2u);
    EXPECT_EQ(r.find("run_only_users", "model a")->examples, (std::vector<std::string>{"u5", "u6"}));
    EXPECT_EQ(r.find("run_only_users", "model a")->severity, Severity::Warning);
    EXPECT_EQ(countOf(r, "missing_users", "model a"), 1u);
    EXPECT_EQ(r.find("missing_users", "model a")->examples, (std::vector<std::string>{"u4"}));
    EXPECT_EQ(countOf(r, "unjudged_items", "model a"), 6u);
    EXPECT_EQ(countOf(r, "unretrieved_items", "model a"), 2u);
    EXPECT_EQ(r.find("unretrieved_items", "model a")->examples, (std::vector<std::string>{"i3", "i8"}));
}

TEST(ValidationTest, ScoresListsTiesAndLeakageAreCountedByHand) {
    const Dataset data = loadValidateData(false);
    const ValidationReport r = validateDataset(data, settingsWithCutoff(3));
    EXPECT_EQ(countOf(r, "infinite_scores", "model a"), 1u);  // u2 i14 inf
    EXPECT_EQ(r.find("infinite_scores", "model a")->examples, (std::vector<std::string>{"u2 i14"}));
    EXPECT_EQ(countOf(r, "nan_scores", "model a"), 0u);
    EXPECT_EQ(r.find("nan_scores", "model a")->severity, Severity::Ok);
    EXPECT_EQ(countOf(r, "short_lists", "model a"), 1u);  // u2: 2 items after exclusions
    EXPECT_EQ(r.find("short_lists", "model a")->examples, (std::vector<std::string>{"u2"}));
    EXPECT_EQ(countOf(r, "tied_scores", "model a"), 5u);  // {i12, i13} of u1, {i6, i7, i15} of u3
    EXPECT_NE(r.find("tied_scores", "model a")->message.find("50.0% of the ranked items (5 of 10)"), std::string::npos);
    EXPECT_EQ(countOf(r, "users_without_relevant", "dataset"), 1u);  // u4
    EXPECT_EQ(countOf(r, "leakage"), 1u);                            // u1 i2
    EXPECT_EQ(r.find("leakage")->examples, (std::vector<std::string>{"u1 i2"}));
    EXPECT_EQ(r.find("leakage")->severity, Severity::Warning);
    EXPECT_EQ(countOf(r, "no_relevant_users", "dataset"), 0u);
    EXPECT_EQ(r.worst(), Severity::Warning);
}

TEST(ValidationTest, ShortListsFollowTheLargestCutoffAndTheExclusions) {
    const Dataset data = loadValidateData(false);
    // Cutoff 5: u1 (3), u2 (2), u3 (3) all short.
    EXPECT_EQ(countOf(validateDataset(data, settingsWithCutoff(5)), "short_lists", "model a"), 3u);
    // Without exclusions the lengths are u1 5, u2 3, u3 4: at cutoff 4 only u2 is short.
    ValidationSettings s = settingsWithCutoff(4);
    s.useExclusions = false;
    const ValidationReport r = validateDataset(data, s);
    EXPECT_EQ(countOf(r, "short_lists", "model a"), 1u);
    // Without exclusions u1's tie group {i2, i9} is ranked too: 7 of 14 tied.
    EXPECT_EQ(countOf(r, "tied_scores", "model a"), 7u);
    // No finite cutoff: no short-list check.
    EXPECT_EQ(validateDataset(data, settingsWithCutoff(0)).find("short_lists"), nullptr);
}

TEST(ValidationTest, WhatTheReadersResolvedOrSkippedIsReported) {
    const Dataset data = loadValidateData(true);
    const ValidationReport r = validateDataset(data, settingsWithCutoff(3));
    const std::string b = kDir + "b.run";
    EXPECT_EQ(countOf(r, "skipped_lines", b), 1u);  // line 6: nan
    ASSERT_EQ(r.find("skipped_lines", b)->examples.size(), 1u);
    EXPECT_EQ(r.find("skipped_lines", b)->examples[0].rfind("line 6: NaN", 0), 0u);
    EXPECT_EQ(countOf(r, "duplicates_resolved", b), 2u);  // lines 2 and 5
    EXPECT_EQ(countOf(r, "skipped_lines", kDir + "a.run"), 0u);
    EXPECT_EQ(countOf(r, "short_lists", "model b"), 4u);  // u1..u4 keep one item each
    EXPECT_EQ(countOf(r, "tied_scores", "model b"), 0u);
}

TEST(ValidationTest, ARunSharingNoUserWithTheGroundTruthIsAnError) {
    using ranklab::testing::Triple;
    const Dataset data = ranklab::testing::makeDataset({{"u1", "i1", 1}}, {{"x", {Triple{"v1", "i1", 1.0}, Triple{"v2", "i1", 1.0}}}});
    const ValidationReport r = validateDataset(data, settingsWithCutoff(0));
    EXPECT_EQ(r.find("run_only_users", "model x")->severity, Severity::Error);
    EXPECT_EQ(r.find("run_only_users", "model x")->count, 2u);
    EXPECT_EQ(r.worst(), Severity::Error);
}

TEST(ValidationTest, NaNScoresInADatasetBuiltInMemoryAreErrors) {
    using ranklab::testing::Triple;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Dataset data =
        ranklab::testing::makeDataset({{"u1", "i1", 1}}, {{"x", {Triple{"u1", "i1", nan}, Triple{"u1", "i2", 0.5}}}});
    const ValidationReport r = validateDataset(data, settingsWithCutoff(0));
    EXPECT_EQ(r.find("nan_scores", "model x")->count, 1u);
    EXPECT_EQ(r.find("nan_scores", "model x")->severity, Severity::Error);
}

TEST(ValidationTest, GroundTruthWithoutAnyRelevantItemIsAnError) {
    using ranklab::testing::Triple;
    const Dataset data = ranklab::testing::makeDataset({{"u1", "i1", 0}, {"u2", "i1", 0}}, {{"x", {Triple{"u1", "i1", 1.0}}}});
    const ValidationReport r = validateDataset(data, settingsWithCutoff(0));
    EXPECT_EQ(r.find("no_relevant_users")->severity, Severity::Error);
    EXPECT_EQ(r.find("users_without_relevant")->count, 2u);
}

TEST(ValidationTest, CancelStopsTheChecks) {
    const Dataset data = loadValidateData(false);
    Progress progress;
    progress.cancel();
    EXPECT_THROW(validateDataset(data, settingsWithCutoff(3), &progress), Cancelled);
}

TEST(ValidationTest, LargestCutoffIgnoresAllAndMetricsWithoutCutoff) {
    EXPECT_EQ(largestCutoff(expandMetrics("ndcg@10,p@5,rr@all,rprec", {})), 10u);
    EXPECT_EQ(largestCutoff(expandMetrics("rr@all,rprec", {})), 0u);
}
