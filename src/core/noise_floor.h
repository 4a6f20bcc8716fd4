// File: core/noise_floor.h
// This machine's noise floor for one kind of point: how much the mean rate
// of one invocation varies from invocation to invocation (placement, the
// host, frequency), measured by `doctor --noise` over several separate
// invocations. With one run a side, compare cannot see that variation, so
// it calls no change smaller than the floor: the change two invocations of
// the same command exceed only 5% of the time (1.96 x sqrt(2) x their CV,
// for normal run means).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace membench {

struct NoiseFloor {
  std::string kind;   // the workload
  std::string point;  // which point of it was measured, as text
  std::size_t invocations = 0;
  double run_cv_pct = 0;     // of the invocations' mean rates
  double within_cv_pct = 0;  // sample to sample inside one, pooled
  double floor_pct = 0;
  std::string measured_at;  // ISO 8601 UTC
};

// The run-to-run CV a kind is given until `doctor --noise` measures this
// machine's: about what it measured on our 2-vCPU cloud VMs (4.9% and 5.8%
// for memcpy on 2026-12-05, bench/RESULTS.md). A guess that errs towards
// "inconclusive" on a quiet machine, not towards a verdict on a drifting one.
inline constexpr double kAssumedRunCvPct = 5.0;

// The floor of a run-to-run CV: 1.96 x sqrt(2) x it.
double FloorOfRunCv(double run_cv_pct);

// The run-to-run CV a floor was made from (FloorOfRunCv's inverse).
double RunCvOfFloor(double floor_pct);

// runs: each invocation's sample rates (empty ones are left out).
NoiseFloor FloorOfRuns(const std::vector<std::vector<double>>& runs);

}  // namespace membench
