// File: core/runs_decision.cpp
#include "core/runs_decision.h"

#include <cmath>

#include "core/stats.h"

namespace membench {

RunsDecision DecideOnRunLogs(std::span<const double> log_a, std::span<const double> log_b, double threshold_pct) {
  RunsDecision d;
  if (log_a.size() < 2 || log_b.size() < 2) return d;
  d.welch = WelchTTest(log_a, log_b);
  d.change_pct = 100 * std::expm1(Summarize(log_b).mean - Summarize(log_a).mean);
  d.significant = d.welch.p_value < kAlpha && std::fabs(d.change_pct) >= threshold_pct;
  return d;
}

}  // namespace membench
