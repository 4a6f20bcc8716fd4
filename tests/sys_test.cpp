// File: tests/sys_test.cpp
// The OS layer for real: perf_event_open software counters, mappings and
// their smaps readback, event names. Exact where the kernel is exact: first
// touch of 64 MiB in 4 KiB pages is 16,384 page faults. Hardware-counter
// paths skip with the reason when the machine has no PMU.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.h"
#include "core/memory_counters.h"
#include "core/page_proof.h"
#include "engine/memory_traffic.h"
#include "membench_process.h"
#include "sys/cpu.h"
#include "sys/events.h"
#include "sys/files.h"
#include "sys/memory.h"
#include "sys/memory_controller_counters.h"
#include "sys/page_flags.h"
#include "sys/perf_events.h"
#include "sys/tracefs.h"

namespace membench {
namespace {

constexpr std::size_t k64MiB = 64u << 20;

std::uint64_t CountFirstTouch(const std::string& event, PagePolicy policy, std::size_t bytes) {
  sys::PerfEventSet counters({sys::ResolveEvent(event)});
  if (!counters.statuses().front().supported) return 0;
  // A first pass over a small region faults in the code of the counted
  // path itself (file-backed text faults lazily, and counts as a fault):
  // the region's faults are what the second pass adds.
  const sys::MappedRegion warm = sys::MappedRegion::Map(kPage4k, kPage2m, policy);
  counters.Enable();
  sys::PrefaultRegion(warm, sys::Prefault::kWrite);
  counters.Disable();
  const auto before = counters.Read();
  const sys::MappedRegion region = sys::MappedRegion::Map(bytes, kPage2m, policy);
  counters.Enable();
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  counters.Disable();
  const auto values = counters.Read();
  EXPECT_TRUE(values.front().has_value() && before.front().has_value());
  return values.front() && before.front() ? values.front()->value - before.front()->value : 0;
}

// Under AddressSanitizer every instrumented write also touches shadow
// memory (one byte per eight), whose first touch faults too; the exact count
// holds in the plain build.
void ExpectFaults(std::uint64_t counted, std::uint64_t pages, std::size_t bytes) {
#ifdef MEMBENCH_SANITIZED
  EXPECT_GE(counted, pages);
  EXPECT_LE(counted, pages + bytes / 8 / kPage4k + 1);
#else
  (void)bytes;
  EXPECT_EQ(counted, pages);
#endif
}

TEST(PerfCounters, FirstTouchOf64MiBIn4KiBPagesIs16384Faults) {
  ExpectFaults(CountFirstTouch("page-faults", PagePolicy::k4k, k64MiB), 16384, k64MiB);
  ExpectFaults(CountFirstTouch("minor-faults", PagePolicy::k4k, k64MiB), 16384, k64MiB);
}

// Regression: grouped under a task-clock leader, page-faults lost most
// faults on Linux 6.18; the default set must count every one.
TEST(PerfCounters, DefaultSetCountsEveryFault) {
  sys::PerfEventSet counters(sys::ResolveEventList("default"));
  const sys::MappedRegion region = sys::MappedRegion::Map(k64MiB, kPage2m, PagePolicy::k4k);
  counters.Enable();
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  counters.Disable();
  const auto values = counters.Read();
  ASSERT_EQ(counters.statuses()[3].name, "page-faults");
  ASSERT_TRUE(values[3].has_value());
  ExpectFaults(values[3]->value, 16384, k64MiB);
  ASSERT_TRUE(values[0].has_value());
  EXPECT_GT(values[0]->value, 0u);  // task-clock
}

TEST(PerfCounters, FirstTouchWithThpIsOneFaultPer2MiB) {
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
  sys::PerfEventSet counters({sys::ResolveEvent("page-faults")});
  const sys::MappedRegion region = sys::MappedRegion::Map(k64MiB, kPage2m, PagePolicy::kThp);
  counters.Enable();
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  counters.Disable();
  const PageBacking backing = sys::ReadPageBacking(region.data(), region.size());
  if (backing.anon_huge_bytes != k64MiB) {
    SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(backing.anon_huge_bytes << " of 64 MiB in huge pages");
  }
  ExpectFaults(counters.Read().front()->value, 32, k64MiB);
}

TEST(PerfCounters, CountsOnlyBetweenStartAndStop) {
  sys::PerfEventSet counters({sys::ResolveEvent("page-faults")});
  const sys::MappedRegion region = sys::MappedRegion::Map(k64MiB, kPage2m, PagePolicy::k4k);
  counters.Enable();
  counters.Disable();
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  EXPECT_EQ(counters.Read().front()->value, 0u);
}

TEST(PerfCounters, HardwareEventsWithoutPmuAreUnsupportedWithAReason) {
  if (sys::HasHardwarePmu()) GTEST_SKIP() << "[has-pmu] this machine has a hardware PMU";
  sys::PerfEventSet counters(sys::ResolveEventList("task-clock,cycles,instructions"));
  const auto& statuses = counters.statuses();
  EXPECT_TRUE(statuses[0].supported);
  EXPECT_FALSE(statuses[1].supported);
  EXPECT_NE(statuses[1].reason.find("no hardware PMU"), std::string::npos) << statuses[1].reason;
  counters.Enable();
  counters.Disable();
  const auto values = counters.Read();
  EXPECT_TRUE(values[0].has_value());
  EXPECT_FALSE(values[1].has_value());
}

TEST(PerfCounters, HardwareEventsWithPmuCount) {
  if (!sys::HasHardwarePmu()) GTEST_SKIP() << "[no-pmu] no hardware PMU (a VM without a virtual PMU?)";
  sys::PerfEventSet counters(sys::ResolveEventList("cycles,instructions"));
  ASSERT_TRUE(counters.statuses()[0].supported) << counters.statuses()[0].reason;
  counters.Enable();
  volatile int sink = 0;
  for (int i = 0; i < 1000000; ++i) sink = sink + i;
  counters.Disable();
  const auto values = counters.Read();
  ASSERT_TRUE(values[1].has_value());
  EXPECT_GT(values[1]->value, 1000000u);
}

TEST(PerfCounters, ErrnoReasonsSayWhatToDo) {
  EXPECT_NE(sys::PerfOpenErrorReason(ENOENT, "hardware", 2).find("no hardware PMU"), std::string::npos);
  EXPECT_NE(sys::PerfOpenErrorReason(EACCES, "hardware", 3).find("perf_event_paranoid=3"), std::string::npos);
  EXPECT_NE(sys::PerfOpenErrorReason(EMFILE, "software", 2).find("ulimit -n"), std::string::npos);
}

TEST(Events, ModifiersAndAliases) {
  EXPECT_EQ(sys::ResolveEvent("page-faults:u").mode, CountMode::kUser);
  EXPECT_EQ(sys::ResolveEvent("task-clock:k").mode, CountMode::kKernel);
  EXPECT_EQ(sys::ResolveEvent("cycles:uk").mode, CountMode::kUserKernel);
  EXPECT_EQ(sys::ResolveEvent("faults").config, sys::ResolveEvent("page-faults").config);
  EXPECT_EQ(sys::ResolveEvent("dTLB-load-misses").source, "cache");
}

TEST(Events, DefaultIsPerfStatsSet) {
  const auto events = sys::ResolveEventList("default");
  ASSERT_EQ(events.size(), sys::DefaultEventNames().size());
  EXPECT_EQ(events.front().name, "task-clock");
  EXPECT_TRUE(events[5].hide_if_unsupported);  // stalled-cycles-frontend
}

TEST(Events, NamedSetsAndExplicitGroups) {
  const auto tlb = sys::ResolveEventList("tlb");
  ASSERT_EQ(tlb.size(), 4u);
  EXPECT_EQ(tlb[1].name, "dTLB-load-misses");
  const auto mixed = sys::ResolveEventList("page-faults,{cycles,instructions},{branches,branch-misses},faults");
  ASSERT_EQ(mixed.size(), 8u);
  EXPECT_EQ(mixed[0].group, 0);
  EXPECT_EQ(mixed[1].group, 1);
  EXPECT_EQ(mixed[2].group, 1);
  EXPECT_EQ(mixed[3].group, 2);
  EXPECT_EQ(mixed[5].name, "page-faults");
  EXPECT_EQ(mixed[5].group, 0);
  for (const char* bad : {"{cycles", "cycles}", "{{cycles}}", "{cycles,}", "x{cycles}"}) {
    EXPECT_THROW(sys::ResolveEventList(bad), Error) << bad;
  }
  try {
    sys::ResolveEventList("tlbs");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'tlb'"), std::string::npos) << e.what();
  }
}

// Software events are counted on their own even inside braces: grouped with
// a clock event they lost their counts on Linux 6.18.
TEST(PerfCounters, SoftwareEventsInBracesStillCountEveryFault) {
  sys::PerfEventSet counters(sys::ResolveEventList("{page-faults,task-clock}"));
  const sys::MappedRegion region = sys::MappedRegion::Map(k64MiB, kPage2m, PagePolicy::k4k);
  counters.Enable();
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  counters.Disable();
  const auto values = counters.Read();
  ASSERT_TRUE(values[0] && values[1]);
  ExpectFaults(values[0]->value, 16384, k64MiB);
  EXPECT_GT(values[1]->value, 0u);
  EXPECT_FALSE(counters.statuses()[0].in_group);
}

TEST(Events, UnknownNamesSuggestTheClosest) {
  try {
    sys::ResolveEvent("page-fault");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'page-faults'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(sys::ResolveEvent("no-such-event-anywhere"), Error);
  EXPECT_THROW(sys::ResolveEventList("task-clock,,cycles"), Error);
}

TEST(Events, LibpfmNameOfAnAbsentPmuIsUnsupportedNotUnknown) {
  if (sys::HasHardwarePmu()) GTEST_SKIP() << "[has-pmu] this machine has a PMU; the name may be counted here";
  // libpfm4 activates the PMU tables of this CPU's vendor from CPUID even
  // without a PMU, so the name must belong to the other vendor's PMU.
  const bool intel = sys::Cpu().vendor == "GenuineIntel";
  const auto enc = sys::ResolveEvent(intel ? "RETIRED_SSE_AVX_FLOPS" : "DTLB_LOAD_MISSES.WALK_COMPLETED");
  EXPECT_NE(enc.unsupported_reason.find("libpfm4 knows it"), std::string::npos) << enc.unsupported_reason;
}

TEST(Events, TracepointsCountWhenTracefsIsReachable) {
  const sys::TracefsMount mount;  // as a run that names tracepoints does
  if (sys::TracefsRoot().empty()) GTEST_SKIP() << "[needs-root] tracefs not reachable (needs root)";
  const auto enc = sys::ResolveEvent("exceptions:page_fault_user");
  EXPECT_EQ(enc.source, "tracepoint");
  EXPECT_GE(CountFirstTouch("exceptions:page_fault_user", PagePolicy::k4k, k64MiB), 16384u);
  EXPECT_THROW(sys::ResolveEvent("exceptions:page_fault_usr"), Error);
}

// A misspelt event is matched within its subsystem, a misspelt subsystem
// against every tracepoint.
TEST(Events, AnUnknownTracepointSuggestsTheClosest) {
  const sys::TracefsMount mount;
  if (sys::TracefsRoot().empty()) GTEST_SKIP() << "[needs-root] tracefs not reachable (needs root)";
  auto suggestion = [](const std::string& name) {
    try {
      sys::ResolveEvent(name);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("resolved");
  };
  for (int twice = 0; twice < 2; ++twice) {  // the second from the names read once
    EXPECT_NE(suggestion("exceptions:page_fault_usr").find("did you mean 'exceptions:page_fault_user'"),
              std::string::npos);
    EXPECT_NE(suggestion("exception:page_fault_user").find("did you mean 'exceptions:page_fault_user'"),
              std::string::npos);
  }
}

TEST(Memory, RegionsAreAlignedAndProvedFromSmaps) {
  const sys::MappedRegion region = sys::MappedRegion::Map(8u << 20, kPage2m, PagePolicy::k4k);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(region.data()) % kPage2m, 0u);
  EXPECT_EQ(sys::ReadPageBacking(region.data(), region.size()).resident_bytes, 0u);
  sys::PrefaultRegion(region, sys::Prefault::kPopulate);
  const PageBacking backing = sys::ReadPageBacking(region.data(), region.size());
  EXPECT_TRUE(backing.found);
  EXPECT_EQ(backing.resident_bytes, 8u << 20);
  EXPECT_EQ(backing.anon_huge_bytes, 0u);
  const PageProof proof = MakePageProof("dst", PagePolicy::k4k, backing);
  EXPECT_TRUE(proof.honoured);
  EXPECT_EQ(proof.text, "dst: 4k requested, 100% 4K (8 MiB resident, smaps)");
}

TEST(Hugetlb, AShortPoolIsAnErrorThatSaysHowToReserve) {
  try {
    sys::MappedRegion::Map(std::size_t{64} << 30, kPage2m, PagePolicy::kHugetlb2m);
    FAIL() << "64 GiB of hugetlb pages were mapped";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("32768 free 2 MiB pages are needed"), std::string::npos) << what;
    EXPECT_NE(what.find("nr_hugepages"), std::string::npos) << what;
  }
}

TEST(PageFlags, ClassifiesKpageflagsWords) {
  PageFlagCounts c;
  sys::CountPageFlags(0, c);                                                    // plain 4 KiB page
  sys::CountPageFlags(std::uint64_t{1} << 22, c);                               // THP
  sys::CountPageFlags(std::uint64_t{1} << 17, c);                               // hugetlb
  sys::CountPageFlags(std::uint64_t{1} << 24, c);                               // zero page
  sys::CountPageFlags((std::uint64_t{1} << 24) | (std::uint64_t{1} << 22), c);  // huge zero page
  EXPECT_EQ(c.normal, 1u);
  EXPECT_EQ(c.thp, 1u);
  EXPECT_EQ(c.hugetlb, 1u);
  EXPECT_EQ(c.zero, 1u);
  EXPECT_EQ(c.huge_zero, 1u);
}

TEST(PageFlags, PagemapProvesWhatWasObtained) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] pagemap frame numbers need root";
  const sys::MappedRegion small = sys::MappedRegion::Map(8u << 20, kPage2m, PagePolicy::k4k);
  EXPECT_EQ(sys::SamplePageFlags(small.data(), small.size(), 64).counts->not_present, 64u);
  sys::PrefaultRegion(small, sys::Prefault::kWrite);
  const auto c = sys::SamplePageFlags(small.data(), small.size(), 64).counts;
  ASSERT_TRUE(c);
  EXPECT_EQ(c->sampled, 64u);
  EXPECT_EQ(c->normal, 64u);
  const PageProof proof = MakePageProof("dst", PagePolicy::k4k, sys::ReadPageBacking(small.data(), small.size()),
                                        sys::SamplePageFlags(small.data(), small.size(), 64));
  EXPECT_EQ(proof.method, "pagemap");
  EXPECT_TRUE(proof.honoured);
  EXPECT_EQ(proof.split, "100.0% 4K");
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
  const sys::MappedRegion huge = sys::MappedRegion::Map(8u << 20, kPage2m, PagePolicy::kThp);
  sys::PrefaultRegion(huge, sys::Prefault::kWrite);
  const auto h = sys::SamplePageFlags(huge.data(), huge.size(), 64).counts;
  ASSERT_TRUE(h);
  const std::uint64_t huge_bytes = sys::ReadPageBacking(huge.data(), huge.size()).anon_huge_bytes;
  if (huge_bytes != huge.size()) SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(huge_bytes << " of 8 MiB in huge pages");
  EXPECT_EQ(h->thp, 64u);
}

TEST(PageFlags, ProofFromFlagsNamesTheZeroPages) {
  PageFlagSample sample;
  sample.counts = PageFlagCounts{};
  sample.counts->sampled = 10;
  sample.counts->huge_zero = 8;
  sample.counts->not_present = 2;
  const PageProof thp = MakePageProof("region", PagePolicy::kThp, PageBacking{}, sample);
  EXPECT_TRUE(thp.honoured);
  EXPECT_EQ(thp.split, "100.0% huge zero page (20.0% of pages not present)");
  sample.counts->huge_zero = 0;
  sample.counts->zero = 8;
  EXPECT_EQ(MakePageProof("region", PagePolicy::k4k, PageBacking{}, sample).split,
            "100.0% zero page (20.0% of pages not present)");
}

TEST(PageProof, RegionsUnder2MiBCannotBeThp) {
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = 256u << 10;
  backing.resident_bytes = 256u << 10;
  EXPECT_TRUE(MakePageProof("chain", PagePolicy::kThp, backing).honoured);
}

TEST(PageProof, FlagsRequestsTheKernelDidNotHonour) {
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = 64u << 20;
  backing.resident_bytes = 64u << 20;
  backing.anon_huge_bytes = 16u << 20;
  const PageProof thp = MakePageProof("dst", PagePolicy::kThp, backing);
  EXPECT_FALSE(thp.honoured);
  EXPECT_NE(thp.text.find("25.0% 2M, 75.0% 4K"), std::string::npos) << thp.text;
  EXPECT_NE(thp.text.find("NOT HONOURED"), std::string::npos);
  EXPECT_FALSE(MakePageProof("dst", PagePolicy::k4k, backing).honoured);
  backing.anon_huge_bytes = backing.resident_bytes;
  EXPECT_TRUE(MakePageProof("dst", PagePolicy::kThp, backing).honoured);
}

// KPF_THP marks mTHP folios too: with no PMD mapping (AnonHugePages 0) they
// are the requested size; a PMD mapping means the request was not honoured;
// smaps alone cannot see them at all.
TEST(PageProof, MthpNeedsPagemapAndNoPmdMappings) {
  const PagePolicy mthp = PagePolicy::Mthp(64u << 10);
  EXPECT_EQ(PagePolicyName(mthp), "mthp-64k");
  PageBacking backing;
  backing.found = true;
  backing.mapped_bytes = backing.resident_bytes = 8u << 20;
  PageFlagSample sample;
  sample.counts = PageFlagCounts{};
  sample.counts->sampled = sample.counts->thp = 100;
  const PageProof exact = MakePageProof("dst", mthp, backing, sample);
  EXPECT_TRUE(exact.honoured);
  EXPECT_EQ(exact.split, "100.0% mTHP 64k (PTE-mapped)");
  backing.anon_huge_bytes = 2u << 20;
  EXPECT_FALSE(MakePageProof("dst", mthp, backing, sample).honoured);
  backing.anon_huge_bytes = 0;
  const PageProof smaps_only = MakePageProof("dst", mthp, backing);
  EXPECT_EQ(smaps_only.split, "unverified");
  EXPECT_NE(smaps_only.text.find("needs root"), std::string::npos) << smaps_only.text;
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// A directory laid out as /sys/bus/event_source/devices is, with one IMC,
// one core PMU and a directory that is no PMU.
class PmuCatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() / ("membench-pmus-" + std::to_string(::getpid()));
    Write("uncore_imc_0/type", "21\n");
    Write("uncore_imc_0/cpumask", "0,56\n");
    Write("uncore_imc_0/format/event", "config:0-7\n");
    Write("uncore_imc_0/format/umask", "config:8-15\n");
    Write("uncore_imc_0/events/cas_count_read", "event=0x05,umask=0xcf\n");
    Write("uncore_imc_0/events/cas_count_read.scale", "6.103515625e-5\n");
    Write("uncore_imc_0/events/cas_count_read.unit", "MiB\n");
    Write("uncore_imc_0/events/cas_count_write", "event=0x05,umask=0xf0\n");
    Write("uncore_imc_0/events/cas_count_write.scale", "6.103515625e-5\n");
    Write("uncore_imc_0/events/cas_count_write.unit", "MiB\n");
    Write("cpu/type", "4\n");
    Write("cpu/format/event", "config:0-7\n");
    Write("not_a_pmu/readme", "no type file\n");
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  void Write(const std::string& path, const std::string& text) {
    std::filesystem::create_directories((root_ / path).parent_path());
    std::ofstream(root_ / path) << text;
  }
  std::filesystem::path root_;
};

TEST_F(PmuCatalogTest, ReadsTypesMasksFormatsAndScaledEvents) {
  std::vector<PmuDescription> pmus = sys::ReadPmuCatalog(root_.string());
  std::sort(pmus.begin(), pmus.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  ASSERT_EQ(pmus.size(), 2u);
  EXPECT_EQ(pmus[0].name, "cpu");
  EXPECT_TRUE(pmus[0].cpus.empty());
  const PmuDescription& imc = pmus[1];
  EXPECT_EQ(imc.type, 21u);
  EXPECT_EQ(imc.cpus, (std::vector<int>{0, 56}));
  EXPECT_EQ(imc.formats.at("umask"), "config:8-15");
  ASSERT_EQ(imc.events.size(), 2u);  // the .scale and .unit files are no events
  const MemoryCounterChoice choice = ChooseMemoryCounters(pmus);
  ASSERT_EQ(choice.counters.size(), 4u);
  EXPECT_DOUBLE_EQ(choice.counters[0].bytes_per_count, 64.0);
}

// On this machine: a meter where the controllers' counters can be opened,
// otherwise none with the reason, and `on` refusing with it.
TEST(MemoryTrafficMeter, OpensOrSaysWhyNot) {
  std::string why_not;
  const auto meter = MemoryTrafficMeter::Open(MemoryTrafficMode::kAuto, why_not);
  if (meter) {
    EXPECT_FALSE(meter->source().empty());
    meter->Start();
    EXPECT_EQ(meter->Stop().size(), 2u);
    return;
  }
  EXPECT_FALSE(why_not.empty());
  try {
    MemoryTrafficMeter::Open(MemoryTrafficMode::kOn, why_not);
    ADD_FAILURE() << "--memory-traffic on opened nothing without an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--memory-traffic on"), std::string::npos) << e.what();
  }
  EXPECT_EQ(MemoryTrafficMeter::Open(MemoryTrafficMode::kOff, why_not), nullptr);
  EXPECT_TRUE(why_not.empty());
}

}  // namespace
}  // namespace membench
