// File: core/runs_decision.cpp
#include "core/runs_decision.h"

#include <cmath>

#include "core/stats.h"

namespace membench {

bool ChangeReachesThreshold(double change_pct, double threshold_pct) {
  // The relative tolerance keeps a change of exactly the threshold (1% up,
  // then back through log and exp) at it.
  return std::fabs(std::log1p(change_pct / 100)) >= std::log1p(threshold_pct / 100) * (1 - 1e-12);
}

RunsDecision DecideOnRunLogs(std::span<const double> log_a, std::span<const double> log_b, double threshold_pct) {
  RunsDecision d;
  if (log_a.size() < 2 || log_b.size() < 2) return d;
  d.welch = WelchTTest(log_a, log_b);
  d.change_pct = 100 * std::expm1(Summarize(log_b).mean - Summarize(log_a).mean);
  d.significant = d.welch.p_value < kAlpha && ChangeReachesThreshold(d.change_pct, threshold_pct);
  return d;
}

}  // namespace membench
