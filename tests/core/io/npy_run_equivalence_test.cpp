// The same scores as a TSV run and as every numpy layout give identical
// metrics, user by user, under every tie policy: dense .npy (C and Fortran
// order, f2/f4/f8, both byte orders, header versions 1-3), .npz (stored,
// deflated, zip64), the dense matrix reduced to the deepest cutoff, and
// top-k index arrays with scores, without scores (-rank) and with padding.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "metrics/metric_spec.h"

namespace ranklab {
namespace {

using test::NpyMatrix;
using test::TempDir;

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// Scores from a few halves (exact in float16, many ties), some -inf; one
// row with nothing ranked.
NpyMatrix randomScores(std::size_t rows, std::size_t columns, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> level(-4, 4);
    std::bernoulli_distribution unranked(0.15);
    NpyMatrix m{rows, columns, {}};
    for (std::size_t i = 0; i < rows * columns; ++i) m.values.push_back(unranked(rng) ? kMinusInf : level(rng) * 0.5);
    for (std::size_t c = 0; c < columns; ++c) m.values[3 * columns + c] = kMinusInf;
    return m;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

struct Names {
    std::vector<std::string> users, items;
    std::string vocabulary(const std::vector<std::string>& ids) const {
        std::string out;
        for (const auto& id : ids) out += id + "\n";
        return out;
    }
};

Names namesFor(const NpyMatrix& m, bool vocabulary) {
    Names n;
    for (std::size_t r = 0; r < m.rows; ++r) n.users.push_back(vocabulary ? "user" + std::to_string(r * 7 % m.rows) : std::to_string(r));
    for (std::size_t c = 0; c < m.columns; ++c) n.items.push_back(vocabulary ? "item" + std::to_string((c * 11) % m.columns) : std::to_string(c));
    return n;
}

// Grades 0-3 for a few items of most users, and a user with no row.
std::string qrelsText(const NpyMatrix& m, const Names& n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::size_t> item(0, m.columns - 1);
    std::uniform_int_distribution<int> grade(0, 3);
    std::string out;
    for (std::size_t r = 0; r < m.rows; ++r) {
        if (r % 9 == 5) continue;
        std::vector<bool> used(m.columns);
        for (int k = 0; k < 5; ++k) {
            std::size_t c = item(rng);
            if (used[c]) continue;
            used[c] = true;
            out += n.users[r] + "\t" + n.items[c] + "\t" + std::to_string(grade(rng)) + "\n";
        }
    }
    out += "nobody\t" + n.items[0] + "\t1\n";
    return out;
}

// The dense matrix as a TSV run, each row's items in column order.
std::string denseTsv(const NpyMatrix& m, const Names& n) {
    std::string out;
    for (std::size_t r = 0; r < m.rows; ++r)
        for (std::size_t c = 0; c < m.columns; ++c)
            if (m.at(r, c) != kMinusInf) out += n.users[r] + "\t" + n.items[c] + "\t" + number(m.at(r, c)) + "\n";
    return out;
}

std::vector<MetricSpec> metrics(bool fullDepth) {
    auto specs = expandMetrics("hr,precision,recall,ndcg,ap,rr", {1, 3, 5, 10});
    if (fullDepth)
        for (auto& s : expandMetrics("rprec,num_ret,num_rel_ret,ap@all,ndcg@all,rr@all", {})) specs.push_back(s);
    return specs;
}

// Every model equals model 0, user by user, under every tie policy.
void expectSameAsFirst(const Dataset& data, bool fullDepth) {
    for (TiePolicy ties : {TiePolicy::Trec, TiePolicy::Expected, TiePolicy::Optimistic, TiePolicy::Pessimistic,
                           TiePolicy::Input}) {
        EvalSettings settings;
        settings.metrics = metrics(fullDepth);
        settings.ties = ties;
        settings.parallelism = Parallelism(1);
        RankCache cache;
        Evaluation eval = evaluate(data, settings, cache);
        ASSERT_GT(eval.users.size(), 10u);
        const auto& first = eval.models[0];
        for (std::size_t m = 1; m < eval.models.size(); ++m) {
            const auto& model = eval.models[m];
            ASSERT_EQ(model.perUser.size(), first.perUser.size());
            for (std::size_t i = 0; i < first.perUser.size(); ++i) {
                const std::size_t row = i / eval.metricCount(), metric = i % eval.metricCount();
                EXPECT_EQ(model.perUser[i], first.perUser[i])
                    << model.name << " vs " << first.name << " under " << tiePolicyName(ties) << ", "
                    << settings.metrics[metric].id() << ", user " << data.ids.users.name(eval.users[row]);
            }
        }
    }
}

struct DenseLayout {
    const char* name;
    std::string descr;
    bool fortran;
    int version;
};

const std::vector<DenseLayout> kDenseLayouts = {
    {"f4-C", "<f4", false, 1}, {"f4-F-big", ">f4", true, 2}, {"f8-F", "<f8", true, 3},
    {"f8-C-big", ">f8", false, 1}, {"f2-C", "<f2", false, 1}, {"f2-F-big", ">f2", true, 1},
};

// A dataset of the TSV run and the dense layouts, .npy and .npz.
Dataset loadDense(const TempDir& dir, const NpyMatrix& m, const Names& n, bool vocabulary, std::uint32_t depth) {
    DatasetSources sources;
    sources.judgments = dir.write("qrels.tsv", qrelsText(m, n, 5));
    sources.runs.push_back({"tsv", dir.write("run.tsv", denseTsv(m, n)), {}});
    FormatSpec npy = FormatSpec::parse("npy");
    if (vocabulary) {
        npy.usersFile = dir.write("users.txt", n.vocabulary(n.users));
        npy.itemsFile = dir.write("items.txt", n.vocabulary(n.items));
    }
    for (const auto& layout : kDenseLayouts) {
        const std::string bytes = test::npyBytes(m, layout.descr, layout.fortran, layout.version);
        sources.runs.push_back({layout.name, dir.write(std::string(layout.name) + ".npy", bytes), npy});
    }
    FormatSpec npz = npy;
    npz.kind = FormatKind::Npz;
    const std::string scores = test::npyBytes(m, "<f4");
    test::writeZip(dir.path() + "/stored.npz", {{"scores.npy", scores, false}});
    test::writeZip(dir.path() + "/deflated.npz", {{"other.npy", scores, true}, {"scores.npy", scores, true}});
    sources.runs.push_back({"npz-stored", dir.path() + "/stored.npz", npz});
    sources.runs.push_back({"npz-deflated", dir.path() + "/deflated.npz", npz});
    sources.runs.push_back({"npz-zip64", dir.write("zip64.npz", test::zip64Bytes({{"scores.npy", scores}})), npz});
    // Without a format: detected by the magic.
    if (!vocabulary) sources.runs.push_back({"auto", dir.write("auto.npy", test::npyBytes(m, "<f8")), {}});
    ReadOptions options;
    options.rankDepth = depth;
    return loadDataset(sources, options);
}

TEST(NpyRunEquivalence, DenseLayoutsScoreAsTheTsvRunUnderEveryTiePolicy) {
    TempDir dir;
    const NpyMatrix m = randomScores(40, 30, 1);
    const Names n = namesFor(m, true);
    Dataset data = loadDense(dir, m, n, /*vocabulary=*/true, /*depth=*/0);
    ASSERT_EQ(data.models.size(), 1 + kDenseLayouts.size() + 3);
    expectSameAsFirst(data, /*fullDepth=*/true);
}

TEST(NpyRunEquivalence, IndicesAreTheIdsWithoutVocabularies) {
    TempDir dir;
    const NpyMatrix m = randomScores(25, 17, 2);
    const Names n = namesFor(m, false);
    Dataset data = loadDense(dir, m, n, /*vocabulary=*/false, /*depth=*/0);
    EXPECT_NE(data.ids.items.find("16"), Interner::npos);
    expectSameAsFirst(data, /*fullDepth=*/true);
}

TEST(NpyRunEquivalence, ADenseMatrixReducedToTheDeepestCutoffScoresAsTheWholeRow) {
    TempDir dir;
    // Coarse scores: the tie group at position 10 straddles it in most rows.
    const NpyMatrix m = randomScores(60, 40, 3);
    const Names n = namesFor(m, true);
    Dataset data = loadDense(dir, m, n, /*vocabulary=*/true, /*depth=*/10);
    // The reduction kept less than the whole matrix.
    EXPECT_LT(data.models[1].run.size(), data.models[0].run.size());
    expectSameAsFirst(data, /*fullDepth=*/false);
}

// Top-k: each row's best `k` (ties by column) as indices and scores,
// padded with `pad` where a row has fewer.
struct Topk {
    NpyMatrix items, scores;
    std::string tsv, rankTsv;  // the same entries, with the scores / with -rank
};

Topk topkOf(const NpyMatrix& m, const Names& n, std::size_t k, std::int64_t pad) {
    Topk t{{m.rows, k, {}}, {m.rows, k, {}}, {}, {}};
    for (std::size_t r = 0; r < m.rows; ++r) {
        std::vector<std::size_t> order;
        for (std::size_t c = 0; c < m.columns; ++c)
            if (m.at(r, c) != kMinusInf) order.push_back(c);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m.at(r, a) > m.at(r, b); });
        for (std::size_t j = 0; j < k; ++j) {
            if (j < order.size()) {
                const std::size_t c = order[j];
                t.items.values.push_back(double(c));
                t.scores.values.push_back(m.at(r, c));
                t.tsv += n.users[r] + "\t" + n.items[c] + "\t" + number(m.at(r, c)) + "\n";
                t.rankTsv += n.users[r] + "\t" + n.items[c] + "\t" + number(-double(j + 1)) + "\n";
            } else {
                t.items.values.push_back(double(pad));
                t.scores.values.push_back(0.0);
            }
        }
    }
    return t;
}

TEST(NpyRunEquivalence, TopkIndicesWithScoresScoreAsTheirTsvRun) {
    TempDir dir;
    const NpyMatrix m = randomScores(40, 30, 4);
    const Names n = namesFor(m, true);
    const Topk t = topkOf(m, n, 8, 30);
    DatasetSources sources;
    sources.judgments = dir.write("qrels.tsv", qrelsText(m, n, 6));
    sources.runs.push_back({"tsv", dir.write("topk.tsv", t.tsv), {}});
    const std::string users = dir.write("users.txt", n.vocabulary(n.users));
    const std::string items = dir.write("items.txt", n.vocabulary(n.items));
    const std::string scores = dir.write("scores.npy", test::npyBytes(t.scores, "<f4"));
    auto spec = [&](const std::string& text) { return FormatSpec::parse(text + ",users=" + users + ",items=" + items); };
    sources.runs.push_back({"i8", dir.write("items8.npy", test::npyBytes(t.items, "<i8")), spec("npy-topk,pad=30,scores=" + scores)});
    sources.runs.push_back({"i4-F-big", dir.write("items4.npy", test::npyBytes(t.items, ">i4", true)),
                            spec("npy-topk,pad=30,scores=" + scores)});
    test::writeZip(dir.path() + "/topk.npz", {{"items.npy", test::npyBytes(t.items, "<i8"), true},
                                              {"scores.npy", test::npyBytes(t.scores, "<f8"), true}});
    sources.runs.push_back({"npz", dir.path() + "/topk.npz", spec("npz,pad=30")});
    Dataset data = loadDataset(sources, {});
    expectSameAsFirst(data, /*fullDepth=*/true);
}

TEST(NpyRunEquivalence, TopkIndicesWithoutScoresRankByPosition) {
    TempDir dir;
    const NpyMatrix m = randomScores(40, 30, 7);
    const Names n = namesFor(m, true);
    // Padding index 0 at the end of short rows; item 0 is then never ranked,
    // so the vocabulary's line 1 is the padding item, as in RecBole.
    NpyMatrix shifted = m;
    for (std::size_t r = 0; r < m.rows; ++r) shifted.values[r * m.columns] = kMinusInf;
    const Topk t = topkOf(shifted, n, 8, 0);
    DatasetSources sources;
    sources.judgments = dir.write("qrels.tsv", qrelsText(m, n, 8));
    sources.runs.push_back({"tsv", dir.write("topk.tsv", t.rankTsv), {}});
    const std::string format = "npy-topk,pad=0,users=" + dir.write("users.txt", n.vocabulary(n.users)) +
                               ",items=" + dir.write("items.txt", n.vocabulary(n.items));
    sources.runs.push_back({"npy", dir.write("items.npy", test::npyBytes(t.items, "<i8")), FormatSpec::parse(format)});
    Dataset data = loadDataset(sources, {});
    EXPECT_EQ(data.models[1].run.size(), data.models[0].run.size());
    expectSameAsFirst(data, /*fullDepth=*/true);
}

} // namespace
} // namespace ranklab
