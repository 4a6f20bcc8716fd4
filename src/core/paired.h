// File: core/paired.h
// In-run comparisons of interleaved points. Round k of an interleaved run
// took one sample of every point under the same machine state, so for two
// points that differ in one parameter the per-round ratios B/A are paired:
// their median, with a distribution-free confidence interval from sign-test
// order statistics, and the confidence corrected (Bonferroni) for the
// number of comparisons made in the run. Only points of one work unit are
// paired: a parameter whose values change the unit (zeropage's mode:
// bytes compared, or touches) is no treatment, as touches/s over bytes/s
// is no ratio of anything.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/hypothesis.h"
#include "core/result.h"

namespace membench {

// CI of the median of `values` at confidence 1 - alpha: [x(k), x(n-k+1)]
// for the largest k with 2 P(Bin(n, 1/2) <= k - 1) <= alpha; none when n is
// too small for that confidence.
std::optional<Interval> MedianInterval(std::span<const double> values, double alpha);

struct PairedRatio {
  std::size_t a = 0;  // indices into the measurements
  std::size_t b = 0;
  std::string param;  // the one parameter they differ in
  std::size_t rounds = 0;
  double median_ratio = 0;  // of the per-round rates, B/A
  double confidence_pct = 95;
  std::optional<Interval> ci;
  bool too_few_rounds = false;  // no interval at this confidence: the verdict says how many are needed
  std::string verdict;
  Finding finding = Finding::kInconclusive;
};

// The choice parameters (impl, pages, mode...) whose value varies over the
// points, in the points' parameter order.
std::vector<std::string> VaryingChoiceParams(const std::vector<Point>& points);

// The points' work units, one per point, where the caller knows them
// before measuring (WorkloadInfo::UnitOf); empty: all one unit.
using PointUnits = std::vector<WorkUnit>;

// The measurements' points, and their work units, in order.
std::vector<Point> PointsOf(const std::vector<Measurement>& measurements);
PointUnits UnitsOf(const std::vector<Measurement>& measurements);

// The varying choice parameters whose values change the work unit: two
// points that differ in it alone measure different units.
std::vector<std::string> UnitChangingParams(const std::vector<Point>& points, const PointUnits& units);

// The parameter compared: `paired_by` when given (--paired-by, an
// experiment file's treatment), else the first choice parameter whose
// value varies and keeps the unit; sizes are the conditions a treatment is
// compared under, not treatments. "" if none.
std::string TreatmentParam(const std::vector<Measurement>& measurements, const std::string& paired_by = "");
std::string TreatmentParam(const std::vector<Point>& points, const std::string& paired_by = "",
                           const PointUnits& units = {});

// The pairs (a, b) of points PairedRatios compares: b equal to a except for
// the treatment, a with the baseline's (the first point's) value of it,
// both of one unit.
std::vector<std::pair<std::size_t, std::size_t>> PairedPoints(const std::vector<Point>& points,
                                                              const std::string& paired_by = "",
                                                              const PointUnits& units = {});

// Why the measurements have no paired ratios although choice parameters
// vary, where the reason is their units: "mode changes the work unit
// (memcmp: bytes, stride: touches) and nothing else varies". "" otherwise.
std::string CrossUnitReason(const std::vector<Measurement>& measurements, const std::string& paired_by = "");

// The rounds the sign test needs for any interval at the Bonferroni-corrected
// confidence of `comparisons` paired comparisons (6 for one, 9 for seven).
std::size_t RoundsNeeded(std::size_t comparisons);

// Throws Error unless `param` is a parameter of the points taking two or
// more values of one unit: a pairing along it would compare nothing, or
// rates of different units.
void CheckPairedBy(const std::vector<Point>& points, const std::string& param, const PointUnits& units = {});

// The smallest change in percent a paired ratio calls faster or slower.
inline constexpr double kPairedThresholdPct = 1.0;

// Every point paired with the point equal to it except for the treatment
// parameter, which has the value of the first measurement (the baseline).
std::vector<PairedRatio> PairedRatios(const std::vector<Measurement>& measurements, const std::string& paired_by = "",
                                      double threshold_pct = kPairedThresholdPct);

}  // namespace membench
