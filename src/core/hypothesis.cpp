// File: core/hypothesis.cpp
#include "core/hypothesis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/distributions.h"
#include "core/runs_decision.h"

namespace membench {
namespace {

double Variance(const Summary& s) { return s.stddev * s.stddev; }

// Welch-Satterthwaite degrees of freedom of a sum of two variance
// components va and vb, estimated from n_a and n_b values.
double SatterthwaiteDf(double va, std::size_t n_a, double vb, std::size_t n_b) {
  const double denominator = va * va / static_cast<double>(n_a - 1) + vb * vb / static_cast<double>(n_b - 1);
  return denominator > 0 ? (va + vb) * (va + vb) / denominator : static_cast<double>(n_a + n_b - 2);
}

// For the difference of the means.
double WelchDf(const Summary& a, const Summary& b) {
  return SatterthwaiteDf(Variance(a) / static_cast<double>(a.n), a.n, Variance(b) / static_cast<double>(b.n), b.n);
}

// The verdict of a significant change of the figure: its words and finding.
void SayDirection(bool up, Better better, Comparison& c) {
  if (better == Better::kNeither) {
    c.finding = Finding::kChanged;
    c.verdict = up ? "higher" : "lower";
    return;
  }
  const bool improved = better == Better::kHigher ? up : !up;
  c.finding = improved ? Finding::kBetter : Finding::kWorse;
  switch (better) {
    case Better::kHigher:
    case Better::kLower:
      c.verdict = improved ? "faster (better)" : "slower (worse)";
      return;
    case Better::kFewer:
    case Better::kNeither:
      break;
  }
  c.verdict = up ? "higher (worse)" : "lower (better)";
}

RunVariation VariationOf(const std::vector<std::vector<double>>& runs, const Summary& of_means) {
  RunVariation v;
  v.runs = of_means.n;
  double within_sum = 0;
  double within_df = 0;
  double samples = 0;
  for (const auto& run : runs) {
    if (run.empty()) continue;
    const Summary s = Summarize(run);
    samples += static_cast<double>(s.n);
    if (s.n < 2) continue;
    within_sum += static_cast<double>(s.n - 1) * Variance(s);
    within_df += static_cast<double>(s.n - 1);
  }
  if (of_means.mean == 0 || v.runs == 0) return v;
  const double within = within_df > 0 ? within_sum / within_df : 0;
  v.within_cv_pct = 100 * std::sqrt(within) / std::fabs(of_means.mean);
  // The spread of run means holds within/n of sample noise; what is left
  // is the runs' own variation (one-way random-effects estimate, >= 0).
  const double per_run = samples / static_cast<double>(v.runs);
  const double between = std::max(0.0, Variance(of_means) - (per_run > 0 ? within / per_run : 0));
  v.between_cv_pct = 100 * std::sqrt(between) / std::fabs(of_means.mean);
  return v;
}

// P(U <= u) under H0 for samples of m and n without ties. The counts of
// orderings with U = k are the coefficients of the Gaussian binomial
// [m + n choose m](q) = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), built one
// factor at a time: each partial product is itself a Gaussian binomial, so
// the counts stay non-negative. O(m * m n), fast enough for the power and
// calibration simulations that call the test thousands of times.
double ExactLowerTail(std::size_t m, std::size_t n, double u) {
  const std::size_t max_u = m * n;
  std::vector<double> counts(max_u + 1, 0);
  counts[0] = 1;
  for (std::size_t i = 1; i <= m; ++i) {
    // Times (1 - q^(n+i)), then divided by (1 - q^i), degree i * n now.
    for (std::size_t k = i * n; k >= n + i; --k) counts[k] -= counts[k - n - i];
    for (std::size_t k = i; k <= i * n; ++k) counts[k] += counts[k - i];
  }
  double below = 0, total = 0;
  for (std::size_t k = 0; k <= max_u; ++k) {
    total += counts[k];
    if (static_cast<double>(k) <= u + 1e-9) below += counts[k];
  }
  return below / total;
}

// The two-sided p-value of U for samples of n1 and n2: exact for small
// samples without ties, else the normal approximation with the tie
// correction (tie_term: the sum of t^3 - t over groups of t tied values,
// 0 without ties) and the continuity correction.
double MannWhitneyPValue(std::size_t n1, std::size_t n2, double u, double tie_term) {
  const double m = static_cast<double>(n1);
  const double n = static_cast<double>(n2);
  // Small samples without ties: the exact distribution. The normal
  // approximation is poor there, and never reaches p < 0.05 for some sizes
  // (2 against 8) that the exact test can decide.
  if (m * n <= kExactMannWhitneyMaxProduct && tie_term == 0) {
    return std::min(1.0, 2 * ExactLowerTail(n1, n2, std::min(u, m * n - u)));
  }
  const double total = m + n;
  const double variance = m * n / 12 * ((total + 1) - tie_term / (total * (total - 1)));
  if (variance <= 0) return 1.0;
  const double distance = std::max(0.0, std::fabs(u - m * n / 2) - 0.5);
  const double z = distance / std::sqrt(variance);
  const Normal normal;
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, z)));
}

}  // namespace

RunVariation VariationOfRuns(const std::vector<std::vector<double>>& runs) {
  std::vector<double> means;
  for (const auto& run : runs) {
    if (!run.empty()) means.push_back(Summarize(run).mean);
  }
  return VariationOf(runs, Summarize(means));
}

TestResult WelchTTest(std::span<const double> a, std::span<const double> b) {
  const Summary sa = Summarize(a);
  const Summary sb = Summarize(b);
  const double se = std::sqrt(Variance(sa) / static_cast<double>(sa.n) + Variance(sb) / static_cast<double>(sb.n));
  if (se == 0) return {0, sa.mean == sb.mean ? 1.0 : 0.0};
  const double t = (sb.mean - sa.mean) / se;
  const StudentsT dist(WelchDf(sa, sb));
  return {t, 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)))};
}

TestResult MannWhitneyU(std::span<const double> a, std::span<const double> b) {
  struct Item {
    double value;
    bool from_a;
  };
  std::vector<Item> all;
  for (const double v : a) all.push_back({v, true});
  for (const double v : b) all.push_back({v, false});
  std::sort(all.begin(), all.end(), [](const Item& x, const Item& y) { return x.value < y.value; });
  const double n1 = static_cast<double>(a.size());
  double rank_sum_a = 0;
  double tie_term = 0;  // sum of t^3 - t over tie groups
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j].value == all[i].value) ++j;
    const double average_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k) {
      if (all[k].from_a) rank_sum_a += average_rank;
    }
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  const double u = rank_sum_a - n1 * (n1 + 1) / 2;
  return {u, MannWhitneyPValue(a.size(), b.size(), u, tie_term)};
}

std::optional<std::size_t> MannWhitneyCriticalU(std::size_t n_a, std::size_t n_b) {
  if (n_a == 0 || n_b == 0) return std::nullopt;
  auto p = [&](std::size_t u) { return MannWhitneyPValue(n_a, n_b, static_cast<double>(u), 0); };
  if (p(0) >= kAlpha) return std::nullopt;
  // p grows with U up to the middle, n_a n_b / 2: the last U below alpha.
  std::size_t low = 0, high = n_a * n_b / 2;
  while (low < high) {
    const std::size_t mid = (low + high + 1) / 2;
    if (p(mid) < kAlpha) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

std::optional<std::string> WhyCompareCannotDecide(std::size_t n_a, std::size_t n_b) {
  if (n_a < 2 || n_b < 2) return "one sample has no variance";
  // The smallest two-sided p-value the rank test can give is 2 / C(n_a + n_b, n_a):
  // with 3 samples a side it is 0.1, so no verdict can be honest.
  double combinations = 1;
  for (std::size_t i = 1; i <= n_a; ++i) {
    combinations = combinations * static_cast<double>(n_b + i) / static_cast<double>(i);
  }
  if (2 / combinations > kAlpha) return fmt::format("{} and {} samples are too few for a verdict", n_a, n_b);
  return std::nullopt;
}

std::optional<Interval> RatioInterval95(std::span<const double> a, std::span<const double> b) {
  const Summary sa = Summarize(a);
  const Summary sb = Summarize(b);
  if (sa.n < 2 || sb.n < 2 || sa.mean <= 0 || sb.mean <= 0) return std::nullopt;
  const double ratio = sb.mean / sa.mean;
  // The variance of each log mean (delta method); the degrees of freedom
  // come from these, the scale the interval is built on, not from the raw
  // variances (which would give the side with the larger mean more weight).
  const double va = Variance(sa) / (static_cast<double>(sa.n) * sa.mean * sa.mean);
  const double vb = Variance(sb) / (static_cast<double>(sb.n) * sb.mean * sb.mean);
  const double se_log = std::sqrt(va + vb);
  if (se_log == 0) return Interval{ratio, ratio};
  const StudentsT dist(SatterthwaiteDf(va, sa.n, vb, sb.n));
  const double t = boost::math::quantile(boost::math::complement(dist, kAlpha / 2));
  return Interval{ratio * std::exp(-t * se_log), ratio * std::exp(t * se_log)};
}

namespace {

// Rates and times are compared on the log scale. A rate is work over a
// time, so the log of a sample's rate is a constant less the log of its
// time per loop: on that scale their changes, tests and intervals are
// mirror images, and a rate and a time of one point can never point
// opposite ways (one quantity, one verdict). Counts, which may be zero,
// are compared as they are.
bool OnLogScale(Better better, std::span<const double> a, std::span<const double> b) {
  const auto positive = [](std::span<const double> v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return x > 0; });
  };
  return better != Better::kFewer && better != Better::kNeither && positive(a) && positive(b);
}

std::vector<double> Logs(std::span<const double> values) {
  std::vector<double> out;
  for (const double v : values) out.push_back(std::log(v));
  return out;
}

bool ReachesThreshold(double change_pct, double threshold_pct, bool log_scale) {
  return log_scale ? ChangeReachesThreshold(change_pct, threshold_pct) : std::fabs(change_pct) >= threshold_pct;
}

// The change, Welch's t-test and the 95% interval of B/A from values on the
// log scale: the ratio of the geometric means, and its interval on the
// scale it is built on. Needs two values a side for the test and interval.
void CompareLogs(const std::vector<double>& log_a, const std::vector<double>& log_b, Comparison& c) {
  const Summary la = Summarize(log_a);
  const Summary lb = Summarize(log_b);
  c.a.mean = std::exp(la.mean);
  c.b.mean = std::exp(lb.mean);
  // Each side's interval is its geometric mean's (the logs' interval, back
  // on the rate's scale), so a side's mean and its +- describe one thing.
  for (const auto& [side, logs] : {std::pair{&c.a, &la}, std::pair{&c.b, &lb}}) {
    if (logs->n < 2) continue;
    side->ci95_low = std::exp(logs->ci95_low);
    side->ci95_high = std::exp(logs->ci95_high);
  }
  const double difference = lb.mean - la.mean;
  c.change_pct = 100 * std::expm1(difference);
  if (la.n < 2 || lb.n < 2) return;
  c.welch = WelchTTest(log_a, log_b);
  const double se = std::sqrt(Variance(la) / static_cast<double>(la.n) + Variance(lb) / static_cast<double>(lb.n));
  if (se == 0) {
    c.ratio_ci95 = Interval{std::exp(difference), std::exp(difference)};
    return;
  }
  const StudentsT dist(WelchDf(la, lb));
  const double t = boost::math::quantile(boost::math::complement(dist, kAlpha / 2));
  c.ratio_ci95 = Interval{std::exp(difference - t * se), std::exp(difference + t * se)};
}

// A count's change in percent, its sign that of b - a (a level's change a
// loop, -100 to -50 free pages, can be negative); from none to some, an
// infinite one (as the kernel test robot's +Inf%): a count that appears is
// a change, not none.
double ChangeOfCounts(double a, double b) {
  if (a != 0) return 100.0 * (b - a) / std::fabs(a);
  if (b == 0) return 0;
  return std::copysign(std::numeric_limits<double>::infinity(), b);
}

// One run's value of a figure: its rate is its work over its time (the
// harmonic mean of its samples' rates, whose work per sample is equal),
// the mirror of its time per loop (their mean); a count, the mean.
double RunEstimate(const std::vector<double>& samples, Better better) {
  if (better == Better::kHigher) {
    if (const auto rate = HarmonicMean(samples)) return *rate;
  }
  return Summarize(samples).mean;
}

}  // namespace

Comparison Compare(std::span<const double> a, std::span<const double> b, Better better, double threshold_pct) {
  Comparison c;
  c.a = Summarize(a);
  c.b = Summarize(b);
  const bool log_scale = OnLogScale(better, a, b);
  if (log_scale) {
    CompareLogs(Logs(a), Logs(b), c);
  } else {
    c.change_pct = ChangeOfCounts(c.a.mean, c.b.mean);
    if (c.a.n >= 2 && c.b.n >= 2) {
      c.welch = WelchTTest(a, b);
      c.ratio_ci95 = RatioInterval95(a, b);
    }
  }
  if (c.a.n >= 2 && c.b.n >= 2) c.mann_whitney = MannWhitneyU(a, b);
  if (const auto why_not = WhyCompareCannotDecide(c.a.n, c.b.n)) {
    c.verdict = "inconclusive: " + *why_not;
    return c;
  }
  // Samples of separate runs are unpaired and rarely normal: the rank test
  // decides (the same for a rate and its time: their ranks are mirrored),
  // the t-test is the second opinion.
  c.significant = c.mann_whitney->p_value < kAlpha && ReachesThreshold(c.change_pct, threshold_pct, log_scale);
  if (!c.significant) {
    c.verdict = "no significant change";
    c.finding = Finding::kNoChange;
    return c;
  }
  SayDirection(c.change_pct > 0, better, c);
  if (c.welch->p_value >= kAlpha) c.verdict += " (Welch: not significant)";
  return c;
}

Comparison CompareRuns(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b,
                       Better better, double threshold_pct) {
  auto estimates = [better](const std::vector<std::vector<double>>& runs) {
    std::vector<double> out;
    for (const auto& run : runs) {
      if (!run.empty()) out.push_back(RunEstimate(run, better));
    }
    return out;
  };
  const std::vector<double> ea = estimates(a);
  const std::vector<double> eb = estimates(b);
  Comparison c;
  c.a = Summarize(ea);
  c.b = Summarize(eb);
  c.a_runs = VariationOf(a, c.a);
  c.b_runs = VariationOf(b, c.b);
  const bool log_scale = OnLogScale(better, ea, eb);
  if (log_scale) {
    CompareLogs(Logs(ea), Logs(eb), c);
  } else {
    c.change_pct = ChangeOfCounts(c.a.mean, c.b.mean);
  }
  if (c.a.n < 2 || c.b.n < 2) {
    c.verdict = fmt::format("inconclusive: {} and {} runs; the runs decide, and need two a side", c.a.n, c.b.n);
    return c;
  }
  if (!log_scale) {
    c.welch = WelchTTest(ea, eb);
    c.ratio_ci95 = RatioInterval95(ea, eb);
  }
  // On the log scale, the rule the power figures simulate (core/power.h).
  c.significant = log_scale ? DecideOnRunLogs(Logs(ea), Logs(eb), threshold_pct).significant
                            : c.welch->p_value < kAlpha && std::fabs(c.change_pct) >= threshold_pct;
  if (c.significant) {
    SayDirection(c.change_pct > 0, better, c);
  } else {
    c.verdict = "no significant change";
    c.finding = Finding::kNoChange;
  }
  return c;
}

std::optional<double> DecidingPValue(const Comparison& c) {
  const std::optional<TestResult>& test = c.a_runs ? c.welch : c.mann_whitney;
  if (!test) return std::nullopt;
  return test->p_value;
}

std::vector<bool> HolmSignificant(const std::vector<double>& p_values) {
  std::vector<std::size_t> order(p_values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p_values[x] < p_values[y]; });
  std::vector<bool> significant(p_values.size(), false);
  const double m = static_cast<double>(p_values.size());
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    if (p_values[order[rank]] >= kAlpha / (m - static_cast<double>(rank))) break;
    significant[order[rank]] = true;
  }
  return significant;
}

}  // namespace membench
