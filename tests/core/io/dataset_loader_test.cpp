// Loading a whole workspace: one IdSpace, model names, the first error.
#include "io/dataset_loader.h"

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"

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
