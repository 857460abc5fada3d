#include "shard/compare_partial.h"

#include "compare/comparison_assembly.h"
#include "metrics/metric_spec.h"

#include <algorithm>

#include "common/error.h"
#include "common/json_depth.h"
#include "shard/partial_header.h"
#include "stats/keyed_bootstrap.h"
#include "stats/paired_t_test.h"
#include "stats/resampled_means.h"

namespace ranklab::shard {

ComparePartial comparePartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                              const stats::ComparisonOptions& options, const std::vector<std::uint64_t>* bucketSizes) {
    for (std::size_t c = 0; c < eval.metricCount(); ++c)
        if (eval.isSetLevel(c))
            throw Error("--partial: " + eval.settings.metrics[c].id() +
                        " is a set-level metric: compare has no partial state for it yet (its comparison resamples "
                        "users' lists); leave it out, or use eval --partial");
    ComparePartial out;
    out.eval = evalPartial(eval, range, counts);  // refuses set-level columns
    out.options = options;
    out.options.resampling.progress = nullptr;
    out.options.resampling.parallelism = {};
    out.options.metrics.clear();
    const bool wilcoxon = std::find(options.tests.begin(), options.tests.end(), stats::SignificanceTest::Wilcoxon) !=
                          options.tests.end();
    const bool flips = std::find(options.tests.begin(), options.tests.end(),
                                 stats::SignificanceTest::Randomization) != options.tests.end();
    const std::size_t rows = eval.users.size();
    const std::vector<UserKey> keys = eval.keysOfRows();
    const stats::UserLayout layout = stats::UserLayout::of(keys);
    out.bucketUsers.assign(kBuckets, 0);
    for (std::uint32_t b = 0; b < kBuckets; ++b) {
        if (layout.bucketSize(b) > 0 && !range.contains(b))
            throw Error("internal error: a user outside the bucket range " + toString(range));
        out.bucketUsers[b] = layout.bucketSize(b);
    }
    std::vector<std::vector<double>> diffs;
    std::vector<double> a(rows), b(rows);
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        for (const auto& [ma, mb] : stats::comparedPairs(eval.models.size(), options.baseline)) {
            for (std::size_t r = 0; r < rows; ++r) {
                a[r] = eval.value(ma, r, c);
                b[r] = eval.value(mb, r, c);
            }
            ComparePartial::Pair pair;
            std::vector<double> d = stats::differences(a, b);
            pair.difference.add(d);
            pair.winsTiesLosses = stats::winsTiesLosses(a, b);
            if (wilcoxon) pair.signedMagnitudes = stats::SignedMagnitudes::of(d);
            out.pairs.push_back(std::move(pair));
            if (flips) diffs.push_back(std::move(d));
        }
    }
    if (flips) {
        std::vector<std::span<const double>> columns(diffs.begin(), diffs.end());
        stats::ResamplingOptions resampling = options.resampling;
        resampling.progress = nullptr;
        out.flips = stats::keyedFlipSums(layout, columns, range.begin, range.end, resampling);
        if (rows <= options.randomizationExactMaxN)
            for (std::size_t p = 0; p < rows; ++p) {
                ComparePartial::ExactRow row;
                row.key = keys[layout.rows[p]];
                for (const auto& d : diffs) row.differences.push_back(d[layout.rows[p]]);
                out.exactRows.push_back(std::move(row));
            }
    }
    if (stats::needsResampledMeans(options)) {
        if (!bucketSizes) {
            out.bootstrapPending = true;
        } else {
            std::vector<std::vector<double>> values;
            for (std::size_t m = 0; m < eval.models.size(); ++m)
                for (std::size_t c = 0; c < eval.metricCount(); ++c) {
                    auto& v = values.emplace_back(rows);
                    for (std::size_t r = 0; r < rows; ++r) v[r] = eval.value(m, r, c);
                }
            std::vector<std::span<const double>> columns(values.begin(), values.end());
            stats::ResamplingOptions resampling = options.resampling;
            resampling.progress = nullptr;
            out.bootstrap = stats::keyedBootstrapSums(layout, columns, *bucketSizes, range.begin, range.end, resampling);
            out.eval.inputs.bucketSizes = bucketSizesDigest(*bucketSizes);
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
           std::to_string(o.resampling.resamples) + "|" + std::to_string(o.resampling.seed) + "|" +
           (o.bootstrapIntervals ? "boot" : "noboot") + "|" + std::to_string(o.randomizationExactMaxN);
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
        const ComparePartial& part = parts[p];
        for (std::size_t b = 0; b < kBuckets; ++b) out.bucketUsers[b] += part.bucketUsers[b];
        if (out.flips && part.flips) {
            for (const auto& node : part.flips->flipped) out.flips->flipped.push_back(node);
            for (const auto& node : part.flips->totals) out.flips->totals.push_back(node);
        }
        out.exactRows.insert(out.exactRows.end(), part.exactRows.begin(), part.exactRows.end());
        out.bootstrapPending = out.bootstrapPending || part.bootstrapPending;
        out.bootstrap.insert(out.bootstrap.end(), part.bootstrap.begin(), part.bootstrap.end());
    }
    if (out.bootstrapPending) out.bootstrap.clear();
    // Exact rows only while the users are few enough for the exact test.
    if (out.exactRows.size() > out.options.randomizationExactMaxN) out.exactRows.clear();
    std::sort(out.exactRows.begin(), out.exactRows.end(),
              [](const ComparePartial::ExactRow& x, const ComparePartial::ExactRow& y) { return x.key < y.key; });
    return out;
}

const std::vector<std::uint64_t>& BucketSizes::of(const std::string& cohort) const {
    for (const auto& [label, sizes] : cohorts)
        if (label == cohort) return sizes;
    throw Error("--bucket-sizes: no sizes of cohort \"" + cohort +
                "\" (sizes of other cohorts: write them from the first pass of these same cohorts)");
}

std::string writeBucketSizes(const BucketSizes& sizes) {
    nlohmann::ordered_json j;
    j["format"] = "ranklab-bucket-sizes";
    j["version"] = 1;
    j["note"] = "the evaluated users of each of the 4096 user buckets: give it to every shard's second pass "
                "(--bucket-sizes) so that their bootstrap draws split as one machine's";
    j["users"] = sizes.users;
    if (!sizes.quantileBins.empty()) {
        nlohmann::ordered_json bins = nlohmann::ordered_json::array();
        for (const CountBin& bin : sizes.quantileBins) bins.push_back({{"lo", bin.lo}, {"hi", bin.hi}, {"label", bin.label}});
        j["quantile_bins"] = std::move(bins);
    }
    if (!sizes.cohorts.empty()) {
        nlohmann::ordered_json cohorts = nlohmann::ordered_json::array();
        for (const auto& [label, users] : sizes.cohorts) cohorts.push_back({{"label", label}, {"users", users}});
        j["cohorts"] = std::move(cohorts);
    }
    return j.dump() + "\n";
}

std::string writeBucketSizes(const std::vector<std::uint64_t>& sizes) { return writeBucketSizes(BucketSizes{sizes, {}, {}}); }

BucketSizes readBucketSizesFile(const std::string& text, const std::string& fileName) {
    const auto counts = [&](const nlohmann::ordered_json& users, const std::string& what) {
        auto sizes = users.get<std::vector<std::uint64_t>>();
        if (sizes.size() != kBuckets)
            throw Error(fileName + ": " + std::to_string(sizes.size()) + " bucket sizes" + what + ", expected " +
                        std::to_string(kBuckets));
        return sizes;
    };
    requireJsonDepth(text, fileName);
    try {
        const auto j = nlohmann::ordered_json::parse(text);
        requireNoFloats(j, fileName);
        if (!j.is_object() || j.value("format", "") != "ranklab-bucket-sizes")
            throw Error(fileName + ": not a bucket sizes file (expected \"format\": \"ranklab-bucket-sizes\", as "
                                   "`ranklab-cli merge --bucket-sizes` writes)");
        if (j.at("version") != 1) throw Error(fileName + ": bucket sizes version " + j.at("version").dump() + " is not 1");
        BucketSizes out;
        out.users = counts(j.at("users"), "");
        if (j.contains("quantile_bins"))
            for (const auto& b : j.at("quantile_bins")) {
                CountBin bin{b.at("lo").get<std::uint64_t>(), b.at("hi").get<std::uint64_t>(),
                             b.at("label").get<std::string>()};
                if (bin.lo > bin.hi || (!out.quantileBins.empty() && bin.lo <= out.quantileBins.back().hi))
                    throw Error(fileName + ": quantile bins must be ascending, disjoint ranges");
                out.quantileBins.push_back(std::move(bin));
            }
        if (j.contains("cohorts"))
            for (const auto& c : j.at("cohorts")) {
                const auto label = c.at("label").get<std::string>();
                out.cohorts.emplace_back(label, counts(c.at("users"), " of cohort " + label));
            }
        return out;
    } catch (const nlohmann::json::exception& e) {
        throw Error(fileName + ": malformed bucket sizes (" + e.what() + ")");
    }
}

std::vector<std::uint64_t> readBucketSizes(const std::string& text, const std::string& fileName) {
    return readBucketSizesFile(text, fileName).users;
}

namespace {

// Each node's users are the users of its buckets, as the states counted them.
void checkNodes(const std::vector<stats::TreeNode>& nodes, const std::vector<std::uint64_t>& bucketUsers,
                const char* what) {
    for (const stats::TreeNode& node : nodes) {
        const stats::BucketSpan span = stats::bucketsOf(node.id);
        std::uint64_t users = 0;
        for (std::uint32_t b = span.begin; b < span.end; ++b) users += bucketUsers[b];
        if (users != node.users)
            throw Error(std::string("merge: the ") + what + " sums of buckets " + std::to_string(span.begin) + ":" +
                        std::to_string(span.end) + " count " + std::to_string(node.users) + " users, the states " +
                        std::to_string(users));
    }
}

} // namespace

stats::Comparison comparisonOf(const ComparePartial& whole) {
    if (whole.flips) {
        checkNodes(whole.flips->flipped, whole.bucketUsers, "randomization");
        checkNodes(whole.flips->totals, whole.bucketUsers, "randomization");
    }
    checkNodes(whole.bootstrap, whole.bucketUsers, "bootstrap");
    const Evaluation eval = evaluationOf(whole.eval);  // throws naming missing buckets
    const stats::ComparisonOptions& options = whole.options;
    // The merged states reduced to the parts compareEvaluation() reduces the
    // per-user columns to; one function assembles both (comparison_assembly.h).
    stats::ComparisonParts parts;
    parts.options = options;
    parts.options.resampling.progress = nullptr;
    parts.users = whole.eval.counts.evaluated;
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        parts.metrics.push_back(c);
        parts.metricIds.push_back(eval.settings.metrics[c].id());
        parts.directions.push_back(directionOf(eval.settings.metrics[c]));
    }
    for (const auto& model : eval.models) parts.models.push_back(model.name);
    const std::size_t modelCount = parts.models.size(), metricCount = parts.metrics.size();
    parts.means.assign(modelCount, std::vector<stats::Moments>(metricCount));
    parts.constants.assign(modelCount, std::vector<std::optional<double>>(metricCount));
    for (std::size_t model = 0; model < modelCount; ++model)
        for (std::size_t i = 0; i < metricCount; ++i) {
            const stats::ExactMoments& x = whole.eval.models[model].columns[i];
            parts.means[model][i] = x.moments();
            if (x.count() > 0 && x.nanCount() == 0 && x.min() == x.max()) parts.constants[model][i] = x.min();
        }
    // The bootstrap: the resampled means of the model columns [model · metrics + i].
    if (stats::needsResampledMeans(options) && modelCount > 0 && metricCount > 0) {
        if (whole.bootstrapPending)
            throw Error("merge: the bootstrap (its intervals, or --test bootstrap) draws each bucket's share of the "
                        "users from every bucket's size, which the shards did not have: write them with `ranklab-cli "
                        "merge --bucket-sizes sizes.json` over these states, run each shard again with "
                        "`--bucket-sizes sizes.json`, and merge those states (or compare with --no-bootstrap and "
                        "without the bootstrap test)");
        std::vector<const stats::TreeNode*> nodes;
        for (const auto& node : whole.bootstrap) nodes.push_back(&node);
        parts.resampled = stats::keyedMeans(nodes, modelCount * metricCount, options.resampling.resamples, parts.users);
    }
    // The randomization test: every sign vector of the few users, or the keyed flips.
    std::vector<stats::RandomizationResult> flipResults;
    const bool flips = std::find(options.tests.begin(), options.tests.end(), stats::SignificanceTest::Randomization) !=
                       options.tests.end();
    if (flips) {
        stats::RandomizationOptions randomization;
        randomization.exactMaxN = options.randomizationExactMaxN;
        randomization.resampling = options.resampling;
        if (parts.users <= options.randomizationExactMaxN) {
            if (whole.exactRows.size() != parts.users)
                throw Error("merge: the states of the randomization test lack their users' differences");
            std::vector<std::vector<double>> columns(whole.pairs.size(), std::vector<double>(parts.users));
            for (std::size_t u = 0; u < parts.users; ++u)
                for (std::size_t p = 0; p < whole.pairs.size(); ++p) columns[p][u] = whole.exactRows[u].differences.at(p);
            std::vector<std::span<const double>> spans(columns.begin(), columns.end());
            flipResults = stats::randomizationTests(spans, randomization);
        } else {
            if (!whole.flips) throw Error("merge: the states lack the randomization test's sums");
            std::vector<const stats::TreeNode*> flipped, totals;
            for (const auto& node : whole.flips->flipped) flipped.push_back(&node);
            for (const auto& node : whole.flips->totals) totals.push_back(&node);
            std::vector<double> observed;
            for (const auto& pair : whole.pairs) observed.push_back(pair.difference.moments().mean);
            flipResults = stats::keyedFlipTests(flipped, totals, whole.pairs.size(), whole.flips->flips, observed,
                                                parts.users, randomization.tolerance);
        }
    }
    const bool wilcoxonAsked = std::find(options.tests.begin(), options.tests.end(),
                                         stats::SignificanceTest::Wilcoxon) != options.tests.end();
    const std::size_t expected = metricCount * stats::comparedPairs(modelCount, options.baseline).size();
    if (whole.pairs.size() != expected)
        throw Error("merge: the states hold " + std::to_string(whole.pairs.size()) + " pair columns where " +
                    std::to_string(expected) + " were expected");
    for (std::size_t p = 0; p < whole.pairs.size(); ++p) {
        const ComparePartial::Pair& state = whole.pairs[p];
        stats::ComparisonParts::Pair pair;
        pair.difference = state.difference.moments();
        pair.winsTiesLosses = state.winsTiesLosses;
        pair.constantDifference = state.difference.count() > 0 && state.difference.nanCount() == 0 &&
                                  state.difference.min() == state.difference.max();
        if (wilcoxonAsked) {
            const std::vector<double> d = state.signedMagnitudes.differences();
            pair.wilcoxon = stats::wilcoxon(std::span<const double>(d), options.wilcoxon);
        }
        if (flips) pair.randomization = flipResults.at(p);
        parts.pairs.push_back(std::move(pair));
    }
    return stats::assembleComparison(parts);
}

} // namespace ranklab::shard
