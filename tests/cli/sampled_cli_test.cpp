// eval and compare with --sampled N --catalog-size M: the estimates of the
// full-catalogue metrics beside the naive sampled values, in every format;
// validate names the protocol; the options need each other.
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_fixture.h"

using ranklab::testing::CliFixture;

namespace {

class SampledCliTest : public CliFixture {
protected:
    // 4 users, each ranking its positive against 4 negatives of its own
    // (20 items seen; M = 100 declared). Model a puts the positives at ranks
    // 1, 2, 1, 5; model b at 3, 3, 4, 2.
    void SetUp() override {
        CliFixture::SetUp();
        std::ofstream qrels(path("qrels.tsv")), a(path("a.tsv")), b(path("b.tsv"));
        qrels << "user\titem\tgrade\n";
        a << "user\titem\tscore\n";
        b << "user\titem\tscore\n";
        const int ranksA[] = {1, 2, 1, 5}, ranksB[] = {3, 3, 4, 2};
        for (int u = 0; u < 4; ++u) {
            qrels << "u" << u << "\tp" << u << "\t1\n";
            for (auto [out, rank] : {std::pair{&a, ranksA[u]}, std::pair{&b, ranksB[u]}}) {
                int negative = 0;
                for (int position = 1; position <= 5; ++position) {
                    if (position == rank) *out << "u" << u << "\tp" << u << "\t" << 10 - position << "\n";
                    else *out << "u" << u << "\tn" << u << negative++ << "\t" << 10 - position << "\n";
                }
            }
        }
    }
    std::string files() const {
        return "--qrels '" + path("qrels.tsv") + "' --run a='" + path("a.tsv") + "' --run b='" + path("b.tsv") + "'";
    }
};

} // namespace

TEST_F(SampledCliTest, EvalJsonCarriesEveryEstimateBesideTheNaiveValue) {
    const auto r = run("eval " + files() + " --metrics hr,rr --cutoffs 1 --sampled 4 --catalog-size 100 --format json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    // The table itself is unchanged: hr@1 of a = 2/4 (docs/metrics.md, worked example 3's protocol).
    EXPECT_DOUBLE_EQ(json["models"][0]["metrics"]["hr@1"].get<double>(), 0.5);
    const auto& s = json["sampled"];
    EXPECT_EQ(s["protocol"]["negatives"], 4);
    EXPECT_EQ(s["protocol"]["catalog_size"], 100);
    const auto& a = s["models"][0];
    EXPECT_EQ(a["name"], "a");
    EXPECT_EQ(a["users"], 4);
    EXPECT_DOUBLE_EQ(a["metrics"]["hr@1"]["naive"]["estimate"].get<double>(), 0.5);
    // rescaled rank 1 + (r - 1) * 99 / 4: only r = 1 stays within @1.
    EXPECT_DOUBLE_EQ(a["metrics"]["hr@1"]["rescaled"]["estimate"].get<double>(), 0.5);
    for (const char* e : {"naive", "rescaled", "cls", "bv", "mle"}) {
        ASSERT_TRUE(a["metrics"]["hr@1"].contains(e)) << e;
        EXPECT_TRUE(a["metrics"]["hr@1"][e]["ci"].is_array()) << e;
    }
    // Sampled AUC (N + 1 - r) / N averaged: (4 + 3 + 4 + 0) / 4 / 4.
    EXPECT_DOUBLE_EQ(a["auc"]["estimate"].get<double>(), 11.0 / 16);
}

TEST_F(SampledCliTest, CompareTableShowsTheEstimatesLabelledAsEstimates) {
    const auto r = run("compare " + files() + " --metrics ndcg --cutoffs 3 --sampled 4 --catalog-size 100 --resamples 200");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Sampled-negative protocol: N = 4 negatives, catalogue M = 100"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ESTIMATES of the full-catalogue metric"), std::string::npos);
    EXPECT_NE(r.out.find("ndcg@3"), std::string::npos);
}

TEST_F(SampledCliTest, CsvAddsOneRowPerEstimator) {
    const auto r = run("eval " + files() + " --metrics hr --cutoffs 1 --sampled 4 --catalog-size 100 --format csv");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("model,metric,estimator,estimate,ci_lo,ci_hi\n"), std::string::npos);
    EXPECT_NE(r.out.find("a,hr@1,mle,"), std::string::npos);
    EXPECT_NE(r.out.find("b,hr@1,naive,0,"), std::string::npos);
}

TEST_F(SampledCliTest, SampledNeedsTheCatalogueSize) {
    const auto r = run("eval " + files() + " --sampled 4");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("--catalog-size"), std::string::npos) << r.err;
}

TEST_F(SampledCliTest, ValidateNamesTheProtocol) {
    const auto r = run("validate " + files());
    EXPECT_NE(r.out.find("sampled-negative protocol"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--sampled 4 --catalog-size M"), std::string::npos);
}
