#pragma once
// The paired significance tests by name: what `--test`, the workspace and the
// toolbar choose from (compare/comparison.h runs them).
#include <optional>
#include <string_view>
#include <vector>

namespace ranklab::stats {

enum class SignificanceTest {
    TTest,          // paired t-test (scipy ttest_rel)
    Wilcoxon,       // Wilcoxon signed-rank (scipy 1.10 defaults)
    Randomization,  // sign-flip randomization test (exact for n ≤ 16)
    // Paired bootstrap test: the resampled mean differences centred on the
    // observed one, p = (1 + #{|d̄* − d̄| ≥ |d̄|}) / (1 + B), two-sided.
    Bootstrap,
};

// "t", "wilcoxon", "randomization", "bootstrap".
std::string_view toString(SignificanceTest test);
// Also "ttest", "t-test", "signed-rank", "permutation", "sign-flip".
std::optional<SignificanceTest> parseSignificanceTest(std::string_view name);
// A comma list ("t,wilcoxon"); throws ranklab::Error naming an unknown entry.
std::vector<SignificanceTest> parseSignificanceTests(std::string_view list);

} // namespace ranklab::stats
