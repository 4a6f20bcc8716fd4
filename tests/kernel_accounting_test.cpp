// File: tests/kernel_accounting_test.cpp
// The kernel's accounting beside each rate, on synthetic readings: the
// parsers of /proc/vmstat, /proc/meminfo and numastat as the kernel writes
// them, the per-sample differences, what counts as moving with the samples
// beside an idle interval, the result file and the merge of invocations
// keeping them, and the lines the text report prints.
#include "core/kernel_accounting.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/invocation_merge.h"
#include "core/result.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/kernel_accounting_report.h"
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
  // The headline values lead: thp_fault_alloc before pgfault, those that
  // did not move after.
  EXPECT_EQ(changes[0].name, "vmstat.thp_fault_alloc");
  EXPECT_EQ(changes[1].name, "vmstat.pgfault");
  EXPECT_FALSE(changes[2].moved_with_sample);
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
  // Counts of events only: the levels (AnonHugePages) are -v's.
  EXPECT_NE(brief.str().find("pages=thp: thp_fault_alloc +32, pgfault +32\n"), std::string::npos) << brief.str();
  EXPECT_NE(brief.str().find("pages=4k: pgfault +16,384"), std::string::npos) << brief.str();
  EXPECT_NE(brief.str().find("machine-wide"), std::string::npos);
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
  // Nothing read: no section.
  for (Measurement& m : r.measurements) {
    for (Sample& s : m.samples) s.kernel_window_ns = 0;
  }
  std::ostringstream none;
  WriteKernelAccountingBrief(none, r);
  EXPECT_EQ(none.str(), "");
}

}  // namespace
}  // namespace membench
