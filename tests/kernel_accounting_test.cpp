// File: tests/kernel_accounting_test.cpp
// The kernel's accounting beside each rate, on synthetic readings: the
// parsers of /proc/vmstat, /proc/meminfo and numastat as the kernel writes
// them, the per-sample differences, what counts as moving with the samples
// beside an idle interval, the result file and the merge of invocations
// keeping them, and the lines the text report prints.
#include "core/kernel_accounting.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/invocation_merge.h"
#include "core/result.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/compare_report.h"
#include "report/kernel_accounting_report.h"
#include "report/loaded_result.h"
#include "report/text_report.h"

namespace membench {
namespace {

constexpr const char* kVmstat =
    "nr_free_pages 5838391\n"
    "nr_anon_transparent_hugepages 12\n"
    "pgfault 1234567\n"
    "thp_fault_alloc 40\n"
    "garbage line\n";

constexpr const char* kMeminfo =
    "MemTotal:       24589012 kB\n"
    "AnonHugePages:     24576 kB\n"
    "HugePages_Total:       0\n"
    "Hugepagesize:       2048 kB\n";

constexpr const char* kNumastat =
    "numa_hit 98765\n"
    "numa_miss 0\n"
    "local_node 98760\n";

TEST(KernelAccounting, ParsesTheThreeFilesAsTheKernelWritesThem) {
  const KernelReading vmstat = ParseVmstat(kVmstat);
  EXPECT_EQ(vmstat.size(), 4u);
  EXPECT_EQ(vmstat.at("vmstat.pgfault"), 1234567);
  EXPECT_EQ(vmstat.at("vmstat.thp_fault_alloc"), 40);
  const KernelReading meminfo = ParseMeminfo(kMeminfo);
  EXPECT_EQ(meminfo.at("meminfo.AnonHugePages"), 24576 * 1024);  // kB to bytes
  EXPECT_EQ(meminfo.at("meminfo.HugePages_Total"), 0);           // a count, as it stands
  EXPECT_TRUE(KernelValueIsBytes("meminfo.AnonHugePages"));
  EXPECT_FALSE(KernelValueIsBytes("meminfo.HugePages_Free"));
  EXPECT_FALSE(KernelValueIsBytes("vmstat.pgfault"));
  const KernelReading node = ParseNumastat(1, kNumastat);
  EXPECT_EQ(node.at("node1.numa_hit"), 98765);
  EXPECT_EQ(KernelValueLabel("node1.numa_hit"), "node1 numa_hit");
  EXPECT_EQ(KernelValueLabel("vmstat.pgfault"), "pgfault");
  EXPECT_EQ(KernelValueLabel("meminfo.AnonHugePages"), "AnonHugePages");
}

TEST(KernelAccounting, LinesItCannotReadAreLeftOut) {
  // Beyond int64 (vmstat prints unsigned longs), negative, no value, empty.
  const KernelReading vmstat =
      ParseVmstat("huge 18446744073709551615\nnegative -3\nnovalue\n\n pgfault 5\nthp_fault_alloc 7");
  EXPECT_EQ(vmstat.count("vmstat.huge"), 0u);
  EXPECT_EQ(vmstat.at("vmstat.negative"), -3);
  EXPECT_EQ(vmstat.count("vmstat.novalue"), 0u);
  EXPECT_EQ(vmstat.at("vmstat.thp_fault_alloc"), 7);  // the last line, without its newline
  EXPECT_TRUE(ParseVmstat("").empty());
  // A meminfo value without kB stays as it is; a line without a colon is skipped.
  const KernelReading meminfo = ParseMeminfo("HugePages_Surp:        2\nno colon 5\nMemFree: 4 kB");
  EXPECT_EQ(meminfo.at("meminfo.HugePages_Surp"), 2);
  EXPECT_EQ(meminfo.at("meminfo.MemFree"), 4096);
  EXPECT_EQ(meminfo.size(), 2u);
  // A reading missing vmstat or meminfo is not complete.
  EXPECT_FALSE((KernelAccountingText{"", "MemFree: 1 kB", {}}).Complete());
  EXPECT_TRUE((KernelAccountingText{"pgfault 1", "MemFree: 1 kB", {}}).Complete());
  EXPECT_FALSE((KernelAccountingText{"pgfault 1", "MemFree: 1 kB", {{0, "numa_hit 1"}, {1, ""}}}).Complete())
      << "a node's numastat unread";
}

TEST(KernelAccounting, LevelsAndCountsOfEventsAreToldApart) {
  EXPECT_TRUE(KernelValueIsLevel("meminfo.AnonHugePages"));
  EXPECT_TRUE(KernelValueIsLevel("vmstat.nr_page_table_pages"));
  EXPECT_TRUE(KernelValueIsLevel("vmstat.workingset_nodes"));
  EXPECT_FALSE(KernelValueIsLevel("vmstat.nr_dirtied"));
  EXPECT_FALSE(KernelValueIsLevel("vmstat.nr_written"));
  EXPECT_FALSE(KernelValueIsLevel("vmstat.pgfault"));
  EXPECT_FALSE(KernelValueIsLevel("node0.numa_hit"));
}

TEST(KernelAccounting, ValueNamesAreTheReadingsKeys) {
  for (const char* name : {"vmstat.thp_fault_alloc", "meminfo.AnonHugePages", "node0.numa_hit", "node12.local_node"})
    EXPECT_TRUE(IsKernelValueName(name)) << name;
  for (const char* name : {"thp_fault_alloc", "vmstat.", "node.numa_hit", "nodeA.numa_hit", "proc.pgfault", ""})
    EXPECT_FALSE(IsKernelValueName(name)) << name;
}

TEST(KernelAccounting, DeltasKeepOnlyWhatChangedInBothReadings) {
  const KernelReading before = {{"vmstat.pgfault", 100}, {"vmstat.pgmajfault", 3}, {"meminfo.MemFree", 4096}};
  const KernelReading after = {
      {"vmstat.pgfault", 164}, {"vmstat.pgmajfault", 3}, {"meminfo.MemFree", 0}, {"vmstat.new_counter", 7}};
  const auto deltas = KernelDeltas(before, after);
  EXPECT_EQ(deltas.size(), 2u);
  EXPECT_EQ(deltas.at("vmstat.pgfault"), 64);
  EXPECT_EQ(deltas.at("meminfo.MemFree"), -4096);
}

Sample Read(std::map<std::string, std::int64_t> deltas, std::int64_t window_ns = 10'000'000) {
  Sample s;
  s.kernel_deltas = std::move(deltas);
  s.kernel_window_ns = window_ns;
  return s;
}

const KernelCounterChange& Find(const std::vector<KernelCounterChange>& changes, const std::string& name) {
  for (const auto& c : changes) {
    if (c.name == name) return c;
  }
  throw std::runtime_error("no " + name);
}

TEST(KernelAccounting, AValueMovesWithTheSamplesOnlyBeyondTheIdleInterval) {
  // Idle: 1 s in which the page cache's writeback added 1000 to
  // nr_written and 5 faults; each sample's window is 10 ms, so the idle
  // interval expects 10 and 0.05 a sample.
  const KernelIdleInterval idle{1'000'000'000, {{"vmstat.nr_written", 1000}, {"vmstat.pgfault", 5}}};
  const std::vector<Sample> samples = {
      Read({{"vmstat.pgfault", 4096}, {"vmstat.thp_fault_alloc", 8}, {"vmstat.nr_written", 12}}),
      Read({{"vmstat.pgfault", 4100}, {"vmstat.thp_fault_alloc", 8}, {"vmstat.nr_written", 9}}),
      Read({{"vmstat.pgfault", 4092}, {"vmstat.thp_fault_alloc", 8}, {"vmstat.compact_stall", 1}}),
      Read({{"vmstat.pgfault", 4096}, {"vmstat.thp_fault_alloc", 8}}),
      Sample{},  // not read: left out
  };
  const auto changes = SummarizeKernelDeltas(samples, idle);
  ASSERT_EQ(changes.size(), 4u);
  const auto& faults = Find(changes, "vmstat.pgfault");
  EXPECT_EQ(faults.samples, 4);
  EXPECT_EQ(faults.samples_moved, 4);
  EXPECT_DOUBLE_EQ(faults.mean_per_sample, 4096);
  ASSERT_TRUE(faults.idle_per_sample.has_value());
  EXPECT_NEAR(*faults.idle_per_sample, 0.05, 1e-9);
  EXPECT_TRUE(faults.moved_with_sample);
  // As much as idle brings: not the samples' doing.
  const auto& written = Find(changes, "vmstat.nr_written");
  EXPECT_NEAR(*written.idle_per_sample, 10, 1e-9);
  EXPECT_FALSE(written.moved_with_sample);
  // Once in four samples: not steady enough to name.
  EXPECT_FALSE(Find(changes, "vmstat.compact_stall").moved_with_sample);
  EXPECT_EQ(Find(changes, "vmstat.compact_stall").why_not, "moved in 1 of 4 samples");
  // The headline values lead: thp_fault_alloc before pgfault, those that
  // did not move after.
  EXPECT_EQ(changes[0].name, "vmstat.thp_fault_alloc");
  EXPECT_EQ(changes[1].name, "vmstat.pgfault");
  EXPECT_FALSE(changes[2].moved_with_sample);
}

TEST(KernelAccounting, AnIdleIntervalThatSawNothingStillBoundsTheBackground) {
  // Idle saw no faults in 50 ms; a sample of 1 s with 10 faults is what a
  // background of 10 a second would bring, and 50 ms of idle misses such a
  // background more often than not: the bound (3 over 50 ms, 60 over 1 s)
  // keeps it from being named.
  const KernelIdleInterval idle{50'000'000, {}};
  const auto quiet = SummarizeKernelDeltas(
      {Read({{"vmstat.pgfault", 10}}, 1'000'000'000), Read({{"vmstat.pgfault", 11}}, 1'000'000'000)}, idle);
  ASSERT_EQ(quiet.size(), 1u);
  EXPECT_FALSE(quiet[0].moved_with_sample);
  EXPECT_EQ(quiet[0].why_not, "within what idle explains");
  EXPECT_NEAR(*quiet[0].idle_bound_per_sample, 60, 1e-9);
  // Under one a sample: never named.
  const auto rare = SummarizeKernelDeltas({Read({{"vmstat.pgfault", 1}}), Read({{"vmstat.pgfault", -1}})}, idle);
  EXPECT_EQ(rare[0].why_not, "under 1 a sample");
  // One sample: no standard error, still judged.
  const auto one = SummarizeKernelDeltas({Read({{"vmstat.pgfault", 4096}})}, idle);
  EXPECT_TRUE(one[0].moved_with_sample);
  EXPECT_EQ(one[0].sem, 0);
}

TEST(KernelAccounting, WithoutAnIdleIntervalOrReadingsItSaysSo) {
  const auto without_idle =
      SummarizeKernelDeltas({Read({{"vmstat.pgfault", 10}}), Read({{"vmstat.pgfault", 10}})}, std::nullopt);
  ASSERT_EQ(without_idle.size(), 1u);
  EXPECT_FALSE(without_idle[0].idle_per_sample.has_value());
  EXPECT_TRUE(without_idle[0].moved_with_sample);
  EXPECT_TRUE(SummarizeKernelDeltas({Sample{}, Sample{}}, std::nullopt).empty());
}

RunResult ResultWithAccounting() {
  RunResult r;
  r.tool_version = "test";
  r.kernel_idle = KernelIdleInterval{100'000'000, {{"vmstat.pgfault", 2}}};
  for (const char* pages : {"4k", "thp"}) {
    Measurement m;
    m.workload = "fault";
    m.point.values = {{"pages", ParamValue{pages, 0, false}}};
    const bool thp = std::string(pages) == "thp";
    for (int i = 0; i < 3; ++i) {
      Sample s = Read(thp ? std::map<std::string, std::int64_t>{{"vmstat.pgfault", 32},
                                                                {"vmstat.thp_fault_alloc", 32},
                                                                {"meminfo.AnonHugePages", 64 << 20}}
                          : std::map<std::string, std::int64_t>{{"vmstat.pgfault", 16384}});
      s.wall_ns = 10'000'000;
      s.work = 64 << 20;
      s.loops = 1;
      m.samples.push_back(s);
    }
    r.measurements.push_back(m);
  }
  return r;
}

TEST(KernelAccounting, TheResultFileKeepsTheDeltasAndTheIdleInterval) {
  const RunResult r = ResultWithAccounting();
  const RunResult back = ParseResult(ResultToJson(r).dump(), "test");
  ASSERT_TRUE(back.kernel_idle.has_value());
  EXPECT_EQ(back.kernel_idle->window_ns, 100'000'000);
  EXPECT_EQ(back.kernel_idle->deltas.at("vmstat.pgfault"), 2);
  const Sample& s = back.measurements[1].samples[2];
  EXPECT_EQ(s.kernel_window_ns, 10'000'000);
  EXPECT_EQ(s.kernel_deltas.at("meminfo.AnonHugePages"), 64 << 20);
  EXPECT_THROW(ParseResult(R"({"schema": "membench-result/1", "events": [], "measurements": [],
                               "kernel_idle": {"window_ns": 1, "deltas": {"vmstat.pgfault": "many"}}})",
                           "bad"),
               Error);
}

TEST(KernelAccounting, InvocationsIdleIntervalsAreSummed) {
  const RunResult merged = MergeInvocations({ResultWithAccounting(), ResultWithAccounting()});
  ASSERT_TRUE(merged.kernel_idle.has_value());
  EXPECT_EQ(merged.kernel_idle->window_ns, 200'000'000);
  EXPECT_EQ(merged.kernel_idle->deltas.at("vmstat.pgfault"), 4);
  EXPECT_EQ(merged.measurements[0].samples.size(), 6u);
}

TEST(KernelAccounting, TheBriefReportNamesWhatMovedAndVerboseListsAll) {
  RunResult r = ResultWithAccounting();
  std::ostringstream brief;
  WriteKernelAccountingBrief(brief, r);
  // One line; counts of events only: the levels (AnonHugePages) are -v's.
  EXPECT_EQ(brief.str(),
            "# kernel events a sample, beyond idle: 4k: pgfault +16,384; thp: thp_fault_alloc +32, "
            "pgfault +32\n");
  std::ostringstream verbose;
  WriteKernelAccountingBlock(verbose, r, r.measurements[1]);
  EXPECT_NE(verbose.str().find("thp_fault_alloc"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("AnonHugePages"), std::string::npos) << verbose.str();
  EXPECT_TRUE(KernelValueIsLevel("meminfo.AnonHugePages"));
  EXPECT_TRUE(KernelValueIsLevel("vmstat.nr_page_table_pages"));
  EXPECT_FALSE(KernelValueIsLevel("vmstat.pgfault"));
  EXPECT_FALSE(KernelValueIsLevel("node0.numa_hit"));
  EXPECT_NE(verbose.str().find("moved in 3 of 3"), std::string::npos) << verbose.str();
  EXPECT_EQ(KernelChangeText("meminfo.MemFree", -4096), "-4.0 KiB");
  EXPECT_EQ(KernelChangeText("vmstat.pgfault", 0.5), "+0.5000");  // four significant digits, as counts
  // However many points moved, the brief output gets one line within 100
  // columns that says where -v has more.
  RunResult many = ResultWithAccounting();
  for (int i = 0; i < 12; ++i) {
    many.measurements.push_back(many.measurements[i % 2]);
    many.measurements.back().point.values[0].second.text += std::to_string(i);
  }
  std::ostringstream crowded;
  WriteKernelAccountingBrief(crowded, many);
  const std::string line = crowded.str();
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1) << line;
  EXPECT_LE(line.size(), 101u) << line;
  EXPECT_NE(line.find("; more with -v\n"), std::string::npos) << line;
  // Nothing read: no section.
  for (Measurement& m : r.measurements) {
    for (Sample& s : m.samples) s.kernel_window_ns = 0;
  }
  std::ostringstream none;
  WriteKernelAccountingBrief(none, r);
  EXPECT_EQ(none.str(), "");
}

// One invocation of a fault run, 4 KiB pages or THP, as the kernel
// accounts it.
RunResult FaultInvocation(bool thp, int jitter) {
  RunResult r;
  r.tool_version = "test";
  Measurement m;
  m.workload = "fault";
  m.unit = WorkUnit::kBytes;
  m.loops = 1;
  m.point.values = {{"size", ParamValue{"64 MiB", 64u << 20, true}}};
  for (int i = 0; i < 4; ++i) {
    Sample s = Read(thp ? std::map<std::string, std::int64_t>{{"vmstat.pgfault", 32 + i % 2},
                                                              {"vmstat.thp_fault_alloc", 32},
                                                              {"meminfo.AnonHugePages", 64 << 20}}
                        : std::map<std::string, std::int64_t>{{"vmstat.pgfault", 16384 + jitter + i},
                                                              {"meminfo.AnonPages", 64 << 20}});
    // Another process's page reuse in one sample of four on B: the
    // background, however significant between the sides.
    if (thp && i == 0) s.kernel_deltas["vmstat.pgreuse"] = 500;
    s.wall_ns = (thp ? 7'000'000 : 15'000'000) + 100'000 * (i + jitter);
    s.work = 64 << 20;
    s.loops = 1;
    m.samples.push_back(s);
  }
  r.measurements.push_back(m);
  return r;
}

const FigureRow& Row(const CompareResult& result, const std::string& figure) {
  for (const FigureRow& row : result.rows) {
    if (row.figure == figure) return row;
  }
  throw std::runtime_error("no row " + figure);
}

TEST(KernelAccounting, CompareGivesEachValueARowThatNamesNoBetterSide) {
  const std::vector<RunResult> a_runs = {FaultInvocation(false, 0), FaultInvocation(false, 3),
                                         FaultInvocation(false, 7)};
  const std::vector<RunResult> b_runs = {FaultInvocation(true, 0), FaultInvocation(true, 3), FaultInvocation(true, 7)};
  const LoadedResult a = FiguresOf(a_runs, "4k.json");
  const LoadedResult b = FiguresOf(b_runs, "thp.json");
  CompareOptions options;
  const CompareResult result = CompareResults(a, b, options);
  // None on A, 32 a loop on B: a change from nothing, "higher", neither
  // better nor worse (more THP faults may be the point of a change).
  const FigureRow& thp = Row(result, "vmstat.thp_fault_alloc /loop");
  EXPECT_TRUE(thp.kernel_value);
  EXPECT_FALSE(thp.kernel_level);
  EXPECT_TRUE(std::isinf(thp.comparison.change_pct)) << thp.comparison.change_pct;
  EXPECT_EQ(thp.comparison.finding, Finding::kChanged) << thp.comparison.verdict;
  EXPECT_EQ(thp.comparison.verdict.rfind("higher", 0), 0u) << thp.comparison.verdict;
  const FigureRow& faults = Row(result, "vmstat.pgfault /loop");
  EXPECT_EQ(faults.comparison.finding, Finding::kChanged) << faults.comparison.verdict;
  EXPECT_EQ(faults.comparison.verdict.rfind("lower", 0), 0u) << faults.comparison.verdict;
  EXPECT_TRUE(Row(result, "meminfo.AnonHugePages /loop").kernel_level);
  // The headline values lead the point's kernel rows.
  const auto first_kernel_row =
      std::find_if(result.rows.begin(), result.rows.end(), [](const FigureRow& row) { return row.kernel_value; });
  ASSERT_NE(first_kernel_row, result.rows.end());
  EXPECT_EQ(first_kernel_row->figure, "vmstat.thp_fault_alloc /loop");
  const FigureRow& background = Row(result, "vmstat.pgreuse /loop");
  EXPECT_TRUE(background.comparison.significant);
  EXPECT_FALSE(background.kernel_moved);
  // The text: counts of events that changed, levels only with -v.
  std::ostringstream brief;
  WriteCompareText(result, a, b, options, {}, brief);
  EXPECT_NE(brief.str().find("vmstat.thp_fault_alloc /loop"), std::string::npos) << brief.str();
  EXPECT_EQ(brief.str().find("meminfo.AnonHugePages"), std::string::npos) << brief.str();
  EXPECT_EQ(brief.str().find("vmstat.pgreuse"), std::string::npos) << brief.str();
  EXPECT_NE(brief.str().find("levels too)"), std::string::npos) << brief.str();
  options.style.verbose = true;
  std::ostringstream verbose;
  WriteCompareText(result, a, b, options, {}, verbose);
  EXPECT_NE(verbose.str().find("meminfo.AnonHugePages /loop"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("vmstat.pgreuse /loop"), std::string::npos) << verbose.str();
}

}  // namespace
}  // namespace membench
