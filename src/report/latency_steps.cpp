// File: report/latency_steps.cpp
#include "report/latency_steps.h"

#include <algorithm>

namespace membench {

std::vector<LatencyStep> FindLatencySteps(std::vector<LatencyPoint> curve) {
  std::sort(curve.begin(), curve.end(),
            [](const LatencyPoint& a, const LatencyPoint& b) { return a.size_bytes < b.size_bytes; });
  std::vector<LatencyStep> steps;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const double before = curve[i - 1].ns_per_unit;
    if (before > 0 && curve[i].ns_per_unit >= before * kLatencyStepRatio) {
      steps.push_back({curve[i - 1].size_bytes, curve[i].size_bytes, curve[i].ns_per_unit / before});
    }
  }
  return steps;
}

}  // namespace membench
