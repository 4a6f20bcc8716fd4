// File: tests/paired_test.cpp
#include "core/paired.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.h"

namespace membench {
namespace {

// n = 10 at 95%: 2 P(Bin(10, 1/2) <= 1) = 0.021 <= 0.05 < 2 P(<= 2) = 0.109,
// so the interval runs from the 2nd to the 9th smallest.
TEST(MedianInterval, UsesSignTestOrderStatistics) {
  const std::vector<double> v = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
  const auto ci = MedianInterval(v, 0.05);
  ASSERT_TRUE(ci.has_value());
  EXPECT_DOUBLE_EQ(ci->low, 2);
  EXPECT_DOUBLE_EQ(ci->high, 9);
  // n = 5: even the widest interval is only 93.75%.
  EXPECT_FALSE(MedianInterval(std::vector<double>{1, 2, 3, 4, 5}, 0.05).has_value());
}

Measurement WithRates(const std::string& impl, const std::vector<double>& rates) {
  Measurement m;
  m.point.values = {{"size", {"4 MiB", 4u << 20, true}}, {"impl", {impl, 0, false}}};
  for (const double r : rates) {
    Sample s;
    s.wall_ns = 1000;
    s.work = static_cast<std::uint64_t>(r * 1000);
    m.samples.push_back(s);
  }
  return m;
}

TEST(PairedRatios, ComparesWithTheBaselineAndCorrectsForComparisons) {
  // Round k shares its drift: ratios stay 1.10 and 1.00 although rates wander.
  std::vector<double> a, faster, same;
  for (int k = 0; k < 12; ++k) {
    const double drift = 100 + 10 * (k % 3);
    a.push_back(drift);
    faster.push_back(drift * 1.10);
    same.push_back(drift * (k % 2 == 0 ? 1.001 : 0.999));
  }
  const std::vector<Measurement> ms = {WithRates("libc", a), WithRates("avx2", faster), WithRates("nt", same)};
  const auto pairs = PairedRatios(ms);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].param, "impl");
  EXPECT_EQ(pairs[0].a, 0u);
  EXPECT_NEAR(pairs[0].median_ratio, 1.10, 1e-9);
  EXPECT_EQ(pairs[0].verdict, "faster");
  EXPECT_EQ(pairs[0].finding, Finding::kBetter);
  EXPECT_NEAR(pairs[0].confidence_pct, 97.5, 1e-9);
  EXPECT_EQ(pairs[1].verdict, "no significant change");
  EXPECT_EQ(pairs[1].finding, Finding::kNoChange);
}

// A change the interval resolves but smaller than the 1% rule is no
// change: ratios of 1.005 and 0.995, each within 0.1% in every round, sit
// wholly above (below) 1, and still count for nothing; 1.015 does.
TEST(PairedRatios, ASignificantChangeUnderOnePercentIsNoChange) {
  std::vector<double> a, half_up, half_down, one_and_a_half_up;
  for (int k = 0; k < 12; ++k) {
    const double drift = 100 + 10 * (k % 3);
    const double jitter = 1 + 0.001 * ((k % 3) - 1) / 2;
    a.push_back(drift);
    half_up.push_back(drift * 1.005 * jitter);
    half_down.push_back(drift * 0.995 * jitter);
    one_and_a_half_up.push_back(drift * 1.015 * jitter);
  }
  const auto pairs = PairedRatios({WithRates("libc", a), WithRates("avx2", half_up), WithRates("nt", half_down),
                                   WithRates("erms", one_and_a_half_up)});
  ASSERT_EQ(pairs.size(), 3u);
  ASSERT_TRUE(pairs[0].ci.has_value());
  EXPECT_GT(pairs[0].ci->low, 1.0) << "the interval resolves the 0.5%";
  EXPECT_EQ(pairs[0].verdict, "no significant change");
  ASSERT_TRUE(pairs[1].ci.has_value());
  EXPECT_LT(pairs[1].ci->high, 1.0);
  EXPECT_EQ(pairs[1].verdict, "no significant change");
  EXPECT_EQ(pairs[2].verdict, "faster");
  EXPECT_DOUBLE_EQ(kPairedThresholdPct, 1.0);
}

TEST(PairedRatios, TooFewRoundsAreInconclusive) {
  const std::vector<Measurement> ms = {WithRates("libc", {1, 2, 3}), WithRates("nt", {2, 4, 6})};
  const auto pairs = PairedRatios(ms);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NE(pairs[0].verdict.find("inconclusive: 3 rounds are too few"), std::string::npos) << pairs[0].verdict;
  EXPECT_EQ(pairs[0].finding, Finding::kInconclusive);
}

// seed 000's matrix: --mode memcmp,stride --pages thp,4k, here with one
// unit for both modes, so that the pairs run along mode by default;
// --paired-by pages compares thp with 4k in each mode. (The real modes'
// units differ: TouchesInStrideMode.)
std::vector<Measurement> ModeByPages() {
  std::vector<Measurement> ms;
  for (const char* mode : {"memcmp", "stride"}) {
    for (const char* pages : {"thp", "4k"}) {
      Measurement m = WithRates("libc", std::vector<double>(12, std::string(pages) == "thp" ? 120.0 : 100.0));
      m.point.values = {{"mode", {mode, 0, false}}, {"pages", {pages, 0, false}}};
      ms.push_back(m);
    }
  }
  return ms;
}

TEST(PairedRatios, PairAlongTheParameterNamed) {
  const std::vector<Measurement> ms = ModeByPages();
  EXPECT_EQ(TreatmentParam(ms), "mode");
  for (const PairedRatio& p : PairedRatios(ms)) EXPECT_EQ(p.param, "mode");
  const auto pairs = PairedRatios(ms, "pages");
  ASSERT_EQ(pairs.size(), 2u);
  for (const PairedRatio& p : pairs) {
    EXPECT_EQ(p.param, "pages");
    EXPECT_EQ(ms[p.a].point.at("pages").text, "thp") << "the first measurement's value is the baseline";
    EXPECT_EQ(ms[p.a].point.at("mode").text, ms[p.b].point.at("mode").text);
    EXPECT_NEAR(p.median_ratio, 100.0 / 120.0, 1e-9);
  }
  std::vector<Point> points;
  for (const Measurement& m : ms) points.push_back(m.point);
  EXPECT_EQ(VaryingChoiceParams(points), (std::vector<std::string>{"mode", "pages"}));
}

// As zeropage measures them: bytes compared in memcmp mode, touches in
// stride mode.
std::vector<Measurement> TouchesInStrideMode(std::vector<Measurement> ms) {
  for (Measurement& m : ms) m.unit = m.point.at("mode").text == "stride" ? WorkUnit::kTouches : WorkUnit::kBytes;
  return ms;
}

TEST(PairedRatios, NeverAcrossWorkUnits) {
  const std::vector<Measurement> ms = TouchesInStrideMode(ModeByPages());
  EXPECT_EQ(UnitChangingParams(PointsOf(ms), UnitsOf(ms)), std::vector<std::string>{"mode"});
  // mode changes the unit: the pairs run along pages, the next choice.
  EXPECT_EQ(TreatmentParam(ms), "pages");
  const auto pairs = PairedRatios(ms);
  ASSERT_EQ(pairs.size(), 2u);
  for (const PairedRatio& p : pairs) {
    EXPECT_EQ(p.param, "pages");
    EXPECT_EQ(ms[p.a].unit, ms[p.b].unit);
  }
  EXPECT_EQ(CrossUnitReason(ms), "");
  // Asked to pair along mode: no pair, and the reason.
  EXPECT_TRUE(PairedRatios(ms, "mode").empty());
  EXPECT_EQ(CrossUnitReason(ms, "mode"), "mode changes the work unit (memcmp: bytes, stride: touches)");
  // Only mode varies: nothing to pair along, and the reason.
  std::vector<Measurement> thp;
  for (const Measurement& m : ms) {
    if (m.point.at("pages").text == "thp") thp.push_back(m);
  }
  EXPECT_TRUE(PairedRatios(thp).empty());
  EXPECT_EQ(TreatmentParam(thp), "");
  EXPECT_EQ(CrossUnitReason(thp), "mode changes the work unit (memcmp: bytes, stride: touches) and nothing else varies");
}

TEST(PairedRatios, APairingAcrossUnitsIsRefusedBeforeMeasuring) {
  const std::vector<Measurement> ms = TouchesInStrideMode(ModeByPages());
  EXPECT_NO_THROW(CheckPairedBy(PointsOf(ms), "pages", UnitsOf(ms)));
  EXPECT_NO_THROW(CheckPairedBy(PointsOf(ms), "mode")) << "units unknown: as before";
  EXPECT_EQ(PairedPoints(PointsOf(ms), "", UnitsOf(ms)).size(), 2u);
  try {
    CheckPairedBy(PointsOf(ms), "mode", UnitsOf(ms));
    ADD_FAILURE() << "mode changes the unit";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "--paired-by mode: its values measure different work units (memcmp: bytes, stride: touches), and "
                 "a ratio of their rates means nothing; pair along pages instead (--paired-by pages)");
  }
}

TEST(PairedRatios, APairingAlongNothingIsRefused) {
  std::vector<Point> points;
  for (const Measurement& m : ModeByPages()) {
    if (m.point.at("pages").text == "thp") points.push_back(m.point);
  }
  EXPECT_NO_THROW(CheckPairedBy(points, "mode"));
  try {
    CheckPairedBy(points, "pages");
    ADD_FAILURE() << "pages takes one value";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "--paired-by pages: pages takes one value in this run (thp); give it two or more, e.g. "
                 "--pages thp,OTHER");
  }
  try {
    CheckPairedBy(points, "impl");
    ADD_FAILURE() << "no such parameter";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "--paired-by impl: not a parameter of this run (its parameters: mode, pages)");
  }
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// The sign test's widest interval has confidence 1 - 2^(1-n): one
// comparison at 95% needs 6 rounds, seven (Bonferroni, 99.3%) need 9.
TEST(RoundsNeeded, IsTheFewestRoundsWithAnInterval) {
  EXPECT_EQ(RoundsNeeded(1), 6u);
  EXPECT_EQ(RoundsNeeded(2), 7u);
  EXPECT_EQ(RoundsNeeded(7), 9u);
  EXPECT_FALSE(MedianInterval(std::vector<double>(5, 1.0), 0.05).has_value());
  EXPECT_TRUE(MedianInterval(std::vector<double>(6, 1.0), 0.05).has_value());
}

TEST(PairedPoints, PairsEachConditionWithItsBaseline) {
  std::vector<Point> points;
  for (const char* pages : {"4k", "thp"}) {
    for (const char* impl : {"libc", "movsb", "nt"}) {
      Point p;
      p.values = {{"impl", {impl, 0, false}}, {"pages", {pages, 0, false}}};
      points.push_back(p);
    }
  }
  // Along impl (the first that varies): movsb and nt against libc, per pages.
  EXPECT_EQ(PairedPoints(points).size(), 4u);
  // Along pages: thp against 4k, per impl.
  const auto by_pages = PairedPoints(points, "pages");
  ASSERT_EQ(by_pages.size(), 3u);
  for (const auto& [a, b] : by_pages) {
    EXPECT_EQ(points[a].at("pages").text, "4k");
    EXPECT_EQ(points[b].at("pages").text, "thp");
  }
}

}  // namespace
}  // namespace membench
