// The copied golden set is complete: every file index.json lists is present
// and describes the case it is listed as.
#include <gtest/gtest.h>

#include "golden_cases.h"

using namespace ranklab::stats;

namespace {

TEST(StatsGoldenDataTest, EveryIndexedCaseIsPresentAndConsistent) {
    const auto index = golden::load("index.json");
    const auto& cases = golden::pairedCases();
    ASSERT_EQ(cases.size(), index.at("paired_cases").size());
    ASSERT_EQ(cases.size(), 26u);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& entry = index.at("paired_cases")[i];
        EXPECT_EQ(cases[i].name, entry.at("name").get<std::string>());
        EXPECT_EQ(cases[i].a.size(), entry.at("n").get<std::size_t>());
        EXPECT_EQ(cases[i].b.size(), cases[i].a.size());
        EXPECT_EQ(cases[i].json.at("wilcoxon").at("default").at("method_used"),
                  entry.at("wilcoxon_default_method_used"));
    }
    EXPECT_NO_THROW(golden::load(index.at("multitest").get<std::string>()));
    EXPECT_NO_THROW(golden::load(index.at("distributions").get<std::string>()));
}

} // namespace
