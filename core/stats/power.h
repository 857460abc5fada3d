#pragma once
// Power and sample size of the two-sided paired t-test (the one-sample t on
// the per-user differences), exact through the noncentral t distribution:
// with n users, effect size d = δ / σ (σ the SD of the per-user differences)
// and the critical value c = t_{1−α/2, n−1},
//   power = P(T' > c) + P(T' < −c),  T' ~ t'(n − 1, d √n),
// as statsmodels' TTestPower computes it. The minimum detectable difference
// at n users is d* σ, d* the effect size whose power is 1 − β; the users
// needed for δ are the smallest n whose power reaches 1 − β (Sakai's
// question, answered without his approximations).
#include <cstddef>
#include <span>

#include "stats/moments.h"

namespace ranklab::stats {

// The power at effect size d (the sign is irrelevant) with n users (real,
// ≥ 2). Throws ranklab::Error for alpha outside (0, 1) or n < 2.
double pairedTPower(double effectSize, double n, double alpha);

// The effect size d ≥ 0 whose power at n users is `power`. Throws for
// power outside (alpha, 1), alpha outside (0, 1) or n < 2.
double minimumDetectableEffect(double n, double alpha, double power);

// The (fractional) n at which effect size d reaches `power` (statsmodels'
// solve_power for nobs); the users needed are its ceiling. Throws for d = 0,
// power outside (alpha, 1) or alpha outside (0, 1).
double usersForPower(double effectSize, double alpha, double power);

// What the observed per-user differences say: their n, mean and SD, d_z,
// the post-hoc power at the observed mean (the true difference taken to be
// the one observed), and the minimum detectable difference at this n and SD.
struct ObservedPower {
    std::size_t n = 0;
    double mean = kNaN, sd = kNaN, effectSize = kNaN;
    double power = kNaN;
    double minimumDetectable = kNaN;  // in the metric's units: d* · sd
};
// Throws for fewer than two differences or a bad alpha/power.
ObservedPower observedPower(std::span<const double> differences, double alpha, double power);

} // namespace ranklab::stats
