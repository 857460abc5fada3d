// ranklab-cli trec against trec_eval 10.0 on the generated cases of
// tests/data/golden/generated (README.md there): each line of commands.txt
// is "name<TAB>arguments"; name.txt holds trec_eval's stdout, byte for
// byte, and for the commands trec_eval refused, name.exit its exit code and
// name.stderr its message. Commands with -c read qrels_c.txt (it adds a
// query the run lacks), the others qrels.txt; every one reads run.txt.
#include <filesystem>
#include <fstream>

#include "cli/trec_test_support.h"

using namespace ranklab::trec_test;

namespace {

struct GeneratedCase {
    std::string name;
    std::vector<std::string> args;
};

// What ctest and GoogleTest print for a case: its name, not its raw bytes.
void PrintTo(const GeneratedCase& c, std::ostream* out) { *out << c.name; }

std::string generated(const std::string& file) { return dataPath("golden/generated/" + file); }

std::vector<GeneratedCase> generatedCases() {
    std::vector<GeneratedCase> out;
    std::ifstream in(generated("commands.txt"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        const std::size_t tab = line.find('\t');
        GeneratedCase c{line.substr(0, tab), {}};
        std::istringstream words(line.substr(tab + 1));
        for (std::string w; words >> w;) c.args.push_back(w);
        out.push_back(std::move(c));
    }
    return out;
}

std::string caseName(const testing::TestParamInfo<GeneratedCase>& info) { return info.param.name; }

class TrecGeneratedTest : public testing::TestWithParam<GeneratedCase> {};

} // namespace

TEST_P(TrecGeneratedTest, MatchesTrecEvalByteForByte) {
    const GeneratedCase& c = GetParam();
    std::vector<std::string> args = c.args;
    const bool complete = std::find(args.begin(), args.end(), "-c") != args.end();
    args.push_back(generated(complete ? "qrels_c.txt" : "qrels.txt"));
    args.push_back(generated("run.txt"));
    const CliResult r = runTrec(args);
    const std::string exitFile = generated(c.name + ".exit");
    if (std::filesystem::exists(exitFile)) {
        EXPECT_EQ(r.code, std::stoi(ranklab::readAll(exitFile))) << r.err;
        EXPECT_EQ(r.out, "");
        // trec_eval's message, line by line, "trec_eval:" read as "ranklab-cli trec:"
        // (ranklab-cli may add detail at the end of a line).
        const std::vector<std::string> expected = lines(ranklab::readAll(generated(c.name + ".stderr")));
        const std::vector<std::string> actual = lines(r.err);
        ASSERT_EQ(actual.size(), expected.size()) << r.err;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            std::string want = expected[i];
            if (want.rfind("trec_eval: ", 0) == 0) want.replace(0, 10, "ranklab-cli trec:");
            EXPECT_EQ(actual[i].substr(0, want.size()), want) << r.err;
        }
        return;
    }
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, readStored(generated(c.name + ".txt")));  // large ones gzipped
}

INSTANTIATE_TEST_SUITE_P(Generated, TrecGeneratedTest, testing::ValuesIn(generatedCases()), caseName);

// Every stored output has its command (none is silently left untested).
TEST(TrecGeneratedDataTest, EveryOutputHasACommand) {
    std::set<std::string> names;
    for (const auto& c : generatedCases()) names.insert(c.name);
    EXPECT_GE(names.size(), 20u);
    for (const auto& f : std::filesystem::directory_iterator(generated(""))) {
        const std::string file = f.path().filename().string();
        if (file == "qrels.txt" || file == "qrels_c.txt" || file == "run.txt" || file == "commands.txt" ||
            file == "README.md")
            continue;
        EXPECT_TRUE(names.count(file.substr(0, file.find('.')))) << file;
    }
}
