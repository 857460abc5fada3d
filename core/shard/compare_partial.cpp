#include "shard/compare_partial.h"

#include <algorithm>

#include "common/error.h"
#include "stats/paired_t_test.h"

namespace ranklab::shard {

void requireMergeable(const stats::ComparisonOptions& options) {
    for (stats::SignificanceTest test : options.tests)
        if (test == stats::SignificanceTest::Randomization || test == stats::SignificanceTest::Bootstrap)
            throw Error("--partial: the " + std::string(stats::toString(test)) +
                        " test has no partial state yet; use --test t,wilcoxon");
    if (options.bootstrapIntervals)
        throw Error("--partial: bootstrap intervals have no partial state yet; add --no-bootstrap (t intervals)");
}

ComparePartial comparePartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                              const stats::ComparisonOptions& options) {
    requireMergeable(options);
    for (std::size_t c = 0; c < eval.metricCount(); ++c)
        if (eval.isSetLevel(c))
            throw Error("--partial: " + eval.settings.metrics[c].id() +
                        " is a set-level metric: compare has no partial state for it yet (its comparison resamples "
                        "users); leave it out, or use eval --partial");
    ComparePartial out;
    out.eval = evalPartial(eval, range, counts);  // refuses set-level columns
    out.options = options;
    out.options.resampling.progress = nullptr;
    out.options.resampling.parallelism = {};
    out.options.metrics.clear();
    const bool wilcoxon = std::find(options.tests.begin(), options.tests.end(), stats::SignificanceTest::Wilcoxon) !=
                          options.tests.end();
    const std::size_t rows = eval.users.size();
    std::vector<double> a(rows), b(rows), d(rows);
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        for (const auto& [ma, mb] : stats::comparedPairs(eval.models.size(), options.baseline)) {
            for (std::size_t r = 0; r < rows; ++r) {
                a[r] = eval.value(ma, r, c);
                b[r] = eval.value(mb, r, c);
            }
            ComparePartial::Pair pair;
            d = stats::differences(a, b);
            pair.difference.add(d);
            pair.winsTiesLosses = stats::winsTiesLosses(a, b);
            if (wilcoxon) pair.signedMagnitudes = stats::SignedMagnitudes::of(d);
            out.pairs.push_back(std::move(pair));
        }
    }
    return out;
}

namespace {

std::string optionsKey(const stats::ComparisonOptions& o) {
    std::string key;
    for (auto t : o.tests) key += std::string(stats::toString(t)) + ",";
    key += "|" + std::string(stats::toString(o.correction)) + "|" + std::to_string(o.alpha) + "|" +
           std::to_string(o.level) + "|" + (o.baseline ? std::to_string(*o.baseline) : "all") + "|" +
           std::to_string(o.resampling.resamples) + "|" + std::to_string(o.resampling.seed);
    return key;
}

} // namespace

ComparePartial mergeComparePartials(const std::vector<ComparePartial>& parts, const std::vector<std::string>& names) {
    if (parts.empty()) throw Error("merge: no partial states given");
    std::vector<EvalPartial> evals;
    for (const ComparePartial& p : parts) evals.push_back(p.eval);
    ComparePartial out = parts.front();
    out.eval = mergeEvalPartials(evals, names);  // checks settings, models and ranges
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const std::string& name = p < names.size() ? names[p] : std::to_string(p);
        if (optionsKey(parts[p].options) != optionsKey(out.options) || parts[p].options.alpha != out.options.alpha ||
            parts[p].options.level != out.options.level || parts[p].pairs.size() != out.pairs.size())
            throw Error(name + ": compared with other options (tests, correction, alpha, level or baseline)");
        for (std::size_t k = 0; k < out.pairs.size(); ++k) {
            ComparePartial::Pair& mine = out.pairs[k];
            const ComparePartial::Pair& theirs = parts[p].pairs[k];
            mine.difference.merge(theirs.difference);
            mine.winsTiesLosses.wins += theirs.winsTiesLosses.wins;
            mine.winsTiesLosses.ties += theirs.winsTiesLosses.ties;
            mine.winsTiesLosses.losses += theirs.winsTiesLosses.losses;
            mine.signedMagnitudes.merge(theirs.signedMagnitudes);
        }
    }
    return out;
}

stats::Comparison comparisonOf(const ComparePartial& whole) {
    const Evaluation eval = evaluationOf(whole.eval);  // throws naming missing buckets
    const stats::ComparisonOptions& options = whole.options;
    stats::Comparison out;
    out.options = options;
    out.users = whole.eval.counts.evaluated;
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        out.metrics.push_back(c);
        out.metricIds.push_back(eval.settings.metrics[c].id());
    }
    for (const auto& model : eval.models) out.models.push_back(model.name);
    const std::size_t modelCount = out.models.size(), metricCount = out.metrics.size();
    out.means.assign(modelCount, std::vector<stats::MeanSummary>(metricCount));
    out.best.assign(metricCount, 0);
    for (std::size_t i = 0; i < metricCount; ++i)
        for (std::size_t model = 0; model < modelCount; ++model) {
            auto& summary = out.means[model][i];
            summary.moments = whole.eval.models[model].columns[i].moments();
            summary.t = stats::tInterval(summary.moments, options.level);
            if (summary.moments.mean > out.means[out.best[i]][i].moments.mean) out.best[i] = model;
        }
    const auto pairs = stats::comparedPairs(modelCount, options.baseline);
    std::size_t k = 0;
    for (std::size_t i = 0; i < metricCount; ++i) {
        for (const auto& [a, b] : pairs) {
            const ComparePartial::Pair& state = whole.pairs.at(k++);
            stats::PairComparison pair;
            pair.a = a;
            pair.b = b;
            pair.metric = out.metrics[i];
            const stats::Moments dm = state.difference.moments();
            pair.n = dm.n;
            pair.meanDiff = dm.mean;
            pair.ciT = stats::tInterval(dm, options.level);
            pair.cohensDz = stats::cohensDz(dm);
            pair.winsTiesLosses = state.winsTiesLosses;
            for (stats::SignificanceTest test : options.tests) {
                stats::TestOutcome outcome{test};
                if (test == stats::SignificanceTest::TTest) {
                    const stats::TTestResult t = stats::pairedTTest(dm);
                    outcome.statistic = t.statistic;
                    outcome.pvalue = t.pvalue;
                } else if (test == stats::SignificanceTest::Wilcoxon) {
                    const std::vector<double> d = state.signedMagnitudes.differences();
                    const stats::WilcoxonResult w = stats::wilcoxon(std::span<const double>(d), options.wilcoxon);
                    outcome.statistic = w.statistic;
                    outcome.pvalue = w.pvalue;
                    pair.rankBiserial = stats::rankBiserial(w);
                }
                pair.tests.push_back(outcome);
            }
            out.pairs.push_back(std::move(pair));
        }
    }
    for (std::size_t t = 0; t < options.tests.size(); ++t) {
        std::vector<double> pvalues;
        for (const auto& pair : out.pairs) pvalues.push_back(pair.tests[t].pvalue);
        const stats::CorrectedPValues corrected = stats::correctPValues(pvalues, options.correction, options.alpha);
        for (std::size_t p = 0; p < out.pairs.size(); ++p) {
            out.pairs[p].tests[t].adjusted = corrected.adjusted[p];
            out.pairs[p].tests[t].significant = corrected.reject[p];
        }
    }
    return out;
}

} // namespace ranklab::shard
