// The numbers verify compares: the same tokens, in the same order, as the
// std::regex scan they replace finds (the regex is the independent source,
// on texts short enough for it), and linear on 100,000 consecutive digits,
// where the regex overflowed the stack.
#include <algorithm>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "manifest/export_numbers.h"

using namespace ranklab;

namespace {

std::vector<std::pair<std::string, std::size_t>> byRegex(const std::string& text) {
    static const std::regex number(R"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|NaN|nan|null)");
    std::vector<std::pair<std::string, std::size_t>> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
        out.emplace_back(it->str(), 1 + std::size_t(std::count(text.begin(), text.begin() + it->position(), '\n')));
    return out;
}

std::vector<std::pair<std::string, std::size_t>> scanned(const std::string& text) {
    std::vector<std::pair<std::string, std::size_t>> out;
    for (const ExportNumber& n : exportNumbers(text)) out.emplace_back(std::string(n.text), n.line);
    return out;
}

} // namespace

TEST(ExportNumbers, FindWhatTheRegexFound) {
    for (const std::string text :
         {"ndcg@10,0.5,-0.25,1e-3,2E+5,.5,5.,+.7e,1.2.3,NaN,nan,null,nul,-,+,e5,1e,--3\n", "a 12\n\n-3.5e-07 x.1y",
          "", "\n\n", "NaNnull1", "1.e5 .e5 -.5E-5"})
        EXPECT_EQ(scanned(text), byRegex(text)) << text;
    // Random texts of the characters that matter.
    std::mt19937 random(7);
    const std::string alphabet = "0123456789.+-eEnNaul \n,x";
    for (int round = 0; round < 2000; ++round) {
        std::string text(random() % 40, ' ');
        for (char& c : text) c = alphabet[random() % alphabet.size()];
        ASSERT_EQ(scanned(text), byRegex(text)) << text;
    }
}

TEST(ExportNumbers, AHundredThousandDigitsAreOneNumber) {
    const std::string digits(100'000, '7');
    const std::string text = "name\n" + digits + ",0.5\n";
    const auto numbers = exportNumbers(text);  // views into `text`
    ASSERT_EQ(numbers.size(), 2u);
    EXPECT_EQ(numbers[0].text.size(), 100'000u);
    EXPECT_EQ(numbers[0].line, 2u);
    EXPECT_EQ(numbers[1].text, "0.5");
}
