#include "stats/significance_test.h"

#include <algorithm>
#include <array>
#include <string>

#include "common/error.h"

namespace ranklab::stats {
namespace {

struct TestName {
    std::string_view name;
    SignificanceTest test;
};
constexpr std::array<TestName, 9> kTestNames{{
    {"t", SignificanceTest::TTest},
    {"ttest", SignificanceTest::TTest},
    {"t-test", SignificanceTest::TTest},
    {"wilcoxon", SignificanceTest::Wilcoxon},
    {"signed-rank", SignificanceTest::Wilcoxon},
    {"randomization", SignificanceTest::Randomization},
    {"permutation", SignificanceTest::Randomization},
    {"sign-flip", SignificanceTest::Randomization},
    {"bootstrap", SignificanceTest::Bootstrap},
}};

} // namespace

std::string_view toString(SignificanceTest test) {
    switch (test) {
    case SignificanceTest::TTest: return "t";
    case SignificanceTest::Wilcoxon: return "wilcoxon";
    case SignificanceTest::Randomization: return "randomization";
    case SignificanceTest::Bootstrap: return "bootstrap";
    }
    return "?";
}

std::optional<SignificanceTest> parseSignificanceTest(std::string_view name) {
    for (const auto& entry : kTestNames)
        if (entry.name == name) return entry.test;
    return std::nullopt;
}

std::vector<SignificanceTest> parseSignificanceTests(std::string_view list) {
    std::vector<SignificanceTest> tests;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        const std::string_view name = list.substr(start, end - start);
        const auto test = parseSignificanceTest(name);
        if (!test)
            throw Error(std::string("unknown test '")
                            .append(name)
                            .append("': expected t, wilcoxon, randomization or bootstrap"));
        if (std::find(tests.begin(), tests.end(), *test) == tests.end()) tests.push_back(*test);
        start = end + 1;
    }
    return tests;
}

} // namespace ranklab::stats
