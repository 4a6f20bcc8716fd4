// File: core/runs_decision.h
// The decision compare makes when the run is the unit: each run reduced
// to one estimate (a rate or a time), and the LOG of the estimates
// compared, so that a change is a ratio and a slow run weighs as much as a
// fast one. Welch's t-test on the logs decides (two-sided, p < kAlpha),
// and the change, exp(mean log b - mean log a) - 1 (the ratio of the
// runs' geometric means, less one), must reach the threshold. One
// function, so that CompareRuns and the power figures of core/power apply
// the same rule.
#pragma once

#include <span>

#include "core/hypothesis.h"

namespace membench {

struct RunsDecision {
  TestResult welch;       // on the logs
  double change_pct = 0;  // 100 * (exp(mean log b - mean log a) - 1)
  bool significant = false;
};

// Whether a change reaches the threshold, by its log ratio: a rate's fall
// and the rise of the time it mirrors (-0.99% and +1%) are the same size.
bool ChangeReachesThreshold(double change_pct, double threshold_pct);

// log_a, log_b: the log of each run's estimate. Fewer than two runs on a
// side decide nothing (significant false, p 1).
RunsDecision DecideOnRunLogs(std::span<const double> log_a, std::span<const double> log_b, double threshold_pct);

}  // namespace membench
