// File: core/noise_floor.cpp
#include "core/noise_floor.h"

#include <cmath>

#include "core/hypothesis.h"
#include "core/stats.h"

namespace membench {

double FloorOfRunCv(double run_cv_pct) { return 1.96 * std::sqrt(2.0) * run_cv_pct; }

double RunCvOfFloor(double floor_pct) { return floor_pct / (1.96 * std::sqrt(2.0)); }

NoiseFloor FloorOfRuns(const std::vector<std::vector<double>>& runs) {
  std::vector<double> means;
  for (const auto& run : runs) {
    if (!run.empty()) means.push_back(Summarize(run).mean);
  }
  NoiseFloor floor;
  floor.invocations = means.size();
  if (means.size() < 2) return floor;
  const Summary of_means = Summarize(means);
  floor.run_cv_pct = of_means.cv_pct;
  floor.within_cv_pct = VariationOfRuns(runs).within_cv_pct;
  floor.floor_pct = FloorOfRunCv(floor.run_cv_pct);
  return floor;
}

}  // namespace membench
