// ranklab-cli verify against hostile exports (issue #30, items 1, 2, 12),
// run as a program on copies of tests/data/compare: a manifest whose command
// line, or study request, names --per-user ~/.bashrc, --out, `verify`
// itself or files outside its inputs writes and reads nothing else (the
// filesystem is checked after); a planted ranklab-verify-<pid> symlink in
// TMPDIR is left alone and nothing is written through it; an export made
// from a fake run whose manifest names the real run's path, size and SHA-256
// is refused; an export holding 100,000 consecutive digits is verified.
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "cli/compare_data.h"
#include "common/sha256.h"

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using Result = ranklab::testing::CliResult;
using ranklab::testing::slurp;
using Json = nlohmann::ordered_json;

namespace {

// Every entry under `folder` (recursively) with its size, as one text.
std::string listing(const fs::path& folder) {
    std::string out;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        out += e.path().string();
        if (e.is_regular_file()) out += " " + std::to_string(e.file_size());
        out += "\n";
    }
    return out;
}

class VerifySecurityCliTest : public ranklab::testing::CliFixture {
protected:
    void SetUp() override {
        CliFixture::SetUp();
        fs::create_directories(path("data"));
        ranklab::testing::copyCompareData(path("data/"), {"strong", "weak"});
        files = ranklab::testing::compareInputs(path("data/"), {"strong", "weak"}) +
                " --metrics ndcg,recall --cutoffs 5,10 --resamples 200";
        // A home folder with a .bashrc, and a private TMPDIR: both checked after each verify.
        fs::create_directories(path("home"));
        std::ofstream(path("home/.bashrc")) << "# the user's own\n";
        fs::create_directories(path("tmp"));
    }

    // An honest compare export as JSON; its manifest parsed.
    Json honestExport(const std::string& out) {
        const Result r = run("compare " + files + " --format json --out '" + out + "'");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return Json::parse(slurp(out));
    }

    Result verify(const std::string& file) const { return run("verify '" + file + "'"); }
    // verify FILE with HOME and TMPDIR set to the test's folders.
    Result verifyIsolated(const std::string& file) const {
        const std::string env = "HOME='" + path("home") + "' TMPDIR='" + path("tmp") + "' ";
        const auto out = dir_ / "v.out", err = dir_ / "v.err";
        const std::string command = env + "'" + RANKLAB_CLI + "' verify '" + file + "' >'" + out.string() + "' 2>'" +
                                    err.string() + "'";
        const int status = std::system(command.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }

    void write(const std::string& file, const Json& j) const { std::ofstream(file, std::ios::binary) << j.dump(2); }

    std::string files;
};

TEST_F(VerifySecurityCliTest, TheRecordedCommandLineIsNeverRun) {
    Json j = honestExport(path("c.json"));
    const std::string target = path("home/.bashrc");
    const std::string before = slurp(target);
    // The issue's attack: eval writing its per-user ids (here "echo PWNED #") to ~/.bashrc.
    j["manifest"]["command"] = {"eval", "-q", path("data/qrels.txt"), "-r", "echo PWNED #=" + path("data/weak.trec"),
                                "-m", "hr@1", "--per-user", target, "--out", path("home/planted")};
    write(path("c.json"), j);
    const std::string homeBefore = listing(path("home")), dataBefore = listing(path("data"));
    const Result r = verifyIsolated(path("c.json"));
    // The request (not the command) is recomputed: the honest numbers match.
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("numbers: all"));
    EXPECT_EQ(slurp(target), before);
    EXPECT_EQ(listing(path("home")), homeBefore);
    EXPECT_EQ(listing(path("data")), dataBefore);
    EXPECT_TRUE(fs::is_empty(path("tmp"))) << listing(path("tmp"));  // the scratch folder is gone
}

TEST_F(VerifySecurityCliTest, ARequestNamingAnOutputAFileOrVerifyIsRefused) {
    const Json honest = honestExport(path("c.json"));
    const std::string target = path("home/.bashrc");
    const std::string before = slurp(target);
    const std::string homeBefore = listing(path("home")), dataBefore = listing(path("data"));
    struct Attack {
        const char* what;
        std::function<void(Json&)> edit;
        const char* says;
    };
    const std::vector<Attack> attacks = {
        {"per-user", [&](Json& r) { r["settings"]["per-user"] = {target}; }, "per-user"},
        {"out", [&](Json& r) { r["settings"]["out"] = {target}; }, "\"out\""},
        {"partial", [&](Json& r) { r["settings"]["partial"] = {target}; }, "partial"},
        {"bucket-sizes", [&](Json& r) { r["settings"]["bucket-sizes"] = {"/etc/passwd"}; }, "bucket-sizes"},
        {"workspace", [&](Json& r) { r["settings"]["workspace"] = {"/etc/passwd"}; }, "workspace"},
        {"verify", [&](Json& r) { r["kind"] = "verify"; }, "request.kind"},
        {"synth", [&](Json& r) { r["kind"] = "synth"; }, "request.kind"},
        {"a title with a newline", [&](Json& r) { r["settings"]["title"] = {"a\n--out=/x"}; }, "control"},
        {"an index past the inputs", [&](Json& r) { r["inputs"]["exclusions"] = 7; }, "index"},
        {"a run index naming the ground truth", [&](Json& r) { r["inputs"]["runs"] = {0}; }, "ground_truth"},
        {"an unknown key", [&](Json& r) { r["argv"] = {"--out", target}; }, "unknown key"},
        {"a metric that does not parse", [&](Json& r) { r["settings"]["metrics"] = {"nosuch@5"}; }, "metric"},
    };
    for (const Attack& a : attacks) {
        Json j = honest;
        a.edit(j["manifest"]["request"]);
        write(path("c.json"), j);
        const Result r = verifyIsolated(path("c.json"));
        EXPECT_EQ(r.exitCode, 1) << a.what << ": " << r.out << r.err;
        EXPECT_THAT(r.err, HasSubstr("the manifest is malformed")) << a.what;
        EXPECT_THAT(r.err, HasSubstr(a.says)) << a.what;
        EXPECT_EQ(slurp(target), before) << a.what;
        EXPECT_EQ(listing(path("home")), homeBefore) << a.what;
        EXPECT_EQ(listing(path("data")), dataBefore) << a.what;
        EXPECT_TRUE(fs::is_empty(path("tmp"))) << a.what;
    }
    // A format naming another file (a numpy vocabulary): that file is not hashed, so not read.
    Json j = honest;
    j["manifest"]["inputs"][1]["format"] = "npy,users=" + target;
    write(path("c.json"), j);
    const Result side = verifyIsolated(path("c.json"));
    EXPECT_EQ(side.exitCode, 1);
    EXPECT_THAT(side.out, HasSubstr("cannot recompute: the format of"));
    EXPECT_TRUE(fs::is_empty(path("tmp")));
}

TEST_F(VerifySecurityCliTest, AManifestVerifyingItselfDoesNotRecurse) {
    Json j = honestExport(path("c.json"));
    j["manifest"]["command"] = {"verify", path("c.json")};
    j["manifest"].erase("request");  // as an older export: no request
    write(path("c.json"), j);
    const Result r = run("verify '" + path("c.json") + "'");
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("inputs: 3 files match"));
    EXPECT_THAT(r.out, HasSubstr("cannot recompute: the manifest holds no study request"));
}

TEST_F(VerifySecurityCliTest, APlantedScratchSymlinkIsLeftAloneAndNothingIsWrittenThroughIt) {
    honestExport(path("c.json"));
    fs::create_directories(path("victim"));
    // The old scratch name was TMPDIR/ranklab-verify-PID: plant it for verify's own PID
    // (the shell's $$, kept by exec), pointing at a folder of the victim's.
    const std::string command = "cd '" + dir_.string() + "' && HOME='" + path("home") + "' TMPDIR='" + path("tmp") +
                                "' sh -c 'ln -s \"" + path("victim") + "\" \"$TMPDIR/ranklab-verify-$$\" && exec \"" +
                                RANKLAB_CLI + "\" verify \"" + path("c.json") + "\"' > '" + path("v.out") + "' 2>&1";
    const int status = std::system(command.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 0) << slurp(path("v.out"));
    EXPECT_TRUE(fs::is_empty(path("victim"))) << listing(path("victim"));
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(path("tmp"))) left.push_back(e.path().filename().string());
    ASSERT_EQ(left.size(), 1u) << listing(path("tmp"));  // the planted link only: the scratch is gone
    EXPECT_TRUE(fs::is_symlink(path("tmp/") + left.front()));
    EXPECT_EQ(fs::read_symlink(path("tmp/") + left.front()).string(), path("victim"));
}

TEST_F(VerifySecurityCliTest, AForgedExportNamingTheRealRunIsRefused) {
    // A fake run: the weak run's scores reversed in rank, written as "weak".
    std::ifstream in(path("data/weak.trec"));
    std::ofstream fake(path("fake.trec"));
    for (std::string user, q, item, rank, score, tag; in >> user >> q >> item >> rank >> score >> tag;)
        fake << user << " Q0 " << item << " " << rank << " " << -std::stod(score) << " weak\n";
    fake.close();
    const Result made = run("compare --qrels '" + path("data/qrels.txt") + "' --run strong='" +
                            path("data/strong.trec") + "' --run weak='" + path("fake.trec") +
                            "' --metrics ndcg,recall --cutoffs 5,10 --resamples 200 --format json --out '" +
                            path("forged.json") + "'");
    ASSERT_EQ(made.exitCode, 0) << made.err;
    Json j = Json::parse(slurp(path("forged.json")));
    Json& input = j["manifest"]["inputs"][2];
    ASSERT_EQ(input["path"], fs::absolute(path("fake.trec")).lexically_normal().string());
    const std::string real = slurp(path("data/weak.trec"));
    input["path"] = path("data/weak.trec");
    input["size"] = real.size();
    input["sha256"] = ranklab::sha256Hex(real);
    for (Json& arg : j["manifest"]["command"])
        if (arg.get<std::string>().find("fake.trec") != std::string::npos) arg = "weak=" + path("data/weak.trec");
    write(path("forged.json"), j);
    const Result r = verify(path("forged.json"));
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("inputs: 3 files match"));  // the real files are the real files
    EXPECT_THAT(r.out, HasSubstr("differs: line"));          // but not what the numbers were computed from
    EXPECT_THAT(r.out, Not(HasSubstr("numbers: all")));
}

TEST_F(VerifySecurityCliTest, AnExportHoldingAHundredThousandDigitsIsVerified) {
    const std::string name(100'000, '7');
    const std::string out = path("long.csv");
    const Result made = run("compare --qrels '" + path("data/qrels.txt") + "' --run " + name + "='" +
                            path("data/strong.trec") + "' --run weak='" + path("data/weak.trec") +
                            "' --metrics ndcg@5 --resamples 200 --format csv --out '" + out + "'");
    ASSERT_EQ(made.exitCode, 0) << made.err.substr(0, 500);
    ASSERT_NE(slurp(out).find(name), std::string::npos);
    const Result r = verify(out);
    EXPECT_EQ(r.exitCode, 0) << r.out.substr(0, 2000) << r.err.substr(0, 2000);
    EXPECT_THAT(r.out, HasSubstr("numbers: all"));
    // The same export with the name's last digit changed: named as a differing number.
    std::string text = slurp(out);
    const std::size_t last = text.rfind(name) + name.size() - 1;
    text[last] = '8';
    std::ofstream(out, std::ios::binary) << text;
    const Result changed = verify(out);
    EXPECT_EQ(changed.exitCode, 1);
    EXPECT_THAT(changed.out, HasSubstr("differs: line"));
}

// An export or a manifest nested 50,000 deep: refused by the depth check
// before any parser recurses (it once overflowed the stack).
TEST_F(VerifySecurityCliTest, AnExportNestedFiftyThousandDeepIsRefusedNotACrash) {
    const std::string deep = std::string(50'000, '[') + std::string(50'000, ']');
    std::ofstream(path("deep.json"), std::ios::binary) << deep;
    const Result r = verify(path("deep.json"));
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_THAT(r.err, HasSubstr("nested"));
    const std::string manifest = "{\"manifest\": " + std::string(50'000, '{') + "}";
    std::ofstream(path("deep-manifest.json"), std::ios::binary) << manifest;
    const Result m = verify(path("deep-manifest.json"));
    EXPECT_EQ(m.exitCode, 1) << m.out << m.err;
}

TEST_F(VerifySecurityCliTest, ADeviceOrAFifoIsNotAnExport) {
    const Result zero = verify("/dev/zero");
    EXPECT_EQ(zero.exitCode, 1);
    EXPECT_THAT(zero.err, HasSubstr("/dev/zero: not a regular file"));
    const std::string fifo = path("export.fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const Result f = verify(fifo);  // refused before it is opened: no writer needed, no hang
    EXPECT_EQ(f.exitCode, 1);
    EXPECT_THAT(f.err, HasSubstr("not a regular file"));
}

} // namespace
