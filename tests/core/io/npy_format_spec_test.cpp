// The numpy format strings: npy, npz, npy-topk with users=, items=,
// scores=, pad=, round-tripped; misplaced options are errors.
#include <gtest/gtest.h>

#include "common/error.h"
#include "eval/ranking_depth.h"
#include "io/file_format.h"

namespace ranklab {
namespace {

std::string errorOf(const std::string& text) {
    try {
        FormatSpec::parse(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

TEST(NpyFormatSpec, NumpyFormatsParseAndRoundTrip) {
    FormatSpec dense = FormatSpec::parse("npy,users=u.txt,items=i.txt");
    EXPECT_EQ(dense.kind, FormatKind::Npy);
    EXPECT_EQ(dense.usersFile, "u.txt");
    EXPECT_EQ(dense.itemsFile, "i.txt");
    EXPECT_EQ(FormatSpec::parse(dense.toString()), dense);
    FormatSpec topk = FormatSpec::parse("npy-topk,items=i.txt,scores=s.npy,pad=0");
    EXPECT_EQ(topk.kind, FormatKind::NpyTopk);
    EXPECT_EQ(topk.scoresFile, "s.npy");
    EXPECT_EQ(topk.pad, 0);
    EXPECT_EQ(topk.toString(), "npy-topk,items=i.txt,scores=s.npy,pad=0");
    EXPECT_EQ(FormatSpec::parse("npz,pad=-1").pad, -1);
    EXPECT_TRUE(FormatSpec::parse("npz").isNumpy());
}

TEST(NpyFormatSpec, MisplacedNumpyOptionsAreErrors) {
    EXPECT_EQ(errorOf("tsv,users=u.txt"),
              "format \"tsv,users=u.txt\": users= applies to the numpy formats (npy, npz, npy-topk) only");
    EXPECT_EQ(errorOf("npy,scores=s.npy"),
              "format \"npy,scores=s.npy\": scores= and pad= apply to top-k files (npy-topk, npz) only");
    EXPECT_EQ(errorOf("npy-topk,pad=x"), "format \"npy-topk,pad=x\": pad=x; expected an integer item index");
    EXPECT_EQ(errorOf("npy,user=0"),
              "format \"npy,user=0\": column choices and header apply to delimited formats (tsv, csv, ws) only");
}

TEST(RankingDepth, IsTheDeepestCutoffOrAllForMetricsWithoutOne) {
    EvalSettings s;
    s.metrics = expandMetrics("ndcg,recall,ap", {5, 20, 10});
    EXPECT_EQ(rankingDepth(s), 20u);
    s.metrics = expandMetrics("ndcg@5,rprec", {});
    EXPECT_EQ(rankingDepth(s), 0u);
    s.metrics = expandMetrics("ndcg@5,ap@all", {});
    EXPECT_EQ(rankingDepth(s), 0u);
    s.metrics = expandMetrics("hr@3,num_ret", {});
    EXPECT_EQ(rankingDepth(s), 0u);
}

} // namespace
} // namespace ranklab
