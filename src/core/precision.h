// File: core/precision.h
// --precision: when a point has sampled enough, and the 95% confidence
// interval of its mean rate it then reports. Stopping as soon as the usual
// t interval is narrow enough stops when the spread happens to look small,
// so that interval covers the mean only about 90-92% of the time (optional
// stopping; tests/calibration_test.cpp shows it). Stein's two-stage procedure
// (Stein 1945) keeps 95%: the first pilot_runs samples' standard deviation
// s0 alone sets the interval's width, mean ± t(0.975, pilot - 1) s0 / sqrt(n),
// and sampling goes on until that width is within the target. The number
// of samples then depends on the pilot's spread only, which is independent
// of the mean of normal samples, so the interval is exact for them (and
// within a point of it for the skewed noise the test simulates).
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "core/hypothesis.h"

namespace membench {

// The rule for one point: its target and its pilot (at least two samples).
class PrecisionRule {
 public:
  PrecisionRule(double target_pct, std::size_t pilot_runs);

  // Of all the rates (in the order taken), the first pilot_runs of them the
  // pilot; nullopt with fewer rates than that.
  std::optional<Interval> Interval95(std::span<const double> rates) const;

  // Whether Interval95 is within ±target_pct of the mean: the point needs
  // no more samples.
  bool Reached(std::span<const double> rates) const;

  std::size_t pilot_runs() const { return pilot_runs_; }

 private:
  double target_pct_;
  std::size_t pilot_runs_;
  double t_;  // t(0.975, pilot_runs - 1), once: the runner asks after every sample
};

}  // namespace membench
