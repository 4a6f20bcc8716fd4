// File: core/power.h
// How small a change N runs a side can find: the minimum detectable effect
// of a two-sided two-sample t-test at significance alpha with the given
// power, for samples of a relative standard deviation cv_pct.
#pragma once

namespace membench {

// In percent of the mean: (t_{1-alpha/2} + t_{power}) * cv * sqrt(2 / n),
// with 2n - 2 degrees of freedom.
double MinimumDetectableChangePct(double cv_pct, int runs_per_side, double alpha = 0.05, double power = 0.8);

}  // namespace membench
