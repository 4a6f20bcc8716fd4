// File: tests/result_drift_test.cpp
// Issue 40's A/A goal: the runs of a result are taken back to back and
// cannot show how far the machine drifts between results, so where a side
// is one result compare calls no change under the noise floor (the
// recorded one, else the assumed one), and says how many results,
// alternated, would resolve it. Several results a side carry the drift in
// their own spread and decide alone.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/noise_floor.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"

namespace membench {
namespace {

// One memcpy result of three invocations, two samples each, whose rates
// are `scale` times a base with a spread of about 0.5% between runs.
RunResult ResultOfThreeRuns(double scale, int salt = 0) {
  RunResult r;
  r.command_line = "membench run memcpy --size 4M --impl libc";
  r.invocations = 3;
  Measurement m;
  m.workload = "memcpy";
  m.unit = WorkUnit::kBytes;
  m.loops = 10;
  m.point.values = {{"size", {"4 MiB", 4u << 20, true}}, {"impl", {"libc", 0, false}}};
  for (int invocation = 0; invocation < 3; ++invocation) {
    for (int i = 0; i < 2; ++i) {
      Sample s;
      const double spread = 1 + 0.005 * ((invocation + salt) % 3 - 1) + 0.001 * i;
      s.wall_ns = static_cast<std::int64_t>(1e7 * spread / scale);
      s.loops = 10;
      s.work = 10 * (4u << 20);
      s.invocation = invocation;
      m.samples.push_back(s);
    }
  }
  r.measurements.push_back(m);
  return r;
}

// A copy: the comparison it came from is often a temporary.
FigureRow RateRow(const CompareResult& result) {
  for (const FigureRow& row : result.rows) {
    if (row.is_rate) return row;
  }
  throw std::logic_error("no rate row");
}

CompareOptions AssumedFloor() {
  CompareOptions options;
  options.assumed_floor_pct = FloorOfRunCv(kAssumedRunCvPct);
  return options;
}

TEST(ResultDrift, OneResultASideCallsNoChangeWithinTheAssumedFloor) {
  const LoadedResult a = FiguresOf({ResultOfThreeRuns(1.0)}, "a.json");
  const LoadedResult b = FiguresOf({ResultOfThreeRuns(0.95, 1)}, "b.json");
  ASSERT_TRUE(RunsDecide(a, b));
  ASSERT_TRUE(DriftUnseen(a, b));
  EXPECT_TRUE(FloorsApply(AssumedFloor(), a, b));
  const FigureRow row = RateRow(CompareResults(a, b, AssumedFloor()));
  EXPECT_EQ(row.comparison.finding, Finding::kInconclusive) << row.comparison.verdict;
  EXPECT_NE(row.comparison.verdict.find("within the drift between results"), std::string::npos);
  EXPECT_NE(row.comparison.verdict.find("13.9%"), std::string::npos) << row.comparison.verdict;
  // The plan is alternated results, counted at the assumed run-to-run CV.
  EXPECT_TRUE(row.alternate_results);
  ASSERT_TRUE(row.invocations_needed);
  EXPECT_GT(*row.invocations_needed, 2);
  EXPECT_NE(PlanText(row).find("results a side of --invocations 1, alternated"), std::string::npos) << PlanText(row);
  ASSERT_TRUE(row.detectable_pct);
  EXPECT_GE(*row.detectable_pct, FloorOfRunCv(kAssumedRunCvPct));

  // Without a floor of any kind (the library's default options), the runs
  // decide as before: the 5% fall is plain in them.
  EXPECT_EQ(RateRow(CompareResults(a, b, CompareOptions())).comparison.finding, Finding::kWorse);
}

TEST(ResultDrift, AChangeBeyondTheFloorIsCalled) {
  const LoadedResult a = FiguresOf({ResultOfThreeRuns(1.0)}, "a.json");
  const LoadedResult b = FiguresOf({ResultOfThreeRuns(0.7, 1)}, "b.json");
  const FigureRow row = RateRow(CompareResults(a, b, AssumedFloor()));
  EXPECT_EQ(row.comparison.finding, Finding::kWorse) << row.comparison.verdict;
}

TEST(ResultDrift, ARecordedFloorTakesTheAssumedOnesPlaceAndThresholdOverridesBoth) {
  const LoadedResult a = FiguresOf({ResultOfThreeRuns(1.0)}, "a.json");
  const LoadedResult b = FiguresOf({ResultOfThreeRuns(0.95, 1)}, "b.json");
  CompareOptions recorded = AssumedFloor();
  recorded.floor_pct["memcpy"] = 3.0;
  EXPECT_EQ(RateRow(CompareResults(a, b, recorded)).comparison.finding, Finding::kWorse);
  recorded.floor_pct["memcpy"] = 8.0;
  const FigureRow within = RateRow(CompareResults(a, b, recorded));
  EXPECT_EQ(within.comparison.finding, Finding::kInconclusive);
  EXPECT_NE(within.comparison.verdict.find("this machine's memcpy noise floor is 8.0%"), std::string::npos)
      << within.comparison.verdict;
  CompareOptions given = recorded;
  given.threshold_given = true;
  EXPECT_FALSE(FloorsApply(given, a, b));
  EXPECT_EQ(RateRow(CompareResults(a, b, given)).comparison.finding, Finding::kWorse);
}

TEST(ResultDrift, SeveralResultsASideCarryTheDriftInTheirSpreadAndDecideAlone) {
  const LoadedResult a = FiguresOf({ResultOfThreeRuns(1.0), ResultOfThreeRuns(1.0, 2)}, "@a");
  const LoadedResult b = FiguresOf({ResultOfThreeRuns(0.95, 1), ResultOfThreeRuns(0.95)}, "@b");
  EXPECT_EQ(a.results, 2);
  EXPECT_FALSE(DriftUnseen(a, b));
  EXPECT_FALSE(FloorsApply(AssumedFloor(), a, b));
  EXPECT_EQ(RateRow(CompareResults(a, b, AssumedFloor())).comparison.finding, Finding::kWorse);
}

TEST(ResultDrift, TheJsonNamesTheFloorsThatApplied) {
  const LoadedResult a = FiguresOf({ResultOfThreeRuns(1.0)}, "a.json");
  const LoadedResult b = FiguresOf({ResultOfThreeRuns(0.95, 1)}, "b.json");
  const CompareOptions options = AssumedFloor();
  const nlohmann::json json = CompareToJson(CompareResults(a, b, options), a, b, options);
  EXPECT_NEAR(json.at("assumed_floor_pct").get<double>(), 1.96 * std::sqrt(2.0) * 5, 1e-9);
  const LoadedResult several = FiguresOf({ResultOfThreeRuns(1.0), ResultOfThreeRuns(1.0, 2)}, "@a");
  const nlohmann::json pooled = CompareToJson(CompareResults(several, several, options), several, several, options);
  EXPECT_TRUE(pooled.at("assumed_floor_pct").is_null());
}

}  // namespace
}  // namespace membench
