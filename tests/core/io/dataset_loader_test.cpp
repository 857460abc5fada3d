// Loading a whole workspace: one IdSpace, model names, the first error.
#include "io/dataset_loader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/io/io_test_support.h"
#include "eval/evaluation.h"
#include "rank/rank_cache.h"

using namespace ranklab;
using namespace ranklab::test;

TEST(FileStemTest, DropsFoldersCompressionAndOneExtension) {
    EXPECT_EQ(fileStem("runs/bm25.trec.gz"), "bm25");
    EXPECT_EQ(fileStem("a/b/model.tsv.zst"), "model");
    EXPECT_EQ(fileStem("model.run.zstd"), "model");
    EXPECT_EQ(fileStem("plain"), "plain");
    EXPECT_EQ(fileStem(".hidden"), ".hidden");
    EXPECT_EQ(fileStem("dir.d/x"), "x");
}

TEST(DatasetLoaderTest, LoadsEveryFileIntoOneIdSpace) {
    TempDir dir;
    DatasetSources s;
    s.judgments = dir.write("qrels.txt", "u1 0 a 1\nu2 0 b 2\n");
    s.runs.push_back({"", dir.write("bm25.trec", "u1 Q0 a 1 0.5 BM25\nu2 Q0 c 1 0.4 BM25\n"), {}});
    s.runs.push_back({"", dir.write("other.tsv.gz", gzipBytes("u1\tb\t1\nu3\ta\t2\n")), {}});
    s.runs.push_back({"mine", dir.write("x.csv", "u1,a,1\n"), FormatSpec::parse("csv,noheader")});
    s.runs.push_back({"", dir.write("again.trec", "u1 Q0 a 1 0.5 BM25\n"), {}});
    s.exclusions = dir.write("train.tsv", "u1\tc\n");
    s.cohorts = dir.write("groups.csv", "user,group\nu1,x\nu2,y\n");
    double last = 0;
    Progress progress([&](double f) { last = f; });
    Dataset data = loadDataset(s, ReadOptions{}, &progress);
    EXPECT_DOUBLE_EQ(last, 1.0);
    EXPECT_EQ(namesOf(data.ids.users), (std::vector<std::string>{"u1", "u2", "u3"}));
    EXPECT_EQ(namesOf(data.ids.items), (std::vector<std::string>{"a", "b", "c"}));
    ASSERT_EQ(data.models.size(), 4u);
    EXPECT_EQ(data.models[0].name, "BM25");      // the TREC tag
    EXPECT_EQ(data.models[1].name, "other");     // the file name
    EXPECT_EQ(data.models[2].name, "mine");      // given
    EXPECT_EQ(data.models[3].name, "BM25 (2)");  // made unique
    EXPECT_EQ(data.models[1].report.compression, Compression::Gzip);
    EXPECT_EQ(data.judgments.size(), 2u);
    ASSERT_TRUE(data.exclusions.has_value());
    EXPECT_TRUE(data.exclusions->contains(0, 2));
    ASSERT_TRUE(data.cohorts.has_value());
    EXPECT_EQ(data.cohorts->groupName(data.cohorts->groupOf(1)), "y");
    EXPECT_EQ(data.cohortsReport->path, s.cohorts);
}

TEST(DatasetLoaderTest, TheFirstErrorStopsTheLoad) {
    TempDir dir;
    DatasetSources s;
    s.judgments = dir.write("q", "u1 0 a 1\n");
    s.runs.push_back({"", dir.write("good", "u1 a 1\n"), {}});
    s.runs.push_back({"", dir.write("bad", "u1 a 1\nu1 b x\n"), {}});
    InputError e = expectInputError([&] { loadDataset(s, ReadOptions{}); });
    EXPECT_EQ(e.where().file, dir.path() + "/bad");
    EXPECT_EQ(e.where().line, 2u);
}

TEST(DatasetLoaderTest, CancellingStopsTheLoad) {
    TempDir dir;
    DatasetSources s;
    s.judgments = dir.write("q", "u1 0 a 1\n");
    Progress progress;
    progress.cancel();
    EXPECT_THROW(loadDataset(s, ReadOptions{}, &progress), Cancelled);
}

// Adding c and dropping a from a loaded workspace reads c only: b's file may
// even be gone. The numbers equal those of loading b and c afresh.
TEST(DatasetLoaderTest, DerivingReadsOnlyTheNewModelsAndEvaluatesAsAFreshLoad) {
    TempDir dir;
    DatasetSources s;
    s.judgments = dir.write("q", "u1 0 i1 1\nu1 0 i2 2\nu2 0 i3 1\nu3 0 i1 1\n");
    const RunSource a{"", dir.write("a.run", "u1 Q0 i9 1 0.9 A\nu4 Q0 i1 1 0.5 A\n"), {}};
    const RunSource b{"", dir.write("b.run", "u1 Q0 i2 1 0.9 B\nu1 Q0 i1 2 0.8 B\nu2 Q0 i3 1 0.7 B\n"), {}};
    const RunSource c{"", dir.write("c.tsv", "u2\ti3\t0.1\nu2\ti7\t0.9\nu3\ti1\t0.5\nu5\ti1\t1\n"), {}};
    s.exclusions = dir.write("train", "u1\ti9\n");
    s.runs = {a, b};
    const Dataset base = loadDataset(s, ReadOptions{});
    DatasetSources fresh = s;
    fresh.runs = {b, c};
    const Dataset expected = loadDataset(fresh, ReadOptions{});

    std::filesystem::remove(b.path);  // kept, so never read again
    std::vector<DerivedModel> plan(2);
    plan[0].reuse = 1;
    plan[1].source = c;
    double last = 0;
    Progress progress([&](double f) { last = f; });
    const Dataset derived = deriveDataset(base, plan, ReadOptions{}, &progress);
    EXPECT_DOUBLE_EQ(last, 1.0);
    ASSERT_EQ(derived.models.size(), 2u);
    EXPECT_EQ(derived.models[0].name, "B");
    EXPECT_EQ(derived.models[1].name, "c");
    EXPECT_EQ(derived.models[0].run.identity(), base.models[1].run.identity());
    EXPECT_EQ(derived.models[1].report.lines, 4u);
    EXPECT_EQ(derived.baseIdentity, base.baseIdentity);
    EXPECT_TRUE(derived.exclusions.has_value());
    // The base's ids keep their numbers; c's new ones come after.
    for (std::uint32_t id = 0; id < base.ids.users.size(); ++id)
        EXPECT_EQ(derived.ids.users.name(id), base.ids.users.name(id));
    EXPECT_EQ(derived.ids.users.find("u5"), base.ids.users.size());

    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg,ap,recall", {1, 2, 10});
    settings.users = UsersPolicy::All;
    RankCache cacheA, cacheB;
    const Evaluation got = evaluate(derived, settings, cacheA);
    const Evaluation want = evaluate(expected, settings, cacheB);
    ASSERT_EQ(got.users.size(), want.users.size());
    for (std::size_t m = 0; m < 2; ++m) {
        EXPECT_EQ(got.models[m].means, want.models[m].means) << m;
        // Per user, matched by name (ids may differ between the two).
        for (std::size_t row = 0; row < want.users.size(); ++row) {
            const std::string_view name = expected.ids.users.name(want.users[row]);
            const auto at = std::find(got.users.begin(), got.users.end(), derived.ids.users.find(name));
            ASSERT_NE(at, got.users.end()) << name;
            const std::size_t gotRow = std::size_t(at - got.users.begin());
            for (std::size_t k = 0; k < want.metricCount(); ++k)
                EXPECT_EQ(got.value(m, gotRow, k), want.value(m, row, k)) << name << " " << k;
        }
    }
}

TEST(DatasetLoaderTest, EachFileCanSkipBadLinesOnItsOwn) {
    TempDir dir;
    DatasetSources s;
    s.judgments = dir.write("q", "u1 0 a 1\n");
    s.runs.push_back({"", dir.write("good", "u1 a 1\n"), {}});
    s.runs.push_back({"", dir.write("bad", "u1 a 1\nu1 b x\n"), {}});
    s.runPolicies = {std::nullopt, FileReadPolicy{true, DuplicatePolicy::Error}};
    const Dataset data = loadDataset(s, ReadOptions{});  // only "bad" skips
    EXPECT_EQ(data.models[1].report.skippedLines, 1u);
    ASSERT_EQ(data.models[1].report.firstSkipped.size(), 1u);
    EXPECT_EQ(data.models[1].report.firstSkipped[0].line, 2u);
    s.runPolicies[1].reset();
    EXPECT_THROW(loadDataset(s, ReadOptions{}), InputError);
}
