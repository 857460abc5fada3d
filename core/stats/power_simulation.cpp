#include "stats/power_simulation.h"

#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/progress.h"
#include "stats/randomization_test.h"
#include "stats/resampled_means.h"
#include "stats/resampling.h"

namespace ranklab::stats {
namespace {

constexpr double kMeanTolerance = 1e-12;  // as the tests of `compare`

// Bootstrap test of one column of differences: p = (1 + #{|m* − m| ≥ |m|}) / (1 + B).
double bootstrapP(std::span<const double> x, double mean, std::size_t resamples, std::uint64_t seed) {
    ResamplingOptions r;
    r.resamples = resamples;
    r.seed = seed;
    r.parallelism = Parallelism(1);
    const std::span<const double> columns[] = {x};
    const ResampledMeans means = resampleMeans(columns, r);
    const double threshold = std::fabs(mean) - kMeanTolerance;
    std::size_t count = 0;
    for (double m : means.column(0)) count += std::fabs(m - mean) >= threshold;
    return (1.0 + double(count)) / (1.0 + double(means.resamples));
}

} // namespace

SimulatedPower simulatedPower(std::span<const double> d, double delta, ResamplingPowerTest test, double alpha,
                              const PowerSimulationOptions& o) {
    if (d.size() < 2)
        throw Error("the simulated power needs at least two differences, got " + std::to_string(d.size()));
    if (!(alpha > 0 && alpha < 1)) throw Error("alpha must lie strictly between 0 and 1, got " + std::to_string(alpha));
    if (o.simulations == 0 || o.resamples == 0) throw Error("the simulated power needs simulations and resamples");
    const std::size_t n = o.users ? o.users : d.size();
    double sum = 0;
    for (double x : d) sum += x;
    const double shift = delta - sum / double(d.size());
    std::vector<char> rejected(o.simulations, 0);
    o.parallelism.forEach(0, o.simulations, 1, [&](std::size_t s) {
        if (o.progress) o.progress->check();
        synth::Rng rng = resampleRng(o.seed, ResamplePurpose::Bootstrap, ~std::uint64_t{0} - s);
        IndexDraws draws(rng, static_cast<std::uint32_t>(d.size()));
        std::vector<double> x(n);
        double mean = 0;
        for (double& v : x) {
            v = d[draws.next()] + shift;
            mean += v;
        }
        mean /= double(n);
        const std::uint64_t seed = synth::mix64(o.seed ^ (0x706f776572ull + s));  // "power"
        double p = kNaN;
        if (test == ResamplingPowerTest::Randomization) {
            RandomizationOptions r;
            r.resampling.resamples = o.resamples;
            r.resampling.seed = seed;
            r.resampling.parallelism = Parallelism(1);
            p = randomizationTest(std::span<const double>(x), r).pvalue;
        } else {
            p = bootstrapP(x, mean, o.resamples, seed);
        }
        rejected[s] = p <= alpha;
    });
    SimulatedPower out;
    out.simulations = o.simulations;
    for (char r : rejected) out.rejected += std::size_t(r);
    out.power = double(out.rejected) / double(o.simulations);
    out.standardError = std::sqrt(out.power * (1 - out.power) / double(o.simulations));
    return out;
}

} // namespace ranklab::stats
