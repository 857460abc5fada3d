// The manifest goes into every text format and comes back out the same;
// the part without it is the export as it was; the hashes it records equal
// SHA-256 of the files.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/sha256.h"
#include "manifest/manifest.h"
#include "manifest/manifest_embed.h"

using namespace ranklab;

namespace {

Manifest example() {
    Manifest m = startManifest({"compare", "--qrels", "q.txt", "--run", "a=a & <b>.run"});
    m.inputs.push_back({"ground_truth", "", "/data/q.txt", 12, std::string(64, 'a'), "auto", false, "error"});
    m.inputs.push_back({"run", "a", "/data/a & <b>.run", 34, std::string(64, 'b'), "trec", true, "max"});
    m.evaluation = ManifestEvaluation{{"ndcg@10", "ap(norm=min)@5"}, "expected", "relevant", 1.0, true};
    m.statistics = ManifestStatistics{{"t", "wilcoxon"}, "holm", 0.05, 0.95, "t", true, 1000, 42, {}, {}};
    m.users = UserCounts{30, 2, 1};
    return m;
}

void expectSame(const Manifest& a, const Manifest& b) {
    EXPECT_EQ(a.command, b.command);
    EXPECT_EQ(a.inputs, b.inputs);
    EXPECT_EQ(a.evaluation, b.evaluation);
    EXPECT_EQ(a.statistics, b.statistics);
    ASSERT_TRUE(b.users);
    EXPECT_EQ(b.users->evaluated, 30u);
    EXPECT_EQ(a.date, b.date);
    EXPECT_EQ(a.commit, b.commit);
}

} // namespace

TEST(ManifestEmbed, EveryTextFormatCarriesItAndGivesItBack) {
    const Manifest m = example();
    const std::string body = "metric,a,b\nndcg@10,0.5,0.25\n";
    for (const char* format : {"csv", "table", "md", "latex"}) {
        const std::string text = embedManifest(body, format, m);
        ASSERT_NE(text, body) << format;
        const auto json = findManifestJson(text);
        ASSERT_TRUE(json) << format;
        expectSame(m, manifestFromJson(*json));
        EXPECT_EQ(withoutManifest(text).find(body) != std::string::npos, true) << format;
        EXPECT_EQ(withoutManifest(text).find("ranklab_manifest"), std::string::npos) << format;
    }
    const std::string csv = embedManifest(body, "csv", m);
    // Every manifest line of a CSV is a '#' comment.
    for (std::size_t at = 0; at < csv.find("metric,a,b"); at = csv.find('\n', at) + 1) EXPECT_EQ(csv[at], '#');
}

TEST(ManifestEmbed, TheManyModelTestsAndTheSmallestDifferencesRoundTripAndAreOptional) {
    Manifest m = example();
    m.statistics->many = {"tukey", "friedman"};
    m.statistics->minEffect = "1%,ndcg@10=0.02";
    const std::string json = manifestJson(m);
    EXPECT_NE(json.find("\"many\": [\n      \"tukey\",\n      \"friedman\"\n    ]"), std::string::npos) << json;
    EXPECT_NE(json.find("\"min_effect\": \"1%,ndcg@10=0.02\""), std::string::npos) << json;
    expectSame(m, manifestFromJson(json));
    // Without them, neither key is written, and an older manifest reads back with none.
    const std::string plain = manifestJson(example());
    EXPECT_EQ(plain.find("\"many\""), std::string::npos);
    EXPECT_EQ(plain.find("\"min_effect\""), std::string::npos);
    const Manifest back = manifestFromJson(plain);
    EXPECT_TRUE(back.statistics->many.empty());
    EXPECT_EQ(back.statistics->minEffect, "");
}

TEST(ManifestEmbed, DescribingAComparisonKeepsItsManyModelTestsAndItsDelta) {
    stats::ComparisonOptions options;
    options.many = {stats::ManyModelTest::Tukey, stats::ManyModelTest::Friedman};
    options.minEffect = stats::parseMinEffects("ndcg@10=0.01,2%");
    const ManifestStatistics s = describeStatistics(options, "t");
    EXPECT_EQ(s.many, (std::vector<std::string>{"tukey", "friedman"}));
    EXPECT_EQ(s.minEffect, options.minEffect.toString());
    EXPECT_FALSE(s.minEffect.empty());
    EXPECT_TRUE(describeStatistics(stats::ComparisonOptions{}, "t").minEffect.empty());
}

TEST(ManifestEmbed, JsonGetsAManifestObject) {
    const std::string text = embedManifest("{\"models\": [1, 2]}", "json", example());
    const auto parsed = nlohmann::json::parse(text);
    EXPECT_EQ(parsed["manifest"]["inputs"][1]["path"], "/data/a & <b>.run");
    expectSame(example(), manifestFromJson(*findManifestJson(text)));
    EXPECT_EQ(nlohmann::json::parse(withoutManifest(text)), nlohmann::json::parse("{\"models\": [1, 2]}"));
}

TEST(ManifestEmbed, AnXmlElementIsEscapedAndReadBack) {
    const std::string svg = "<svg><title>t</title>" + manifestXmlElement(example(), "metadata") + "<g/></svg>";
    EXPECT_EQ(svg.find("a & <b>"), std::string::npos);  // escaped
    expectSame(example(), manifestFromJson(*findManifestJson(svg)));
    EXPECT_EQ(withoutManifest(svg).find("ranklab_manifest"), std::string::npos);
}

TEST(ManifestEmbed, APngTextChunkIsFound) {
    auto chunk = [](const std::string& type, const std::string& data) {
        std::string c;
        for (int shift : {24, 16, 8, 0}) c.push_back(char((data.size() >> shift) & 0xff));
        return c + type + data + std::string(4, '\0');  // the CRC is not checked
    };
    const std::string json = manifestJson(example(), -1);
    const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", std::string(13, '\1')) +
                            chunk("tEXt", std::string("ranklab-manifest") + '\0' + json) + chunk("IEND", "");
    ASSERT_TRUE(findManifestJson(png));
    EXPECT_EQ(*findManifestJson(png), json);
    EXPECT_EQ(withoutManifest(png).find("tEXt"), std::string::npos);
    EXPECT_NE(withoutManifest(png).find("IHDR"), std::string::npos);
}

TEST(ManifestEmbed, TheRecordedHashesAreTheFilesSha256) {
    const auto dir = std::filesystem::temp_directory_path() / ("ranklab_manifest_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    { std::ofstream(dir / "q.txt") << "u1 0 i1 1\n"; }
    { std::ofstream(dir / "r.run") << "u1 Q0 i1 1 2.5 r\n"; }
    DatasetSources sources;
    sources.judgments = (dir / "q.txt").string();
    sources.runs.push_back({"r", (dir / "r.run").string(), FormatSpec::parse("trec")});
    const auto files = describeInputs(sources, ReadOptions{});
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files[0].role, "ground_truth");
    EXPECT_EQ(files[0].sha256, sha256Hex("u1 0 i1 1\n"));
    EXPECT_EQ(files[0].size, 10u);
    EXPECT_EQ(files[1].sha256, sha256Hex("u1 Q0 i1 1 2.5 r\n"));
    EXPECT_EQ(files[1].format, "trec");
    std::filesystem::remove_all(dir);
}

TEST(ManifestEmbed, TheDateIsUtcIso8601) {
    const std::string date = startManifest({}).date;
    ASSERT_EQ(date.size(), 20u);
    EXPECT_EQ(date[4], '-');
    EXPECT_EQ(date[10], 'T');
    EXPECT_EQ(date.back(), 'Z');
}
