// File: tests/plan_checks_test.cpp
// What the invocation decides before anything runs, on synthetic machines:
// a point that cannot run is refused with what to do; points that cannot
// all be live together are measured one after another, with the reason.
#include "engine/plan_checks.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core/page_policy.h"

namespace membench {
namespace {

constexpr std::uint64_t kGiB = 1ull << 30;

PointNeeds Memory(std::uint64_t bytes, int workers = 1) {
  PointNeeds p;
  p.label = "memset size=" + std::to_string(bytes);
  p.workers = workers;
  p.each.memory_bytes = bytes;
  return p;
}

MachineCapacity Machine(std::uint64_t available) {
  MachineCapacity m;
  m.mem_available_bytes = available;
  m.process_limit = 100;
  m.open_files_left = 1000;
  return m;
}

std::string ErrorOf(const std::vector<PointNeeds>& points, const MachineCapacity& machine, const RunResources& r) {
  try {
    CheckEachPointFits(points, machine, r);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(PlanChecks, APointThatDoesNotFitIsRefusedUnlessForced) {
  RunResources r;
  EXPECT_EQ(ErrorOf({Memory(4 * kGiB)}, Machine(8 * kGiB), r), "");
  const std::string error = ErrorOf({Memory(4 * kGiB, 3)}, Machine(8 * kGiB), r);  // 12 GiB with its workers
  EXPECT_NE(error.find("needs 12 GiB"), std::string::npos) << error;
  EXPECT_NE(error.find("--force"), std::string::npos) << error;
  r.force = true;
  EXPECT_EQ(ErrorOf({Memory(4 * kGiB, 3)}, Machine(8 * kGiB), r), "");
}

TEST(PlanChecks, PressureCountsAgainstMemoryAndProcessesAgainstTheirLimit) {
  RunResources r;
  r.pressure_processes = 2;
  r.pressure_bytes_each = 3 * kGiB;
  EXPECT_NE(ErrorOf({Memory(3 * kGiB)}, Machine(8 * kGiB), r).find("plus 6 GiB for --pressure"), std::string::npos);
  r.pressure_processes = 4;
  EXPECT_NE(ErrorOf({Memory(1)}, Machine(8 * kGiB), r).find("use fewer pressure processes"), std::string::npos);
  const std::string limit = ErrorOf({Memory(1, 200)}, Machine(8 * kGiB), {});
  EXPECT_NE(limit.find("process limit of 100 (ulimit -u)"), std::string::npos) << limit;
}

TEST(PlanChecks, AShortHugetlbPoolSaysHowManyPagesToReserve) {
  PointNeeds p;
  p.label = "memcpy size=64 MiB";
  p.workers = 2;
  p.each.hugetlb_pages[kPage2m] = 34;  // two buffers of 32 pages, one more each for rounding
  MachineCapacity m = Machine(8 * kGiB);
  m.hugetlb_pools[kPage2m] = {10, 8, "/sys/kernel/mm/hugepages/hugepages-2048kB"};
  const std::string error = ErrorOf({p}, m, {});
  // 68 needed, 8 free of 10: reserving 70 leaves 68 free.
  EXPECT_NE(error.find("68 free 2 MiB pages are needed"), std::string::npos) << error;
  EXPECT_NE(error.find("echo 70 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages"), std::string::npos) << error;
  m.hugetlb_pools.clear();
  EXPECT_NE(ErrorOf({p}, m, {}).find("offers no 2 MiB hugetlb pages"), std::string::npos);
}

TEST(PlanChecks, PointsThatFitTogetherAreInterleaved) {
  const OrderDecision d = DecideOrder(SampleOrder::kInterleaved, {Memory(kGiB), Memory(kGiB)}, Machine(8 * kGiB), {});
  EXPECT_EQ(d.order, SampleOrder::kInterleaved);
  EXPECT_EQ(d.note, "");
}

TEST(PlanChecks, PointsThatDoNotFitTogetherAreMeasuredOneAfterAnotherWithTheReason) {
  const OrderDecision d =
      DecideOrder(SampleOrder::kInterleaved, {Memory(5 * kGiB), Memory(5 * kGiB)}, Machine(8 * kGiB), {});
  EXPECT_EQ(d.order, SampleOrder::kSequential);
  EXPECT_NE(d.note.find("the points need 10 GiB together"), std::string::npos) << d.note;
  EXPECT_EQ(d.reason, OrderDecision::Reason::kMemory);
  EXPECT_NE(d.note.find("not interleaved"), std::string::npos) << d.note;
}

TEST(PlanChecks, MachineWideSettingsHugetlbPagesAndCountersCanForceSequential) {
  PointNeeds mthp = Memory(kGiB);
  mthp.each.only_mthp_size = 64 << 10;
  EXPECT_NE(DecideOrder(SampleOrder::kInterleaved, {mthp, Memory(kGiB)}, Machine(8 * kGiB), {})
                .note.find("machine-wide settings"),
            std::string::npos);

  PointNeeds huge;
  huge.label = "huge";
  huge.each.hugetlb_pages[kPage2m] = 6;
  MachineCapacity m = Machine(8 * kGiB);
  m.hugetlb_pools[kPage2m] = {10, 10, "dir"};
  EXPECT_EQ(DecideOrder(SampleOrder::kInterleaved, {huge, huge}, m, {}).order, SampleOrder::kSequential);

  RunResources counters;
  counters.events = 10;
  m = Machine(8 * kGiB);
  m.open_files_left = 100;
  std::vector<PointNeeds> many(5, Memory(1));
  many[0].workers = 4;
  many[0].thread_workers = true;  // threads share membench's file descriptors
  const OrderDecision d = DecideOrder(SampleOrder::kInterleaved, many, m, counters);
  EXPECT_EQ(d.order, SampleOrder::kSequential);
  EXPECT_NE(d.note.find("80 file descriptors"), std::string::npos) << d.note;
  EXPECT_EQ(d.reason, OrderDecision::Reason::kFileDescriptors);

  // Worker processes forked for a later point would share the earlier
  // points' memory copy-on-write; thread workers fork nothing.
  PointNeeds procs = Memory(kGiB, 2);
  EXPECT_NE(DecideOrder(SampleOrder::kInterleaved, {Memory(kGiB), procs}, Machine(8 * kGiB), {})
                .note.find("worker processes are forked for each point"),
            std::string::npos);
  procs.thread_workers = true;
  EXPECT_EQ(DecideOrder(SampleOrder::kInterleaved, {Memory(kGiB), procs}, Machine(8 * kGiB), {}).order,
            SampleOrder::kInterleaved);

  // Asked for sequential, it stays so, without a note.
  EXPECT_EQ(DecideOrder(SampleOrder::kSequential, {Memory(1), Memory(1)}, Machine(8 * kGiB), {}).note, "");
}

}  // namespace
}  // namespace membench
