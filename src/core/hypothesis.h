// File: core/hypothesis.h
// Is B different from A? Two samples of one figure (a rate, a time, a
// count) from separate runs, compared as unpaired samples: the
// Mann-Whitney U test decides (distribution-free: benchmark noise is
// skewed), Welch's t-test (unequal variances) is reported beside it, with
// the 95% confidence interval of the ratio of means B/A; the verdict says
// "faster" or "slower" only when the difference is both significant and at
// least the threshold that matters, and "inconclusive" when a side has too
// few samples for the rank test to ever reach significance. Distributions
// come from Boost.Math.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/stats.h"

namespace membench {

// Which direction is better for the figure, and so the verdict's words:
// rates higher ("faster (better)"), times lower ("slower (worse)" when
// up), event counts per unit of work lower ("higher (worse)": more events
// for the same work); the kernel's accounting neither way ("higher",
// "lower": more thp_fault_alloc can be the point of a change, more
// compact_stall its cost, and which is for the reader to say).
enum class Better { kHigher, kLower, kFewer, kNeither };

// What a verdict found, set together with its words: whatever marks a
// verdict beside them (a terminal's colour, a chart's dot) reads this,
// never the words, so rewording a verdict cannot recolour it.
// kInvocationsDiffer: an A/A pair, where no change was made, differed.
// kChanged: a figure with no better side (Better::kNeither) changed.
enum class Finding { kBetter, kWorse, kNoChange, kInconclusive, kInvocationsDiffer, kChanged };

struct TestResult {
  double statistic = 0;
  double p_value = 1;
};

// Two-sided; both samples need n >= 2.
TestResult WelchTTest(std::span<const double> a, std::span<const double> b);
// Two-sided: exact for small samples without ties (n1 * n2 up to
// kExactMannWhitneyMaxProduct), else the normal approximation with tie and
// continuity corrections.
TestResult MannWhitneyU(std::span<const double> a, std::span<const double> b);
inline constexpr double kExactMannWhitneyMaxProduct = 900;

// The largest U (of either side) at which MannWhitneyU gives p < kAlpha for
// samples of n_a and n_b without ties: the test rejects when min(U,
// n_a n_b - U) is at most this. nullopt when no U does.
std::optional<std::size_t> MannWhitneyCriticalU(std::size_t n_a, std::size_t n_b);

struct Interval {
  double low = 0;
  double high = 0;
};

// 95% CI of mean(b) / mean(a): delta method on the log of the ratio, with
// Welch-Satterthwaite degrees of freedom of the log-scale variances. Needs
// n >= 2 on both sides and positive means.
std::optional<Interval> RatioInterval95(std::span<const double> a, std::span<const double> b);

// How a side's runs varied: within each run (sample to sample, pooled
// over the runs) and between them (the runs' means, beyond what the
// within-run variation explains).
struct RunVariation {
  std::size_t runs = 0;
  double within_cv_pct = 0;
  double between_cv_pct = 0;
};

// The variation of runs, each its samples (empty runs left out).
RunVariation VariationOfRuns(const std::vector<std::vector<double>>& runs);

struct Comparison {
  // Of the samples; with runs as the unit, of the runs' values (n = runs).
  // For rates and times `mean` is the geometric mean, and ci95_low/high
  // its interval: they are compared on the log scale (Compare).
  Summary a;
  Summary b;
  double change_pct = 0;  // 100 * (mean b - mean a) / mean a
  std::optional<TestResult> welch;
  std::optional<TestResult> mann_whitney;
  std::optional<Interval> ratio_ci95;
  bool significant = false;  // the deciding test's p < alpha and |change| >= threshold
  // "faster (better)", "slower (worse)", "higher (worse)", "lower (better)",
  // "no significant change", "inconclusive: ..."
  std::string verdict;
  Finding finding = Finding::kInconclusive;
  // Set when the runs were the unit (CompareRuns): Welch's t-test on the
  // runs' means decided.
  std::optional<RunVariation> a_runs;
  std::optional<RunVariation> b_runs;
};

inline constexpr double kAlpha = 0.05;

// The p-value of the test that decided: Welch's on the runs' means where
// the runs were the unit, else Mann-Whitney's; nullopt when none ran.
std::optional<double> DecidingPValue(const Comparison& c);

// Holm's step-down over a family of p-values: which stay significant at
// kAlpha with the family-wise error rate held at kAlpha.
std::vector<bool> HolmSignificant(const std::vector<double>& p_values);

// Why Compare gives no verdict for n_a and n_b samples whatever they hold
// ("one sample has no variance", "3 and 3 samples are too few for a
// verdict"); nullopt when it can give one.
std::optional<std::string> WhyCompareCannotDecide(std::size_t n_a, std::size_t n_b);

// Samples of one run a side: the Mann-Whitney U test decides. Rates
// (kHigher) and times (kLower) are compared on the log scale: the change is
// the ratio of the geometric means, Welch's test and the interval of B/A
// are those of the logs, and the threshold applies to the log ratio. A
// rate is work over a time, so the rate and the time of one point get
// mirrored figures and one verdict. Counts (kFewer) are compared as they
// are (they may be zero).
Comparison Compare(std::span<const double> a, std::span<const double> b, Better better, double threshold_pct);

// Several runs a side, each its samples: the run is the unit. Invocations
// of one command differ more than the samples inside one (placement,
// frequency, the host), so the verdict is Welch's t-test on the runs'
// values, which carries both variations; the samples only make each value
// precise. A run's rate is its work over its time (the harmonic mean of
// its samples' rates), the mirror of its time per loop (their mean); both
// are compared on the log scale, as in Compare. Needs two runs with
// samples on each side, else inconclusive.
Comparison CompareRuns(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b,
                       Better better, double threshold_pct);

}  // namespace membench
