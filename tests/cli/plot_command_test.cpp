// ranklab-cli plot: each kind renders to each format on the compare test
// data, and bad options are refused with a clear message and no file.
// `plot` exists only when the UI is built; without it these tests skip.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"

namespace ranklab::testing {
namespace {

const std::string kInputs = std::string(" -q '") + RANKLAB_TEST_DATA "/compare/qrels.txt' -r strong='" +
                            RANKLAB_TEST_DATA "/compare/strong.trec' -r weak='" + RANKLAB_TEST_DATA +
                            "/compare/weak.trec' --resamples 200";

class PlotCommandTest : public ranklab::testing::PlotCliFixture,
                        public ::testing::WithParamInterface<std::tuple<std::string, std::string>> {};

std::uint32_t bigEndian32(const std::string& bytes, std::size_t at) {
    return (std::uint32_t(std::uint8_t(bytes[at])) << 24) | (std::uint32_t(std::uint8_t(bytes[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(bytes[at + 2])) << 8) | std::uint32_t(std::uint8_t(bytes[at + 3]));
}

TEST_P(PlotCommandTest, WritesAValidFileOfEachFormat) {
    const auto& [kind, extension] = GetParam();
    const std::string out = path("chart." + extension);
    const CliResult r = run("plot --kind " + kind + kInputs + " --width 900 --height 600 --dpi 120 --out '" + out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string bytes = slurp(out);
    ASSERT_GT(bytes.size(), 200u);
    if (extension == "png") {
        // PNG signature, then the IHDR chunk: width and height, big-endian.
        EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
        EXPECT_EQ(bytes.substr(12, 4), "IHDR");
        EXPECT_EQ(bigEndian32(bytes, 16), 900u);
        EXPECT_EQ(bigEndian32(bytes, 20), 600u);
    } else if (extension == "svg") {
        EXPECT_NE(bytes.find("<svg"), std::string::npos);
        EXPECT_NE(bytes.find("</svg>"), std::string::npos);
        EXPECT_NE(bytes.find("users: relevant"), std::string::npos);  // the caption, as text
    } else {
        EXPECT_EQ(bytes.substr(0, 5), "%PDF-");
        const std::regex page("/Type\\s*/Page[^s]");
        EXPECT_EQ(std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page), std::sregex_iterator()), 1);
    }
}

INSTANTIATE_TEST_SUITE_P(KindsAndFormats, PlotCommandTest,
                         ::testing::Combine(::testing::Values("curves", "ranks", "cohorts", "ties", "forest", "cd"),
                                            ::testing::Values("png", "svg", "pdf")),
                         [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

class PlotOptionsTest : public ranklab::testing::PlotCliFixture {};

TEST_F(PlotOptionsTest, UnknownKindIsRefused) {
    const CliResult r = run("plot --kind pie" + kInputs + " --out '" + path("c.svg") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("unknown --kind 'pie': expected curves, ranks, cohorts, ties, forest or cd"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("c.svg")));
}

TEST_F(PlotOptionsTest, OutputExtensionMustBeSvgPngOrPdf) {
    const CliResult r = run("plot --kind curves" + kInputs + " --out '" + path("c.jpg") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("expected .svg, .png or .pdf"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("c.jpg")));
}

TEST_F(PlotOptionsTest, CurvesRefuseAMetricWithACutoff) {
    const CliResult r = run("plot --kind curves --metrics ndcg@10" + kInputs + " --out '" + path("c.png") + "'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("c.png")));
}

TEST_F(PlotOptionsTest, CdDiagramLabelsEveryModelWithTheFriedmanAverageRankOfCompare) {
    const std::string three = kInputs + " -r middle='" + RANKLAB_TEST_DATA "/compare/middle.trec'";
    const CliResult cd = run("plot --kind cd" + three + " --metrics ndcg --cutoffs 10 --out '" + path("cd.svg") + "'");
    ASSERT_EQ(cd.exitCode, 0) << cd.err;
    const CliResult compare = run("compare" + three + " --metrics ndcg --cutoffs 10 --test friedman --format json");
    ASSERT_EQ(compare.exitCode, 0) << compare.err;
    const auto many = nlohmann::json::parse(compare.out).at("many");
    ASSERT_EQ(many.size(), 1u);
    const std::string svg = slurp(path("cd.svg"));
    char expected[64];
    for (const auto& [model, rank] : many[0].at("average_ranks").items()) {
        std::snprintf(expected, sizeof expected, "%s (%.2f)", model.c_str(), rank.get<double>());
        EXPECT_NE(svg.find(expected), std::string::npos) << expected;
    }
    std::snprintf(expected, sizeof expected, "CD = %.2f", many[0].at("nemenyi_cd").get<double>());
    EXPECT_NE(svg.find(expected), std::string::npos) << expected;
}

TEST_F(PlotOptionsTest, CdRefusesASingleModelAndABadAlpha) {
    const std::string one = std::string(" -q '") + RANKLAB_TEST_DATA "/compare/qrels.txt' -r strong='" +
                            RANKLAB_TEST_DATA "/compare/strong.trec'";
    const CliResult single = run("plot --kind cd" + one + " --out '" + path("a.svg") + "'");
    EXPECT_EQ(single.exitCode, 1);
    EXPECT_NE(single.err.find("--kind cd needs at least two models"), std::string::npos) << single.err;
    const CliResult alpha = run("plot --kind cd" + kInputs + " --alpha 1.5 --out '" + path("b.svg") + "'");
    EXPECT_EQ(alpha.exitCode, 1);
    EXPECT_NE(alpha.err.find("--alpha must lie strictly between 0 and 1"), std::string::npos) << alpha.err;
    EXPECT_FALSE(std::filesystem::exists(path("a.svg")));
    EXPECT_FALSE(std::filesystem::exists(path("b.svg")));
}

TEST_F(PlotOptionsTest, OutputIsRequired) {
    const CliResult r = run("plot --kind ranks" + kInputs);
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
}

} // namespace
} // namespace ranklab::testing
