#include "stats/many_model_tests.h"

#include <algorithm>
#include <array>
#include <string>

#include "common/error.h"
#include "stats/significance_test.h"

namespace ranklab::stats {

namespace {

struct Name {
    std::string_view name;
    ManyModelTest test;
};
constexpr std::array<Name, 7> kNames{{
    {"tukey", ManyModelTest::Tukey},
    {"tukey-hsd", ManyModelTest::Tukey},
    {"hsd", ManyModelTest::Tukey},
    {"randomized-tukey", ManyModelTest::RandomizedTukey},
    {"randomized-hsd", ManyModelTest::RandomizedTukey},
    {"friedman", ManyModelTest::Friedman},
    {"nemenyi", ManyModelTest::Friedman},
}};

} // namespace

std::string_view toString(ManyModelTest test) {
    switch (test) {
    case ManyModelTest::Tukey: return "tukey";
    case ManyModelTest::RandomizedTukey: return "randomized-tukey";
    case ManyModelTest::Friedman: return "friedman";
    }
    return "?";
}

std::string_view pairKey(ManyModelTest test) {
    return test == ManyModelTest::Friedman ? "nemenyi" : toString(test);
}

std::optional<ManyModelTest> parseManyModelTest(std::string_view name) {
    for (const auto& entry : kNames)
        if (entry.name == name) return entry.test;
    return std::nullopt;
}

TestSelection parseTestSelection(std::string_view list) {
    TestSelection out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        const std::string_view name = list.substr(start, end - start);
        if (const auto many = parseManyModelTest(name)) {
            if (std::find(out.many.begin(), out.many.end(), *many) == out.many.end()) out.many.push_back(*many);
        } else if (const auto paired = parseSignificanceTest(name)) {
            if (std::find(out.paired.begin(), out.paired.end(), *paired) == out.paired.end())
                out.paired.push_back(*paired);
        } else {
            throw Error(std::string("unknown test '")
                            .append(name)
                            .append("': expected t, wilcoxon, randomization, bootstrap, tukey, randomized-tukey or "
                                    "friedman"));
        }
        start = end + 1;
    }
    return out;
}

} // namespace ranklab::stats
