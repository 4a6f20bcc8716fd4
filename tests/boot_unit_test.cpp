// File: tests/boot_unit_test.cpp
// A kernel's runs within one boot share that boot's layout and memory
// state: where each side spans several boots the boot is compare's unit,
// and where the sides are one boot each, apart, the drift between boots is
// unseen. Synthetic results, with nested noise: a shift per boot, a small
// one per run, a smaller one per sample.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report/compare_report.h"
#include "report/loaded_result.h"

namespace membench {
namespace {

// One result: `runs` invocations of 4 samples each, at rate 1e9 x
// boot_factor x the run's small factor.
RunResult Result(const std::string& boot, double boot_factor, int runs) {
  RunResult r;
  r.system.boot_id = boot;
  r.invocations = runs;
  Measurement m;
  m.workload = "memset";
  m.unit = WorkUnit::kBytes;
  const double run_factors[] = {0.999, 1.0, 1.001};
  const double sample_factors[] = {0.9995, 1.0, 1.0005, 1.0};
  for (int run = 0; run < runs; ++run) {
    for (const double sample_factor : sample_factors) {
      Sample s;
      s.invocation = run;
      s.loops = 1;
      s.work = 1'000'000'000;
      s.wall_ns = static_cast<std::int64_t>(1e9 / (boot_factor * run_factors[run % 3] * sample_factor));
      m.samples.push_back(s);
    }
  }
  r.measurements.push_back(m);
  return r;
}

std::vector<RunResult> Side(const std::vector<std::string>& boots, const std::vector<double>& factors) {
  std::vector<RunResult> side;
  for (std::size_t i = 0; i < boots.size(); ++i) side.push_back(Result(boots[i], factors[i], 3));
  return side;
}

const FigureRow& RateRow(const CompareResult& result) {
  for (const FigureRow& row : result.rows) {
    if (row.figure.rfind("rate", 0) == 0) return row;
  }
  throw std::runtime_error("no rate row");
}

// Boots 1% apart, B's 2% faster: nine runs a side taken as independent find
// it (t about 5); three boots a side, the real independent units, do not
// (t about 2.4 on 4 degrees of freedom).
TEST(BootUnit, SeveralBootsASideMakeTheBootTheUnit) {
  const LoadedResult a = FiguresOf(Side({"a1", "a2", "a3"}, {0.99, 1.00, 1.01}), "A");
  const LoadedResult b = FiguresOf(Side({"b1", "b2", "b3"}, {1.01, 1.02, 1.03}), "B");
  ASSERT_TRUE(BootsAreTheUnit(a, b));
  const LoadedResult boots_a = PooledByBoot(a);
  const LoadedResult boots_b = PooledByBoot(b);
  EXPECT_EQ(boots_a.runs, 3);
  ASSERT_EQ(boots_a.measurements[0].rate.size(), 3u);
  EXPECT_EQ(boots_a.measurements[0].rate[0].size(), 12u);  // a boot's three runs of four samples
  CompareOptions options;
  const Comparison by_boot = RateRow(CompareResults(boots_a, boots_b, options)).comparison;
  EXPECT_FALSE(by_boot.significant) << by_boot.verdict;
  EXPECT_NEAR(by_boot.change_pct, 2.0, 0.1);
  // The same samples without their boots: runs are the unit, and the
  // boots' shifts pass for a treatment's.
  std::vector<RunResult> unknown_a = Side({"", "", ""}, {0.99, 1.00, 1.01});
  std::vector<RunResult> unknown_b = Side({"", "", ""}, {1.01, 1.02, 1.03});
  const LoadedResult runs_a = FiguresOf(unknown_a, "A");
  const LoadedResult runs_b = FiguresOf(unknown_b, "B");
  EXPECT_FALSE(BootsAreTheUnit(runs_a, runs_b));
  // Both sides in the same two boots (a userspace A/B repeated over
  // boots): the boots do not separate the sides, and the runs decide.
  EXPECT_FALSE(BootsAreTheUnit(a, FiguresOf(Side({"a1", "a2", "a3"}, {1.01, 1.02, 1.03}), "B")));
  const Comparison by_run = RateRow(CompareResults(runs_a, runs_b, options)).comparison;
  EXPECT_TRUE(by_run.significant) << by_run.verdict;
  std::ostringstream text;
  WriteCompareText(CompareResults(boots_a, boots_b, options), boots_a, boots_b, options, {}, text);
  EXPECT_NE(text.str().find("the boot is the unit: each side spans several boots (A 3, B 3)"), std::string::npos)
      << text.str();
}

// One boot a side, apart: however many results, the variation between
// boots is unknown, so the drift is unseen and the noise floor applies.
TEST(BootUnit, OneBootASideApartLeavesTheDriftUnseen) {
  const LoadedResult a = FiguresOf(Side({"a1", "a1", "a1"}, {1.0, 1.0, 1.0}), "A");
  const LoadedResult b = FiguresOf(Side({"b1", "b1", "b1"}, {1.01, 1.01, 1.01}), "B");
  EXPECT_FALSE(BootsAreTheUnit(a, b));
  EXPECT_TRUE(OneBootASideApart(a, b));
  EXPECT_TRUE(DriftUnseen(a, b));
  // Both sides in the same boot (a userspace A/B): nothing between them is
  // a boot's doing.
  const LoadedResult same = FiguresOf(Side({"a1", "a1", "a1"}, {1.01, 1.01, 1.01}), "B");
  EXPECT_FALSE(OneBootASideApart(a, same));
  EXPECT_FALSE(DriftUnseen(a, same));
  // A result without its boot (saved before boots were kept) decides nothing here.
  const LoadedResult unknown = FiguresOf(Side({"", "", ""}, {1.01, 1.01, 1.01}), "B");
  EXPECT_FALSE(OneBootASideApart(a, unknown));
}

}  // namespace
}  // namespace membench
