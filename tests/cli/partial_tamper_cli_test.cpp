// ranklab-cli merge against tampered or mismatched partial states (issue
// #30, item 8), run as programs on copies of tests/data/compare: a count of
// -1 (which wrapped around to 2^64 - 1), counts whose sum passes 2^64 and a
// column with more values than users are refused; states computed over
// other data (the same files given to every shard, one of them changed) are
// refused naming both files; second-pass states made with other bucket
// sizes are refused naming both files; files split by bucket still merge.
#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;
using Json = nlohmann::ordered_json;

namespace {

std::string data(const std::string& name) { return ranklab::testing::compareData(name); }

class PartialTamperCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        ranklab::testing::copyCompareData(path(""), {"strong", "weak"});
        inputs = ranklab::testing::compareInputs(path(""), {"strong", "weak"}) + " --metrics ndcg@5,recall@5";
    }
    void shard(const std::string& command, const std::string& range, const std::string& out,
               const std::string& extra = "") const {
        // curves takes metric families (a curve covers every k up to --kmax).
        std::string given = inputs;
        if (command.rfind("curves", 0) == 0) given.replace(given.find("ndcg@5,recall@5"), 15, "ndcg,recall");
        if (command.rfind("ranks", 0) == 0) given.erase(given.find(" --metrics ndcg@5,recall@5"));  // ranks has none
        const Result r = run(command + " " + given + " " + extra + " --buckets " + range + " --partial '" + out + "'");
        ASSERT_EQ(r.exitCode, 0) << command << ": " << r.err;
    }
    void edit(const std::string& file, const std::function<void(Json&)>& change) const {
        Json j = Json::parse(slurp(file));
        change(j);
        std::ofstream(file, std::ios::binary) << j.dump(1);
    }
    std::string inputs;
};

TEST_F(PartialTamperCliTest, ACountOfMinusOneIsRefusedNotWrappedAround) {
    shard("eval", "0:2048", path("a.json"));
    shard("eval", "2048:4096", path("b.json"));
    ASSERT_EQ(run("merge '" + path("a.json") + "' '" + path("b.json") + "'").exitCode, 0);
    for (const char* field : {"n", "nan"}) {
        fs::copy_file(path("a.json"), path("t.json"), fs::copy_options::overwrite_existing);
        edit(path("t.json"), [&](Json& j) { j["models"][0]["columns"][0][field] = -1; });
        const Result r = run("merge '" + path("t.json") + "' '" + path("b.json") + "'");
        EXPECT_EQ(r.exitCode, 1) << field << r.out;
        EXPECT_THAT(r.err, HasSubstr(path("t.json") + ": the number -1 is not a count")) << field;
    }
    fs::copy_file(path("a.json"), path("t.json"), fs::copy_options::overwrite_existing);
    edit(path("t.json"), [](Json& j) { j["users"]["evaluated"] = -1; });
    EXPECT_THAT(run("merge '" + path("t.json") + "' '" + path("b.json") + "'").err, HasSubstr("is not a count"));
}

TEST_F(PartialTamperCliTest, CountsInconsistentWithTheUsersOrPastTwoToTheSixtyFourAreRefused) {
    shard("eval", "0:2048", path("a.json"));
    shard("eval", "2048:4096", path("b.json"));
    // More values in a column than users evaluated.
    fs::copy_file(path("a.json"), path("t.json"));
    edit(path("t.json"), [](Json& j) { j["models"][1]["columns"][0]["n"] = j["users"]["evaluated"].get<int>() + 1; });
    Result r = run("merge '" + path("t.json") + "' '" + path("b.json") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("more than the"));
    // NaN values beyond the values.
    fs::copy_file(path("a.json"), path("t.json"), fs::copy_options::overwrite_existing);
    edit(path("t.json"), [](Json& j) { j["models"][0]["columns"][0]["nan"] = j["models"][0]["columns"][0]["n"].get<int>() + 1; });
    r = run("merge '" + path("t.json") + "' '" + path("b.json") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("NaN values of"));
    // Two users counts whose sum passes 2^64.
    fs::copy_file(path("a.json"), path("t.json"), fs::copy_options::overwrite_existing);
    fs::copy_file(path("b.json"), path("u.json"));
    edit(path("t.json"), [](Json& j) { j["users"]["run_only"] = std::uint64_t(1) << 63; });
    edit(path("u.json"), [](Json& j) { j["users"]["run_only"] = std::uint64_t(1) << 63; });
    r = run("merge '" + path("t.json") + "' '" + path("u.json") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_THAT(r.err, HasSubstr("pass 2^64"));
}

TEST_F(PartialTamperCliTest, StatesOfDifferentDataAreRefusedNamingBothFiles) {
    for (const char* command : {"eval", "compare --test t --no-bootstrap", "ranks", "curves --no-bands --kmax 5"}) {
        const std::string c = command;
        const std::string verb = c.substr(0, c.find(' '));
        const std::string extra = c.find(' ') == std::string::npos ? "" : c.substr(c.find(' ') + 1);
        fs::copy_file(data("qrels.txt"), path("qrels.txt"), fs::copy_options::overwrite_existing);
        shard(verb, "0:2048", path("a.json"), extra);
        // The second shard's ground truth has one judgment more: other data.
        std::ofstream(path("qrels.txt"), std::ios::app) << "u01 0 i99 1\n";
        shard(verb, "2048:4096", path("b.json"), extra);
        const Result r = run("merge '" + path("a.json") + "' '" + path("b.json") + "'");
        EXPECT_EQ(r.exitCode, 1) << command << ": " << r.out;
        EXPECT_THAT(r.err, HasSubstr(path("b.json") + " and " + path("a.json") + " were computed over different"))
            << command;
        // The same data: they merge.
        shard(verb, "0:2048", path("a.json"), extra);
        EXPECT_EQ(run("merge '" + path("a.json") + "' '" + path("b.json") + "'").exitCode, 0) << command;
    }
}

TEST_F(PartialTamperCliTest, SecondPassStatesWithOtherBucketSizesAreRefused) {
    const std::string compare = "compare";
    const std::string options = "--test t --resamples 200";
    shard(compare, "0:2048", path("a1.json"), options);
    shard(compare, "2048:4096", path("b1.json"), options);
    ASSERT_EQ(run("merge --bucket-sizes '" + path("sizes.json") + "' '" + path("a1.json") + "' '" + path("b1.json") + "'")
                  .exitCode,
              0);
    // Other sizes: a bucket of the second range counted one user more (the first shard cannot tell).
    Json sizes = Json::parse(slurp(path("sizes.json")));
    std::size_t bucket = 4095;
    while (sizes["users"][bucket].get<std::uint64_t>() == 0 && bucket > 2048) --bucket;
    sizes["users"][bucket] = sizes["users"][bucket].get<std::uint64_t>() + 1;
    std::ofstream(path("other.json")) << sizes.dump();
    shard(compare, "0:2048", path("a2.json"), options + " --bucket-sizes '" + path("other.json") + "'");
    shard(compare, "2048:4096", path("b2.json"), options + " --bucket-sizes '" + path("sizes.json") + "'");
    const Result r = run("merge '" + path("a2.json") + "' '" + path("b2.json") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_THAT(r.err, HasSubstr(path("b2.json") + " and " + path("a2.json") + " were computed with other bucket sizes"));
    // The same sizes: they merge.
    shard(compare, "0:2048", path("a2.json"), options + " --bucket-sizes '" + path("sizes.json") + "'");
    const Result ok = run("merge '" + path("a2.json") + "' '" + path("b2.json") + "'");
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
}

} // namespace
