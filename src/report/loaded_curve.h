// File: report/loaded_curve.h
// The loaded-latency curve from `loaded` points that differ in their
// injection delay: per delay, the bandwidth the load workers achieved and
// the latency of a dependent load meanwhile, as MLC's --loaded_latency
// table shows them; and the curve's knee, where latency starts to climb
// steeply with bandwidth. The knee is the Kneedle point (Satopää et al.,
// 2011): with bandwidth and latency each scaled to 0..1, the point farthest
// below the chord from the lowest-bandwidth point to the highest, once
// latency rises by at least kKneeMinRise over the curve; else there is
// none to mark. Pure: tested with synthetic figures.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/measurement_stats.h"
#include "core/result.h"

namespace membench {

// A latency rise smaller than this over the whole curve has no knee.
inline constexpr double kKneeMinRise = 0.10;
// Nor has a curve no point of which lies this far below the chord (in the
// 0..1 scaling): a straight rise is not bent by rounding.
inline constexpr double kKneeMinBelowChord = 0.05;

struct LoadedCurvePoint {
  std::string delay;  // "0", "500", "idle"
  Summary requested_bytes_per_s;
  Summary memory_bytes_per_s;  // estimated
  double latency_ns = 0;       // 1e9 / mean rate
  double latency_low_ns = 0;   // from the rate's 95% CI
  std::optional<double> latency_high_ns;  // nullopt: the rate's CI reaches 0
  double latency_rel_sem_pct = 0;
};

struct LoadedCurve {
  std::string conditions;  // the other parameters that vary: "traffic=1:1"
  std::vector<LoadedCurvePoint> points;  // delays ascending, idle last
  std::optional<std::size_t> knee;       // index into points
  std::string no_knee_because;
  std::optional<double> idle_latency_ns;
};

struct Knee {
  std::optional<std::size_t> index;  // into the pairs given
  std::string none_because;          // why there is none
};

// The knee of a curve given as (bandwidth, latency) pairs in any order;
// none for fewer than 3 points, no spread in bandwidth, a rise in latency
// below kKneeMinRise, or a rise no steeper at high bandwidth than at low.
Knee FindKnee(const std::vector<double>& bandwidth, const std::vector<double>& latency);

// One curve per group of points that share everything but the delay and
// have at least two delays; none when no measurement has a delay and the
// load traffic side counts.
std::vector<LoadedCurve> LoadedCurves(const std::vector<Measurement>& measurements,
                                      const std::vector<MeasurementStats>& stats);

}  // namespace membench
