// File: tests/experiment_table_test.cpp
// The experiment table's rows from synthetic measurements: the figure each
// kind of run is judged by, and what an A/A row between two invocations says.
#include "cli/experiment_table.h"

#include <gtest/gtest.h>

#include "report/loaded_result.h"

namespace membench {
namespace {

// A measurement of `rates` (bytes per second), one sample per rate, each a
// one-second sample.
Measurement BytesAt(const std::vector<double>& rates) {
  Measurement m;
  m.workload = "memcpy";
  m.unit = WorkUnit::kBytes;
  for (const double rate : rates) {
    Sample s;
    s.wall_ns = 1'000'000'000;
    s.loops = 1;
    s.work = static_cast<std::uint64_t>(rate);
    m.samples.push_back(s);
  }
  return m;
}

RunResult RunOf(const Measurement& m) {
  RunResult r;
  r.measurements = {m};
  return r;
}

TEST(ExperimentTable, ReplicatesThatAgreeSayNothingBetterOrWorse) {
  const std::vector<double> rates = {10e9, 10.1e9, 9.9e9, 10.05e9, 9.95e9, 10.02e9, 9.98e9, 10.01e9};
  const std::vector<TableRow> rows = ReplicateRows("copy", RunOf(BytesAt(rates)), RunOf(BytesAt(rates)), 2);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].comparison, "replicate 2 / 1 (A/A)");
  EXPECT_EQ(rows[0].verdict, "invocations agree");
  EXPECT_EQ(rows[0].finding, Finding::kNoChange);
  EXPECT_NE(rows[0].a.find("GB/s"), std::string::npos) << rows[0].a;
}

TEST(ExperimentTable, ReplicatesThatDifferSayTheInvocationMatters) {
  const std::vector<double> first = {10e9, 10.1e9, 9.9e9, 10.05e9, 9.95e9, 10.02e9, 9.98e9, 10.01e9};
  std::vector<double> second;
  for (const double rate : first) second.push_back(rate * 0.8);
  const std::vector<TableRow> rows = ReplicateRows("copy", RunOf(BytesAt(first)), RunOf(BytesAt(second)), 2);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, "invocations differ (an A/B must differ by more)");
  EXPECT_EQ(rows[0].finding, Finding::kInvocationsDiffer);
  EXPECT_EQ(rows[0].ratio, "0.800");
}

// Ranks say the invocations differ, one wild sample keeps Welch's interval
// across 1: the row says both, as compare does.
TEST(ExperimentTable, ReplicatesKeepWelchsDisagreement) {
  const std::vector<double> first = {10.0e9, 10.1e9, 10.2e9, 10.3e9, 10.4e9, 10.5e9, 10.6e9, 10.7e9};
  const std::vector<double> second = {9.0e9, 9.1e9, 9.2e9, 9.3e9, 9.4e9, 9.5e9, 9.6e9, 100e9};
  const std::vector<TableRow> rows = ReplicateRows("copy", RunOf(BytesAt(first)), RunOf(BytesAt(second)), 2);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, "invocations differ (an A/B must differ by more) (Welch: not significant)");
  EXPECT_EQ(rows[0].finding, Finding::kInvocationsDiffer);
}

// A side's cell gives its interval as +-x% where it is even, and both
// ends where one is far longer (a geometric mean of widely spread samples).
TEST(ExperimentTable, ACellGivesBothEndsOfALopsidedInterval) {
  Figures f;
  f.unit = "GB/s";
  f.divisor = 1e9;
  EXPECT_EQ(FigureCell(10e9, 9e9, 11e9, f), "10.00 GB/s +-10.0%");
  EXPECT_EQ(FigureCell(4.037e9, 2.16e9, 7.55e9, f), "4.037 GB/s -46.5%/+87.0%");
  EXPECT_EQ(FigureCell(0, 0, 0, f), "n/a");
}

TEST(ExperimentTable, TooFewSamplesStayInconclusive) {
  const std::vector<TableRow> rows =
      ReplicateRows("copy", RunOf(BytesAt({10e9, 10e9, 10e9})), RunOf(BytesAt({8e9, 8e9, 8e9})), 2);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict.rfind("inconclusive", 0), 0u) << rows[0].verdict;
  EXPECT_EQ(rows[0].finding, Finding::kInconclusive);
}

// zeropage's mode: bytes compared in memcmp mode, touches in stride mode.
// Their rates have no ratio; the table's one row says why.
TEST(ExperimentTable, NoTreatmentRatioAcrossWorkUnits) {
  RunResult r;
  r.interleaved = true;
  r.paired_by = "mode";
  for (const char* mode : {"memcmp", "stride"}) {
    Measurement m = BytesAt({10e9, 10e9, 10e9, 10e9, 10e9, 10e9, 10e9});
    m.workload = "zeropage";
    m.point.values = {{"mode", {mode, 0, false}}};
    if (std::string(mode) == "stride") m.unit = WorkUnit::kTouches;
    r.measurements.push_back(m);
  }
  const std::vector<TableRow> rows = TreatmentRows("zero", r);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].ratio, "n/a");
  EXPECT_EQ(rows[0].verdict, "no ratio: mode changes the work unit (memcmp: bytes, stride: touches)");
}

// use_zero_page's two values: the huge zero page maps once and faults no
// THP a sample; allocated THPs fault 32 in each 64 MiB sample.
TEST(ExperimentTable, NamedKernelValuesGetARowUnderEachRate) {
  RunResult r;
  r.paired_by = "transparent_hugepage/use_zero_page";
  for (const char* value : {"1", "0"}) {
    Measurement m = BytesAt({10e9, 11e9, 10e9, 11e9, 10e9, 11e9, 10e9, 11e9});
    m.point.values = {{"transparent_hugepage/use_zero_page", {value, 0, false}}};
    for (Sample& s : m.samples) {
      s.kernel_window_ns = 1'000'000'000;
      if (std::string(value) == "0") s.kernel_deltas = {{"vmstat.thp_fault_alloc", 32}};
    }
    r.measurements.push_back(m);
  }
  const std::vector<std::string> values = {"vmstat.thp_fault_alloc", "vmstat.compact_stall"};
  std::vector<TableRow> rows = TreatmentRows("zero", r, {}, values);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].comparison, "  thp_fault_alloc /loop");
  EXPECT_EQ(rows[1].conditions, rows[0].conditions);
  EXPECT_EQ(rows[1].a, "0 /loop");
  EXPECT_EQ(rows[1].b, "32.00 /loop +-0.0%");
  EXPECT_EQ(rows[1].ratio, "inf");
  EXPECT_EQ(rows[1].verdict, "higher (unpaired)");
  EXPECT_EQ(rows[1].finding, Finding::kChanged);
  EXPECT_EQ(rows[2].verdict, "did not change on either side");
  // A side whose accounting was not read gets no verdict.
  for (Sample& s : r.measurements[0].samples) s.kernel_window_ns = 0;
  rows = TreatmentRows("zero", r, {}, values);
  EXPECT_EQ(rows[1].a, "not read");
  EXPECT_EQ(rows[1].verdict, "no verdict: the kernel's accounting was not read on a side");
  // Replicates: the same rows under each A/A row.
  rows = ReplicateRows("zero", RunOf(r.measurements[1]), RunOf(r.measurements[1]), 2, values);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].ratio, "1.000");
  EXPECT_EQ(rows[1].verdict, "the same in every sample");
  EXPECT_EQ(rows[1].finding, Finding::kNoChange);
}

// A zeropage region's proof from sampled page flags: `zero` of `present`
// pages the 4 KiB zero page, the rest ordinary 4 KiB pages.
PageProof RegionProof(std::uint64_t zero, std::uint64_t present) {
  PageFlagCounts c;
  c.sampled = present;
  c.zero = zero;
  c.normal = present - zero;
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = present * 4096;
  return MakePageProof("region", PagePolicy::k4k, backing, {c, ""});
}

// The zero-page question needs zero pages: where the kernel mapped none (a
// machine booted without it), the row gives the ratio but no verdict.
TEST(ExperimentTable, NoVerdictWherePagesAreNotWhatTheQuestionIsAbout) {
  RunResult r;
  r.interleaved = true;
  r.paired_by = "pages";
  for (const char* pages : {"4k", "thp"}) {
    Measurement m = BytesAt({10e9, 11e9, 10e9, 11e9, 10e9, 11e9, 10e9, 11e9, 10e9});
    m.workload = "zeropage";
    m.point.values = {{"pages", {pages, 0, false}}};
    m.page_proofs = {RegionProof(0, 64)};
    r.measurements.push_back(m);
  }
  const std::vector<std::string> zero_pages = {"zero page", "huge zero page"};
  std::vector<TableRow> rows = TreatmentRows("zero", r, zero_pages);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, "no verdict: A's region was 100.0% 4K, not zero page or huge zero page (page proof)");
  EXPECT_EQ(rows[0].finding, Finding::kInconclusive);
  EXPECT_NE(rows[0].ratio, "n/a");
  // With zero pages mapped the row has its verdict.
  for (Measurement& m : r.measurements) m.page_proofs = {RegionProof(64, 64)};
  rows = TreatmentRows("zero", r, zero_pages);
  EXPECT_EQ(rows[0].verdict.rfind("no verdict", 0), std::string::npos) << rows[0].verdict;
  // Without pages_must_be any kind will do, but a request not honoured never.
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = 64u << 20;
  backing.resident_bytes = 64u << 20;
  r.measurements[1].page_proofs = {MakePageProof("dst", PagePolicy::kThp, backing)};
  rows = TreatmentRows("zero", r);
  EXPECT_EQ(rows[0].verdict, "no verdict: B's dst was 100% 4K, not the thp requested (page proof)");
}

// Two kernels' saved runs (experiment report): a point whose pages on
// either side are not the question's keeps its figures but no verdict.
TEST(ExperimentTable, KernelRowsGiveNoVerdictWherePagesAreNotTheQuestions) {
  Measurement zero = BytesAt({10e9, 11e9});
  zero.workload = "zeropage";
  zero.point.values = {{"pages", {"4k", 0, false}}};
  zero.page_proofs = {RegionProof(64, 64)};
  Measurement allocated = zero;
  allocated.page_proofs = {RegionProof(0, 64)};
  const std::vector<std::string> zero_pages = {"zero page", "huge zero page"};
  const std::map<std::string, std::string> out = PointsOutOfQuestion({RunOf(zero)}, {RunOf(allocated)}, zero_pages);
  const std::string key = PointKey(zero, {});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.at(key), "B's region was 100.0% 4K, not zero page or huge zero page (page proof)");
  EXPECT_TRUE(PointsOutOfQuestion({RunOf(zero)}, {RunOf(zero)}, zero_pages).empty());

  CompareResult compared;
  FigureRow figure;
  figure.point = key;
  figure.figure = "rate (GB/s)";
  figure.is_rate = true;
  figure.comparison.a.mean = 10e9;
  figure.comparison.b.mean = 12e9;
  figure.comparison.verdict = "faster (better)";
  figure.comparison.finding = Finding::kBetter;
  compared.rows = {figure};
  std::vector<TableRow> rows = KernelRows("zero", 2, 2, compared, out);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].verdict, "no verdict: " + out.at(key));
  EXPECT_EQ(rows[0].finding, Finding::kInconclusive);
  EXPECT_EQ(rows[0].ratio, "1.200");
  rows = KernelRows("zero", 2, 2, compared);
  EXPECT_EQ(rows[0].verdict, "faster (better)");
  // A named value of the kernel's accounting under its point's rate, as
  // compare judged it; one compare had no row for changed on neither side.
  FigureRow faults = figure;
  faults.figure = "vmstat.thp_fault_alloc /loop";
  faults.is_rate = false;
  faults.comparison.a.mean = 0;
  faults.comparison.b.mean = 32;
  faults.comparison.verdict = "higher";
  faults.comparison.finding = Finding::kChanged;
  compared.rows.push_back(faults);
  rows = KernelRows("zero", 2, 2, compared, {}, NamedRows{{"vmstat.thp_fault_alloc", "vmstat.compact_stall"}});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].comparison, "  thp_fault_alloc /loop");
  EXPECT_EQ(rows[1].ratio, "inf");
  EXPECT_EQ(rows[1].verdict, "higher");
  EXPECT_EQ(rows[2].verdict, "no verdict: the kernel's accounting was not read on a side");
  compared.kernel_read.insert(key);
  rows = KernelRows("zero", 2, 2, compared, {}, NamedRows{{"vmstat.thp_fault_alloc", "vmstat.compact_stall"}});
  EXPECT_EQ(rows[2].verdict, "did not change on either side");
  // A named symbol's self share, as compare judged it; one compare had no
  // row of (under 1% on both sides, or a side not profiled) gets no verdict.
  FigureRow share;
  share.point = key;
  share.figure = "self% clear_page_erms";
  share.profile_share = true;
  share.comparison.a.mean = 5;
  share.comparison.b.mean = 56;
  share.comparison.verdict = "higher";
  share.comparison.finding = Finding::kChanged;
  compared.rows.push_back(share);
  rows = KernelRows("zero", 2, 2, compared, {}, NamedRows{{}, {"clear_page_erms", "clear_page_rep"}});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].comparison, "  self% clear_page_erms");
  EXPECT_TRUE(rows[1].profile_share);
  EXPECT_EQ(rows[1].ratio, "11.200");
  EXPECT_EQ(rows[1].verdict, "higher");
  EXPECT_EQ(rows[2].verdict.rfind("no verdict: not profiled on a side", 0), 0u) << rows[2].verdict;
}

TEST(PageProof, MainPageKindIsTheKindOfNineTenths) {
  EXPECT_EQ(MainPageKind(RegionProof(64, 64)), "zero page");
  EXPECT_EQ(MainPageKind(RegionProof(58, 64)), "zero page");
  EXPECT_EQ(MainPageKind(RegionProof(32, 64)), "");
  EXPECT_EQ(MainPageKind(RegionProof(0, 64)), "4K");
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = 8u << 20;
  backing.resident_bytes = 8u << 20;
  backing.anon_huge_bytes = 8u << 20;
  EXPECT_EQ(MainPageKind(MakePageProof("dst", PagePolicy::kThp, backing)), "THP");
  // smaps sees no zero page: nothing resident tells nothing.
  backing.resident_bytes = 0;
  backing.anon_huge_bytes = 0;
  EXPECT_EQ(MainPageKind(MakePageProof("dst", PagePolicy::kThp, backing)), "");
}

// A program run by exec has no unit of work: its seconds are the figure,
// lower is better.
TEST(ExperimentTable, ExecRunsAreJudgedBySeconds) {
  Measurement m;
  m.unit = WorkUnit::kRuns;
  for (const std::int64_t ns : {std::int64_t{2'000'000'000}, std::int64_t{4'000'000'000}}) {
    Sample s;
    s.wall_ns = ns;
    s.loops = 1;
    s.work = 1;
    m.samples.push_back(s);
  }
  const Figures f = FiguresOf(m, {});
  EXPECT_TRUE(f.lower_is_better);
  EXPECT_EQ(f.unit, "s");
  EXPECT_EQ(f.values, (std::vector<double>{2.0, 4.0}));
}

}  // namespace
}  // namespace membench
