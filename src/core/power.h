// File: core/power.h
// How small a change one run a side can find: the smallest rise of the
// mean that Compare calls with 80% power, found by simulating Compare's own
// decision (its Mann-Whitney test at kAlpha, its threshold and its
// "inconclusive" guard) on normal samples of a relative standard deviation
// cv_pct. Deterministic: the simulation's seed is fixed, so the same
// arguments give the same answer on every run.
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

}  // namespace membench
