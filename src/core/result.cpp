// File: core/result.cpp
#include "core/result.h"

namespace membench {

std::optional<double> RatePerSecond(const Sample& sample) {
  if (sample.wall_ns <= 0) return std::nullopt;
  return static_cast<double>(sample.work) / (static_cast<double>(sample.wall_ns) * 1e-9);
}

}  // namespace membench
