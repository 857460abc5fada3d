#pragma once
// The few distribution values the tests need, computed by Boost.Math (kept
// out of the headers: Boost is a private dependency of the engine).
namespace ranklab::stats {

// Student's t with `df` degrees of freedom (df > 0).
double studentTQuantile(double q, double df);
// P(|T| >= |t|). NaN for NaN t, 0 for infinite t.
double studentTTwoSidedP(double t, double df);

// Standard normal.
double normalQuantile(double q);
double normalSf(double x);  // P(Z > x), accurate in the far tail
// P(|Z| >= |z|) = 2·sf(|z|). NaN for NaN z, 0 for infinite z.
double normalTwoSidedP(double z);

} // namespace ranklab::stats
