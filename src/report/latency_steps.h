// File: report/latency_steps.h
// Where time per unit steps up as a working set grows: the knees of a
// lat_mem_rd curve, to set against the cache sizes the machine reports (in
// VMs those can be wrong: CPUID here claims a 508 MiB L3, so the measured
// knees are the better evidence). Pure: tested with synthetic curves.
#pragma once

#include <cstdint>
#include <vector>

namespace membench {

struct LatencyPoint {
  std::uint64_t size_bytes = 0;
  double ns_per_unit = 0;
};

struct LatencyStep {
  std::uint64_t from_bytes = 0;
  std::uint64_t to_bytes = 0;
  double ratio = 0;  // ns at to / ns at from
};

// A step is a rise by at least this factor between neighbouring sizes
// (points sorted by size, equal sizes not expected).
inline constexpr double kLatencyStepRatio = 1.5;

std::vector<LatencyStep> FindLatencySteps(std::vector<LatencyPoint> curve);

}  // namespace membench
