#include "eval/sampled_estimates.h"

#include <algorithm>
#include <optional>
#include <span>

#include "common/error.h"
#include "eval/single_positive_metric.h"
#include "stats/rank_law_mle.h"
#include "stats/rank_sampling_matrix.h"
#include "stats/resampled_means.h"
#include "stats/sampled_corrections.h"

namespace ranklab {
namespace {

struct Corrections {
    std::vector<double> naive, rescaled, cls, bv;  // per sampled rank
    std::vector<double> full;                      // per full rank
    std::vector<double> binned;                    // per bin of the MLE's law
};

Corrections corrections(const SinglePositiveMetric& f, const stats::RankSamplingMatrix& law,
                        const stats::CorrectionSystem& system, double gamma) {
    const std::uint64_t M = law.catalog();
    const std::uint32_t N = law.negatives();
    Corrections c;
    c.full.resize(M);
    for (std::uint64_t R = 1; R <= M; ++R) c.full[R - 1] = f(double(R));
    for (std::uint32_t r = 1; r <= N + 1; ++r) {
        c.naive.push_back(f(double(r)));
        c.rescaled.push_back(f(1.0 + double(r - 1) * double(M - 1) / double(N)));
    }
    c.bv = stats::biasVarianceCorrection(law, system, c.full, gamma);
    c.cls = stats::boundedLeastSquaresCorrection(law, system, c.full);
    return c;
}

std::vector<double> perUser(const std::vector<double>& x, const SampledRanks& ranks) {
    std::vector<double> out(ranks.users.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = meanOverRanks(x, ranks.best[i], ranks.worst[i]);
    return out;
}

double mean(const std::vector<double>& x) {
    if (x.empty()) return stats::kNaN;
    double s = 0.0;
    for (double v : x) s += v;
    return s / double(x.size());
}

// Each user's share of each sampled rank, for the MLE.
void addUser(std::vector<double>& histogram, std::uint32_t best, std::uint32_t worst) {
    const double share = 1.0 / double(worst - best + 1);
    for (std::uint32_t r = best; r <= worst; ++r) histogram[r - 1] += share;
}

} // namespace

double meanOverRanks(const std::vector<double>& x, std::uint32_t best, std::uint32_t worst) {
    double s = 0.0;
    for (std::uint32_t r = best; r <= worst; ++r) s += x[r - 1];
    return s / double(worst - best + 1);
}

struct SampledEstimator::Tables {
    SampledSettings settings;
    stats::RankSamplingMatrix law;
    std::unique_ptr<stats::BinnedRankLaw> binned;
    std::vector<std::string> unsupported;
    std::vector<std::string> ids;
    std::vector<Corrections> table;
    std::vector<double> auc;  // per sampled rank
};

SampledEstimator::SampledEstimator(const std::vector<MetricSpec>& metrics, const SampledSettings& settings) {
    if (settings.catalogSize == 0)
        throw Error("--sampled needs --catalog-size (the number of items M of the catalogue)");
    tables_ = std::make_unique<Tables>(Tables{settings, stats::RankSamplingMatrix(settings.catalogSize, settings.negatives),
                                              nullptr, {}, {}, {}, {}});
    Tables& t = *tables_;
    // The MLE's bins: every rank its own up to twice the largest cutoff (at least 256).
    std::uint64_t exact = 256;
    for (const auto& spec : metrics)
        if (spec.cutoff != kCutoffAll) exact = std::max<std::uint64_t>(exact, 2 * std::uint64_t{spec.cutoff});
    t.binned = std::make_unique<stats::BinnedRankLaw>(t.law, exact);
    const stats::CorrectionSystem system = stats::correctionSystem(t.law);
    for (const auto& spec : metrics) {
        if (auto f = SinglePositiveMetric::of(spec)) {
            t.ids.push_back(f->id());
            t.table.push_back(corrections(*f, t.law, system, settings.gamma));
            t.table.back().binned = t.binned->binMeans(t.table.back().full);
        } else {
            t.unsupported.push_back(spec.id());
        }
    }
    for (std::uint32_t r = 1; r <= t.law.sampledRanks(); ++r)
        t.auc.push_back(double(settings.negatives + 1 - r) / double(settings.negatives));
}

SampledEstimator::~SampledEstimator() = default;

const std::vector<std::string>& SampledEstimator::unsupported() const { return tables_->unsupported; }

SampledModelEstimates SampledEstimator::estimate(std::string name, SampledRanks ranks,
                                                 const stats::ResamplingOptions& options,
                                                 const Progress* progress) const {
    const Tables& t = *tables_;
    SampledModelEstimates model;
    model.model = std::move(name);
    model.ranks = std::move(ranks);
    const SampledRanks& r = model.ranks;
    const std::size_t n = r.users.size();
    for (std::size_t i = 0; i < n; ++i)
        if (r.best[i] < 1 || r.worst[i] < r.best[i] || r.worst[i] > t.law.sampledRanks())
            throw Error("sampled rank out of 1..N + 1 for a user");

    // Per-user columns: auc, then naive, rescaled, cls, bv of each metric.
    std::vector<std::vector<double>> columns;
    columns.push_back(perUser(t.auc, r));
    for (const auto& c : t.table)
        for (const auto* x : {&c.naive, &c.rescaled, &c.cls, &c.bv}) columns.push_back(perUser(*x, r));
    std::vector<std::span<const double>> spans(columns.begin(), columns.end());
    const auto intervals = stats::bootstrapMeanIntervals(spans, t.settings.level, options);
    auto estimate = [&](std::size_t column) { return SampledEstimate{mean(columns[column]), intervals[column]}; };
    model.auc = estimate(0);

    // The MLE: one law for every metric, refitted on each resample.
    std::vector<double> histogram(t.law.sampledRanks(), 0.0);
    for (std::size_t i = 0; i < n; ++i) addUser(histogram, r.best[i], r.worst[i]);
    const stats::RankLawFit fit = stats::fitRankLaw(*t.binned, histogram);
    model.mleIterations = fit.iterations;
    model.mleConverged = fit.converged;
    const std::size_t B = n == 0 ? 0 : std::min(options.resamples, t.settings.mleResamples);
    const std::size_t K = t.table.size();
    std::vector<double> resampled(K * B, stats::kNaN);
    stats::RankLawOptions warm;
    warm.maxIterations = 200;
    warm.tolerance = 1e-7;
    options.parallelism.forEach(0, B, 1, [&](std::size_t b) {
        if (progress) progress->check();
        synth::Rng rng = stats::resampleRng(options.seed, stats::ResamplePurpose::Bootstrap, b);
        stats::IndexDraws draws(rng, static_cast<std::uint32_t>(n));
        std::vector<double> h(t.law.sampledRanks(), 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t u = draws.next();
            addUser(h, r.best[u], r.worst[u]);
        }
        const stats::RankLawFit refit = stats::fitRankLaw(*t.binned, h, fit.law, warm);
        for (std::size_t k = 0; k < K; ++k) resampled[k * B + b] = stats::expectedValue(refit.law, t.table[k].binned);
    });

    for (std::size_t k = 0; k < K; ++k) {
        SampledMetricEstimates e;
        e.metric = t.ids[k];
        e.naive = estimate(1 + 4 * k);
        e.rescaled = estimate(2 + 4 * k);
        e.cls = estimate(3 + 4 * k);
        e.bv = estimate(4 + 4 * k);
        e.mle.value = n == 0 ? stats::kNaN : stats::expectedValue(fit.law, t.table[k].binned);
        e.mle.interval = B > 0 ? stats::percentileInterval({resampled.data() + k * B, B}, t.settings.level)
                               : stats::BootstrapInterval{t.settings.level, 0};
        model.metrics.push_back(std::move(e));
    }
    return model;
}

SampledEvaluation estimateSampled(const Dataset& data, const Evaluation& eval, const SampledSettings& settings,
                                  const stats::ResamplingOptions& options, const Progress* progress) {
    SampledEvaluation out;
    out.settings = settings;
    out.ties = eval.settings.ties;
    const SampledEstimator estimator(eval.settings.metrics, settings);
    out.unsupported = estimator.unsupported();
    for (std::size_t m = 0; m < data.models.size(); ++m) {
        if (progress) progress->check();
        out.models.push_back(estimator.estimate(
            data.models[m].name,
            sampledRanks(data, m, eval.users, settings.negatives, eval.settings.ties, eval.settings.relevanceThreshold),
            options, progress));
        if (progress) progress->report(double(m + 1) / double(data.models.size()));
    }
    return out;
}

} // namespace ranklab
