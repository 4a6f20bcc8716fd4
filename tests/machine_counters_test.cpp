// File: tests/machine_counters_test.cpp
// End-to-end tests that read the kernel's machine-wide counters
// (/proc/vmstat): another test faulting THPs beside them would move what
// they bound, so this binary runs alone (RUN_SERIAL).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "membench_process.h"

namespace membench {
namespace {

// The kernel's own accounting moves with the faults each sample takes:
// every THP fault is a thp_fault_alloc, every 4 KiB one a pgfault. Machine-
// wide counters: other processes can only add to them, so at least.
TEST(KernelAccounting, FaultsMoveTheKernelsCounters) {
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
  const std::string path = TempPath("kernel.json");
  const Outcome run = Membench("run fault --size 16M --pages 4k,thp -r 2 --invocations 1 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("# kernel events a sample, beyond idle: "), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_GT(result["kernel_idle"]["window_ns"].get<std::int64_t>(), 0);
  for (const auto& m : result["measurements"]) {
    const bool thp = m["point"]["pages"] == "thp";
    if (thp && !m["page_proof"][0]["honoured"].get<bool>()) SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(m["page_proof"]);
    for (const auto& s : m["samples"]) {
      EXPECT_GE(s["kernel_window_ns"].get<std::int64_t>(), s["wall_ns"].get<std::int64_t>());
      const char* counter = thp ? "vmstat.thp_fault_alloc" : "vmstat.pgfault";
      ASSERT_TRUE(s["kernel_deltas"].contains(counter)) << m["point"] << s["kernel_deltas"];
      EXPECT_GE(s["kernel_deltas"][counter].get<std::int64_t>(), thp ? 8 : 4096) << m["point"];
    }
  }
  std::remove(path.c_str());
}

// Workers' windows on the kernel's accounting open once every worker has
// prepared its sample: a recycled region's 8 THP faults a worker are not
// the sample's. Machine-wide: another process's THP faults can only add,
// so the quietest sample is the one that says.
TEST(KernelAccounting, AWorkersPreparationIsOutsideItsRoundsWindow) {
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
  const std::string path = TempPath("team-kernel.json");
  const Outcome run =
      Membench("run fault --size 16M --pages thp --procs 2 --recycle yes -r 4 --invocations 1 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json m = ReadJson(path)["measurements"][0];
  if (!m["page_proof"][0]["honoured"].get<bool>()) SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(m["page_proof"]);
  // A fragmented machine may fall back to 4 KiB pages for some: each THP
  // fault is an alloc or a fallback.
  std::int64_t quietest = std::numeric_limits<std::int64_t>::max();
  for (const auto& s : m["samples"]) {
    const auto& deltas = s["kernel_deltas"];
    const auto count = [&](const char* name) { return deltas.contains(name) ? deltas[name].get<std::int64_t>() : 0; };
    quietest = std::min(quietest, count("vmstat.thp_fault_alloc") + count("vmstat.thp_fault_fallback"));
  }
  EXPECT_GE(quietest, 16) << "2 workers, 8 THPs each";
  EXPECT_LT(quietest, 32) << "the recycled region's 8 a worker are not the sample's";
  std::remove(path.c_str());
}

}  // namespace
}  // namespace membench
