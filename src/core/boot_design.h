// File: core/boot_design.h
// A kernel A/B designed before anything runs: r runs in each boot, k boots
// a kernel, the kernels alternated A B A B, and the verdict compare's where
// the boot is the unit (Welch's t-test on the logs of the boots' estimates,
// p < kAlpha, and the change at least the threshold: core/runs_decision.h).
// A boot's estimate pools its r runs, so its log varies by
// between^2 + within^2 / r (nested noise): the boots a kernel are
// InvocationsNeeded's at that CV (core/power.h), and the design chosen is
// the cheapest in wall time, each boot costing its reboot and its runs.
#pragma once

#include <optional>
#include <vector>

namespace membench {

// Run-to-run CV within one boot, and the CV of a boot's level between
// boots, in percent (log-normal: what a boot or a run multiplies by).
struct NestedNoise {
  double within_cv_pct = 0;
  double between_cv_pct = 0;
};

struct DesignCost {
  double boot_seconds = 0;  // a reboot, to the first run
  double run_seconds = 0;   // one run of the experiment's run
};

struct BootDesign {
  int runs_a_boot = 0;
  int boots_a_kernel = 0;
  double boot_cv_pct = 0;   // of a boot's estimate: between and within / r together
  double wall_seconds = 0;  // both kernels: 2 x boots x (reboot + runs)
};

// More boots than this a kernel is no practical design.
inline constexpr int kMaxBootsAKernel = 30;
// The runs a boot tried: past a few, the boot's own level dominates.
inline constexpr int kRunsABootTried[] = {1, 2, 3, 5, 8, 12, 20};

// The CV of a boot's estimate when it pools r runs.
double BootCvPct(const NestedNoise& noise, int runs_a_boot);

// The design for runs_a_boot: the fewest boots a kernel that find a change
// of effect_pct (either sign) 4 times in 5; nullopt where more than
// kMaxBootsAKernel would be needed, or where |effect_pct| is at most the
// threshold (a change at the threshold is found half the time at best).
std::optional<BootDesign> DesignForRuns(const NestedNoise& noise, int runs_a_boot, double effect_pct,
                                        double threshold_pct, const DesignCost& cost);

// The cheapest design over kRunsABootTried; nullopt where none is practical.
std::optional<BootDesign> CheapestDesign(const NestedNoise& noise, double effect_pct, double threshold_pct,
                                         const DesignCost& cost);

// The CV of one boot's run estimates (rates or times, all positive), on
// the log scale as the designs model it; nullopt under two runs.
std::optional<double> RunToRunCvPct(const std::vector<double>& estimates);

// Within- and between-boot CVs from run estimates (rates or times, all
// positive) grouped by boot: a one-way analysis of variance of their logs,
// by the method of moments (the between-boot variance is what the boots'
// means vary by beyond what their runs explain, at least 0). nullopt with
// fewer than two boots or no boot of two runs.
std::optional<NestedNoise> NoiseOfBoots(const std::vector<std::vector<double>>& runs_by_boot);

}  // namespace membench
