// File: bench/plan_power.cpp
// Whether experiment plan's design finds what it promises on real runs
// (issue 55): one pool of real runs of a workload or a program, taken in
// one boot; the plan's design for them (core/boot_design.h) at a stated
// between-boot CV; then trials of that design drawn from the pool. A trial
// draws, for each kernel, its boots: each boot a level shifted by the
// between-boot CV (log-normal: this machine cannot reboot, so the boots
// are drawn as the plan models them) and its runs drawn from the pool with
// replacement; side B's figures are scaled by the effect. Compare's rule
// decides each trial (DecideOnRunLogs on the boots' mean logs). Printed:
// the pool's run-to-run CV, the design, the share of trials that found
// the effect (the promise is 80%) and the share of A/A trials (no effect)
// called changed.
//   usage: plan_power EFFECT_PCT THRESHOLD_PCT BETWEEN_CV_PCT TRIALS RESULT.json...
// Built on request: cmake --build build --target plan_power.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/boot_design.h"
#include "core/runs_decision.h"
#include "engine/os.h"
#include "report/loaded_result.h"

namespace membench {
namespace {

// Each run's estimate (its rates' geometric mean), of every file's first
// measurement, as a log relative to the pool's mean log.
std::vector<double> PoolLogs(const std::vector<std::string>& paths) {
  std::vector<RunResult> results;
  for (const std::string& path : paths) {
    for (RunResult& r : os::LoadResults(path)) results.push_back(std::move(r));
  }
  const LoadedResult figures = FiguresOf(results, "pool");
  std::vector<double> logs;
  for (const auto& run : figures.measurements.at(0).rate) {
    if (run.empty()) continue;
    double sum = 0;
    for (const double rate : run) sum += std::log(rate);
    logs.push_back(sum / static_cast<double>(run.size()));
  }
  double mean = 0;
  for (const double x : logs) mean += x / static_cast<double>(logs.size());
  for (double& x : logs) x -= mean;
  return logs;
}

std::vector<double> BootLogs(std::mt19937_64& random, const std::vector<double>& pool, const BootDesign& design,
                             double between_cv_pct, double log_scale) {
  std::normal_distribution<double> between(0, std::sqrt(std::log1p(std::pow(between_cv_pct / 100, 2))));
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::vector<double> boots;
  for (int boot = 0; boot < design.boots_a_kernel; ++boot) {
    const double level = between(random);
    double sum = 0;
    for (int run = 0; run < design.runs_a_boot; ++run) sum += pool[pick(random)];
    boots.push_back(log_scale + level + sum / design.runs_a_boot);
  }
  return boots;
}

}  // namespace
}  // namespace membench

int main(int argc, char** argv) {
  using namespace membench;
  if (argc < 6) {
    std::fprintf(stderr, "usage: plan_power EFFECT_PCT THRESHOLD_PCT BETWEEN_CV_PCT TRIALS RESULT.json...\n");
    return 2;
  }
  const double effect = std::atof(argv[1]);
  const double threshold = std::atof(argv[2]);
  const double between = std::atof(argv[3]);
  const int trials = std::atoi(argv[4]);
  std::vector<double> pool;
  try {
    pool = PoolLogs(std::vector<std::string>(argv + 5, argv + argc));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plan_power: %s\n", e.what());
    return 2;
  }
  if (pool.size() < 2 || trials < 1) {
    std::fprintf(stderr, "plan_power: a pool needs two runs or more, and TRIALS one or more\n");
    return 2;
  }
  std::vector<double> estimates;
  for (const double log : pool) estimates.push_back(std::exp(log));
  const double within = RunToRunCvPct(estimates).value_or(0);
  const auto design = CheapestDesign(NestedNoise{within, between}, effect, threshold, DesignCost{180, 60});
  std::printf(
      "pool: %zu runs, run-to-run CV %.2f%%; effect %+.1f%%, threshold %.1f%%, between-boot CV %.2f%% "
      "(assumed)\n",
      pool.size(), within, effect, threshold, between);
  if (!design) {
    std::printf("no practical design\n");
    return 0;
  }
  std::mt19937_64 random(20261207);
  int found = 0, aa_changed = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const auto a = BootLogs(random, pool, *design, between, 0);
    const auto b = BootLogs(random, pool, *design, between, std::log1p(effect / 100));
    const RunsDecision decision = DecideOnRunLogs(a, b, threshold);
    if (decision.significant && (decision.change_pct > 0) == (effect > 0)) ++found;
    const auto a2 = BootLogs(random, pool, *design, between, 0);
    const auto b2 = BootLogs(random, pool, *design, between, 0);
    if (DecideOnRunLogs(a2, b2, threshold).significant) ++aa_changed;
  }
  std::printf("design: %d runs a boot, %d boots a kernel (a boot's CV %.2f%%)\n", design->runs_a_boot,
              design->boots_a_kernel, design->boot_cv_pct);
  std::printf("trials %d: effect found in %.1f%% (promised 80%%), A/A called changed in %.1f%%\n", trials,
              100.0 * found / trials, 100.0 * aa_changed / trials);
  return 0;
}
