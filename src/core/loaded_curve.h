// File: core/loaded_curve.h
// The loaded-latency curve from `loaded` points that differ in their
// injection delay: per delay, the bandwidth the load workers achieved and
// the latency of a dependent load meanwhile, as MLC's --loaded_latency
// table shows them; and the curve's knee, where latency starts to climb
// steeply with bandwidth. A knee is marked only where the latency at the
// highest bandwidth is above the latency at the lowest by more than both
// 95% intervals and by kKneeMinRise; the latencies are then fitted
// non-decreasing in bandwidth (isotonic regression: a dip is noise, not a
// knee), and the knee is the Kneedle point (Satopaa et al., 2011) of the
// fit: with both axes scaled to 0..1, the point farthest below the chord
// from the lowest-bandwidth point to the highest. Pure: tested with
// synthetic figures.
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
  Summary memory_bytes_per_s;             // estimated
  double latency_ns = 0;                  // 1e9 / mean rate
  double latency_low_ns = 0;              // from the rate's 95% CI
  std::optional<double> latency_high_ns;  // nullopt: the rate's CI reaches 0
  double latency_rel_sem_pct = 0;
};

struct LoadedCurve {
  std::string conditions;                // the other parameters that vary: "traffic=1:1"
  std::vector<LoadedCurvePoint> points;  // delays ascending, idle last
  std::optional<std::size_t> knee;       // index into points
  std::string no_knee_because;
  std::optional<double> idle_latency_ns;
};

struct KneePoint {
  double bandwidth = 0;
  double latency = 0;
  double latency_low = 0;  // the 95% interval
  double latency_high = 0;
};

struct Knee {
  std::optional<std::size_t> index;  // into the points given
  std::string none_because;          // why there is none
};

// The knee of a curve given in any order; none for fewer than 3 points,
// no spread in bandwidth, a rise in latency inside the noise or below
// kKneeMinRise, or a rise no steeper at high bandwidth than at low.
Knee FindKnee(const std::vector<KneePoint>& points);

// The least-squares fit of `values` that never decreases (pool adjacent
// violators), in their order.
std::vector<double> NonDecreasingFit(const std::vector<double>& values);

// One curve per group of points that share everything but the delay and
// have at least two delays; none when no measurement has a delay and the
// load traffic side counts.
std::vector<LoadedCurve> LoadedCurves(const std::vector<Measurement>& measurements,
                                      const std::vector<MeasurementStats>& stats);

}  // namespace membench
