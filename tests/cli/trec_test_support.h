#pragma once
// Running `ranklab-cli trec` as a real process and comparing its output with
// trec_eval's (tests/data/golden). Shared by the trec_*_test.cpp files.
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/byte_source.h"

namespace ranklab::trec_test {

struct CliResult {
    int code = -1;
    std::string out, err;
};

inline std::string shellQuoted(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs `ranklab-cli trec ARGS...`, capturing stdout, stderr and the exit code.
inline CliResult runTrec(const std::vector<std::string>& args) {
    static int calls = 0;
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("ranklab_trec_" + std::to_string(::getpid()) + "_" + std::to_string(++calls));
    std::filesystem::create_directories(dir);
    const std::string out = (dir / "out").string(), err = (dir / "err").string();
    std::string command = shellQuoted(RANKLAB_CLI) + " trec";
    for (const auto& a : args) command.append(" ").append(shellQuoted(a));
    command.append(" >").append(shellQuoted(out)).append(" 2>").append(shellQuoted(err));
    const int status = std::system(command.c_str());
    CliResult r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readAll(out);
    r.err = readAll(err);
    std::filesystem::remove_all(dir);
    return r;
}

inline std::string dataPath(const std::string& relative) { return std::string(RANKLAB_TEST_DATA) + "/" + relative; }

// `path`, or `path`.gz when only the compressed copy is stored.
inline std::string storedPath(const std::string& path) {
    if (std::filesystem::exists(path)) return path;
    return path + ".gz";
}

// Reads a stored file (gzip or not: readAll detects it by its magic bytes).
inline std::string readStored(const std::string& path) { return readAll(storedPath(path)); }

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

inline std::string measureOf(const std::string& line) {
    std::string m = line.substr(0, line.find('\t'));
    while (!m.empty() && m.back() == ' ') m.pop_back();
    return m;
}

// Every line equal as text (4-decimal outputs), or with `tolerance` > 0
// every value within it (12-decimal outputs), measure and qid as text.
inline void expectSameOutput(const std::string& expectedText, const std::string& actualText, double tolerance,
                             const std::string& what) {
    const std::vector<std::string> expected = lines(expectedText);
    const std::vector<std::string> actual = lines(actualText);
    ASSERT_EQ(actual.size(), expected.size()) << what << ": line count";
    int reported = 0;
    std::size_t compared = 0;
    for (std::size_t i = 0; i < expected.size() && reported < 5; ++i) {
        ++compared;
        if (expected[i] == actual[i]) continue;
        bool same = false;
        const auto e = expected[i].rfind('\t'), a = actual[i].rfind('\t');
        if (tolerance > 0 && e != std::string::npos && a != std::string::npos &&
            expected[i].substr(0, e) == actual[i].substr(0, a)) {
            char* end1 = nullptr;
            char* end2 = nullptr;
            const std::string ev = expected[i].substr(e + 1), av = actual[i].substr(a + 1);
            const double x = std::strtod(ev.c_str(), &end1), y = std::strtod(av.c_str(), &end2);
            same = *end1 == '\0' && *end2 == '\0' && std::fabs(x - y) <= tolerance;
        }
        if (!same) {
            ADD_FAILURE() << what << ": line " << i + 1 << "\n  trec_eval: " << expected[i]
                          << "\n  ranklab:   " << actual[i];
            ++reported;
        }
    }
    EXPECT_EQ(compared, expected.size()) << what << ": stopped after " << reported << " differences";
}

} // namespace ranklab::trec_test
