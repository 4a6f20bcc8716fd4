// File: tests/boot_design_test.cpp
// experiment plan's designs, checked by simulation on nested noise (a
// level per boot, a spread per run): the design found gives the power it
// promises under compare's own rule, an A/A is rarely called changed, and
// the noise split back out of runs grouped by boot is the noise put in.
#include "core/boot_design.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/runs_decision.h"

namespace membench {
namespace {

#if defined(MEMBENCH_SANITIZED) || defined(MEMBENCH_EMULATED)
constexpr int kTrials = 300;
#else
constexpr int kTrials = 3000;
#endif

double LogSigma(double cv_pct) { return std::sqrt(std::log1p((cv_pct / 100) * (cv_pct / 100))); }

// One side's boots' estimates (their runs' mean logs), B scaled by `scale`.
std::vector<double> BootLogs(std::mt19937_64& random, const NestedNoise& noise, const BootDesign& design,
                             double scale) {
  std::normal_distribution<double> between(0, LogSigma(noise.between_cv_pct));
  std::normal_distribution<double> within(0, LogSigma(noise.within_cv_pct));
  std::vector<double> logs;
  for (int boot = 0; boot < design.boots_a_kernel; ++boot) {
    const double level = between(random);
    double sum = 0;
    for (int run = 0; run < design.runs_a_boot; ++run) sum += std::log(scale) + level + within(random);
    logs.push_back(sum / design.runs_a_boot);
  }
  return logs;
}

// The share of trials compare calls a rise of B (a change when effect 0).
double Found(const NestedNoise& noise, const BootDesign& design, double effect_pct, double threshold_pct) {
  std::mt19937_64 random(20261207);
  int found = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const std::vector<double> a = BootLogs(random, noise, design, 1.0);
    const std::vector<double> b = BootLogs(random, noise, design, 1 + effect_pct / 100);
    const RunsDecision decision = DecideOnRunLogs(a, b, threshold_pct);
    if (decision.significant && (effect_pct == 0 || decision.change_pct > 0)) ++found;
  }
  return static_cast<double>(found) / kTrials;
}

TEST(BootDesign, TheDesignFindsTheEffectFourTimesInFiveAndAnAaRarely) {
  const DesignCost cost{180, 60};
  for (const NestedNoise noise : {NestedNoise{2.0, 1.0}, NestedNoise{5.0, 0.5}, NestedNoise{1.0, 3.0}}) {
    const auto design = CheapestDesign(noise, 3.0, 1.0, cost);
    ASSERT_TRUE(design) << noise.within_cv_pct << " " << noise.between_cv_pct;
    EXPECT_GE(design->boots_a_kernel, 2);
    const double power = Found(noise, *design, 3.0, 1.0);
    EXPECT_GE(power, 0.75) << design->runs_a_boot << " runs x " << design->boots_a_kernel << " boots";
    EXPECT_LE(power, 0.95) << "more boots than needed: " << design->boots_a_kernel;
    EXPECT_LE(Found(noise, *design, 0.0, 1.0), 0.07);
  }
}

TEST(BootDesign, CostDecidesRunsABootAndTinyEffectsHaveNoPracticalDesign) {
  const NestedNoise noise{4.0, 0.5};
  const auto cheap_boots = CheapestDesign(noise, 3.0, 1.0, DesignCost{1, 600});
  const auto dear_boots = CheapestDesign(noise, 3.0, 1.0, DesignCost{3600, 10});
  ASSERT_TRUE(cheap_boots && dear_boots);
  EXPECT_LT(cheap_boots->runs_a_boot, dear_boots->runs_a_boot);
  EXPECT_DOUBLE_EQ(dear_boots->wall_seconds,
                   2.0 * dear_boots->boots_a_kernel * (3600 + 10.0 * dear_boots->runs_a_boot));
  // Between-boot noise that runs cannot average away: 0.5% against 5% a boot.
  EXPECT_FALSE(CheapestDesign(NestedNoise{1.0, 5.0}, 1.5, 1.0, DesignCost{180, 60}));
  // A change at the threshold is found half the time at best.
  EXPECT_FALSE(CheapestDesign(NestedNoise{1.0, 0.1}, 1.0, 1.0, DesignCost{180, 60}));
  EXPECT_NEAR(BootCvPct(NestedNoise{4.0, 0.0}, 4), 2.0, 0.01);
}

TEST(BootDesign, TheNoiseOfRunsGroupedByBootIsSplitBack) {
  std::mt19937_64 random(7);
  std::normal_distribution<double> between(0, LogSigma(2.0));
  std::normal_distribution<double> within(0, LogSigma(1.0));
  std::vector<std::vector<double>> boots;
  for (int boot = 0; boot < 400; ++boot) {
    const double level = between(random);
    std::vector<double> runs;
    for (int run = 0; run < 2 + boot % 4; ++run) runs.push_back(1e9 * std::exp(level + within(random)));
    boots.push_back(runs);
  }
  const auto noise = NoiseOfBoots(boots);
  ASSERT_TRUE(noise);
  EXPECT_NEAR(noise->within_cv_pct, 1.0, 0.1);
  EXPECT_NEAR(noise->between_cv_pct, 2.0, 0.2);
  EXPECT_FALSE(NoiseOfBoots({{1.0, 2.0}}));           // one boot
  EXPECT_FALSE(NoiseOfBoots({{1.0}, {2.0}, {3.0}}));  // no boot of two runs
}

}  // namespace
}  // namespace membench
