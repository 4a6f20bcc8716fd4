// File: core/power.h
// How small a change compare can find, and how many runs it takes, each
// with 80% power, by simulating compare's own decision:
// - one run a side: the samples, compare's Mann-Whitney test at kAlpha,
//   its threshold and its "inconclusive" guard, on normal samples of a
//   relative standard deviation cv_pct;
// - several runs a side: the runs, DecideOnRunLogs (core/runs_decision.h:
//   Welch's t-test on the logs of the runs' estimates, p < kAlpha, and the
//   change at least the threshold), on log-normal run estimates whose CV
//   from run to run is run_cv_pct. How each run's samples are summarised
//   does not enter: a run is one value here.
// Deterministic: the simulation's seed is fixed, so the same arguments
// give the same answer on every run.
#pragma once

#include <cstdint>
#include <optional>

namespace membench {

inline constexpr double kDetectionPower = 0.8;
inline constexpr int kDetectionTrials = 4000;
inline constexpr std::uint64_t kDetectionSeed = 20261201;

// In percent of the mean; samples_per_side samples of one run each side,
// threshold_pct the smallest change compare calls (its --threshold or the
// machine's noise floor). nullopt when Compare can never decide with that
// many samples (WhyCompareCannotDecide says why).
std::optional<double> MinimumDetectableChangePct(double cv_pct, int samples_per_side, double threshold_pct);

// In percent; runs_a and runs_b runs a side whose estimates vary by
// run_cv_pct from run to run, threshold_pct compare's --threshold. The
// smallest rise (B over A) that DecideOnRunLogs calls a rise in 80% of
// comparisons; at run_cv_pct 0 it is the threshold itself. nullopt when a
// side has fewer than 2 runs, an argument is negative or not finite, or
// the change is too large for a double.
std::optional<double> MinimumDetectableChangeOfRunsPct(double run_cv_pct, int runs_a, int runs_b, double threshold_pct);

// The fewest runs a side (equal sides, at least 2) at which DecideOnRunLogs
// calls a change of change_pct (a rise above 0, a drop below), in its
// direction, in at least 80% of comparisons; runs vary by run_cv_pct, and
// threshold_pct is compare's --threshold. Searched from the normal
// approximation over 2 .. max_invocations (power grows with the runs),
// each step a simulation of kDetectionTrials comparisons of about 2 ms,
// whatever the runs: 4 to 15 ms a call, cheap enough for every compare
// row. Good to a run or two where power grows slowly with the runs (the
// simulation's error is 0.6 points of power).
// nullopt when even max_invocations runs do not reach 80%, when
// |change_pct| <= threshold_pct (compare calls only a measured change at
// least the threshold, and with any noise a measured change falls short of
// the true one half the time, so a change at the threshold is found at most
// half the time, however many runs: lower --threshold instead), when
// change_pct <= -100, or when an argument is negative or not finite.
std::optional<int> InvocationsNeeded(double run_cv_pct, double change_pct, double threshold_pct,
                                     int max_invocations = 100);

}  // namespace membench
