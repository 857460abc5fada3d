#include "synth/synth.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "common/error.h"
#include "io/readers.h"
#include "synth/text_lines.h"
#include "synth/world.h"
#include "file_contents.h"

using namespace ranklab;
using namespace ranklab::synth;
namespace fs = std::filesystem;

namespace {

using ranklab::testing::slurp;

// A fresh directory under the temp dir, removed at the end of the test.
class TempDir {
public:
    explicit TempDir(const std::string& name)
        : path_(fs::temp_directory_path() / ("ranklab_synth_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    std::string str() const { return path_.string(); }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

SynthOptions smallOptions(const std::string& dir) {
    SynthOptions o;
    o.outDir = dir;
    o.users = 300;
    o.items = 2000;
    o.perUser = 50;
    return o;
}

void expectClean(const LoadReport& r) {
    EXPECT_EQ(r.skippedLines, 0u) << r.path;
    EXPECT_EQ(r.duplicatesDropped, 0u) << r.path;
    EXPECT_EQ(r.identicalDuplicates, 0u) << r.path;
    // The files have a header line, which the report says it took (nothing else).
    for (const std::string& w : r.warnings) EXPECT_NE(w.find("taken as a header"), std::string::npos) << r.path << ": " << w;
}

// Reads every file into one IdSpace and checks what the issue promises.
void checkFilesParse(const SynthOptions& o) {
    const auto names = syntheticFileNames(o.format);
    const std::string dir = o.outDir + "/";
    IdSpace ids;
    auto qrels = readJudgments(dir + names[0], ids);
    expectClean(qrels.report);
    EXPECT_EQ(ids.users.size(), o.users);
    for (std::size_t m = 0; m < kModels.size(); ++m) {
        auto run = readRun(dir + names[1 + m], ids);
        expectClean(run.report);
        EXPECT_EQ(run.report.users, o.users);
        EXPECT_EQ(run.report.records, std::uint64_t(o.users) * o.perUser);
        for (UserId u = 0; u < o.users; ++u) EXPECT_EQ(run.run.index().count(u), o.perUser);
        if (o.format == SynthFormat::Trec) {
            EXPECT_EQ(run.report.tag, modelName(kModels[m]));
        }
        if (kModels[m] == Model::Popularity) {
            for (double s : run.run.scores(0)) EXPECT_EQ(s, std::floor(s));
        }
    }
    auto train = readExclusions(dir + "train.tsv", ids);
    expectClean(train.report);
    auto cohorts = readCohorts(dir + "users.tsv", ids);
    expectClean(cohorts.report);
    EXPECT_EQ(ids.users.size(), o.users);  // no file adds a user the ground truth lacks
    EXPECT_LE(ids.items.size(), o.items);
    EXPECT_EQ(cohorts.cohorts.assignedUsers(), o.users);
    EXPECT_GE(cohorts.cohorts.groupCount(), 3u);

    for (UserId u = 0; u < o.users; ++u) {
        const auto items = qrels.judgments.items(u);
        const auto grades = qrels.judgments.grades(u);
        ASSERT_FALSE(items.empty());
        for (std::size_t k = 0; k < items.size(); ++k) {
            EXPECT_TRUE(grades[k] == 1 || grades[k] == 2 || grades[k] == 3) << grades[k];
            EXPECT_FALSE(train.exclusions.contains(u, items[k]));
        }
    }
}

} // namespace

TEST(SynthTest, SameSeedGivesIdenticalBytesWhateverTheThreads) {
    TempDir a("threads1"), b("threads4");
    SynthOptions oa = smallOptions(a.str()), ob = smallOptions(b.str());
    oa.threads = 1;
    ob.threads = 4;
    oa.users = ob.users = 1000;  // several blocks of users
    writeSyntheticData(oa);
    writeSyntheticData(ob);
    for (const auto& name : syntheticFileNames(SynthFormat::Trec)) {
        const std::string bytes = slurp(a.file(name));
        EXPECT_FALSE(bytes.empty()) << name;
        EXPECT_TRUE(bytes == slurp(b.file(name))) << name;
    }
}

TEST(SynthTest, DifferentSeedGivesDifferentFiles) {
    TempDir a("seed42"), b("seed43");
    SynthOptions oa = smallOptions(a.str()), ob = smallOptions(b.str());
    ob.seed = 43;
    writeSyntheticData(oa);
    writeSyntheticData(ob);
    for (const auto& name : syntheticFileNames(SynthFormat::Trec))
        EXPECT_FALSE(slurp(a.file(name)) == slurp(b.file(name))) << name;
}

TEST(SynthTest, TrecFilesParseWithTheReaders) {
    TempDir dir("trec");
    const SynthOptions o = smallOptions(dir.str());
    writeSyntheticData(o);
    checkFilesParse(o);
}

TEST(SynthTest, TsvFilesParseWithTheReaders) {
    TempDir dir("tsv");
    SynthOptions o = smallOptions(dir.str());
    o.format = SynthFormat::Tsv;
    writeSyntheticData(o);
    EXPECT_EQ(slurp(dir.file("qrels.tsv")).substr(0, 16), "user\titem\tgrade\n");
    EXPECT_EQ(slurp(dir.file("broad.tsv")).substr(0, 16), "user\titem\tscore\n");
    checkFilesParse(o);
}

TEST(SynthTest, ReportCountsLinesAndLeavesNoTemporaryFiles) {
    TempDir dir("report");
    const SynthReport report = writeSyntheticData(smallOptions(dir.str()));
    ASSERT_EQ(report.files.size(), 6u);
    for (const auto& f : report.files) {
        const std::string bytes = slurp(f.path);
        EXPECT_EQ(f.bytes, bytes.size()) << f.path;
        EXPECT_EQ(f.lines, std::uint64_t(std::count(bytes.begin(), bytes.end(), '\n'))) << f.path;
    }
    EXPECT_EQ(report.files[1].lines, 300u * 50u);  // popularity.run
    EXPECT_EQ(report.files[5].lines, 301u);  // users.tsv with its header
    for (const auto& entry : fs::directory_iterator(dir.str())) EXPECT_NE(entry.path().extension(), ".tmp");
}

// The written ground truth and runs are the in-memory data, line for line.
TEST(SynthTest, FilesHoldTheInMemoryData) {
    TempDir dir("memory");
    const SynthOptions o = smallOptions(dir.str());
    writeSyntheticData(o);
    SyntheticWorld world(o);
    const SyntheticData data = generateInMemory(world);
    IdNames users('u', o.users), items('i', o.items);
    std::string qrels, toprank;
    for (std::uint32_t u = 0; u < o.users; ++u) {
        for (const Judged& j : data.users[u].test) appendJudgment(qrels, o.format, users.name(u), items.name(j.item), j.grade);
        const auto& list = data.lists[1][u];
        for (std::size_t p = 0; p < list.size(); ++p)
            appendRunLine(toprank, o.format, users.name(u), items.name(list[p].item), std::uint32_t(p + 1),
                          list[p].score, false, "toprank");
    }
    EXPECT_TRUE(slurp(dir.file("qrels.txt")) == qrels);
    EXPECT_TRUE(slurp(dir.file("toprank.run")) == toprank);
}

TEST(SynthTest, CreatesMissingDirectories) {
    TempDir dir("nested");
    SynthOptions o = smallOptions(dir.file("a/b"));
    o.users = 5;
    writeSyntheticData(o);
    EXPECT_TRUE(fs::exists(dir.file("a/b/qrels.txt")));
}

TEST(SynthTest, UnwritableDirectoryThrowsWithPathAndReason) {
    TempDir dir("unwritable");
    fs::create_directories(dir.str());
    std::ofstream(dir.file("plain")) << "a file, not a directory\n";
    SynthOptions o = smallOptions(dir.file("plain/out"));
    try {
        writeSyntheticData(o);
        FAIL() << "expected an Error";
    } catch (const Error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(dir.file("plain/out")), std::string::npos) << message;
        EXPECT_NE(message.find("Not a directory"), std::string::npos) << message;
    }
}

TEST(SynthTest, BadOptionsAreRejectedWithTheirName) {
    SynthOptions o = smallOptions("unused");
    o.perUser = 1500;  // more than half of 2000 items
    EXPECT_THROW(
        {
            try {
                writeSyntheticData(o);
            } catch (const Error& e) {
                EXPECT_NE(std::string(e.what()).find("per-user"), std::string::npos) << e.what();
                throw;
            }
        },
        Error);
    o = smallOptions("unused");
    o.items = 5;
    EXPECT_THROW(validate(o), Error);
    o = smallOptions("unused");
    o.users = 0;
    EXPECT_THROW(validate(o), Error);
    o = smallOptions("");
    EXPECT_THROW(validate(o), Error);
}

TEST(SynthTest, CancelledProgressStopsAndLeavesNoFiles) {
    TempDir dir("cancel");
    Progress progress;
    progress.cancel();
    EXPECT_THROW(writeSyntheticData(smallOptions(dir.str()), &progress), Cancelled);
    for (const auto& entry : fs::directory_iterator(dir.str())) ADD_FAILURE() << entry.path();
}
