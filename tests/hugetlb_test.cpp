// File: tests/hugetlb_test.cpp
// hugetlb pages reserved as root and used: mapped and proven by sys, and by
// the real binary's workloads (fault, memcpy, chase) with the defaults,
// 2 MiB and, where the kernel can find one, 1 GiB; doctor and an
// experiment with the pool present and absent. The pools are machine-wide,
// so this binary runs alone (RUN_SERIAL), inside ctest's fixture that puts
// nr_hugepages back even after a crash (tests/hugetlb-pools.sh).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "core/page_policy.h"
#include "core/page_proof.h"
#include "membench_process.h"
#include "reserved_huge_pages.h"
#include "sys/files.h"
#include "sys/memory.h"
#include "sys/page_flags.h"

namespace membench {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

TEST(Hugetlb, MapsAndProvesReservedPages) {
  const ReservedHugePages reserved(kPage2m, 4);
  if (!reserved.ok()) GTEST_SKIP() << reserved.why_not();
  const std::uint64_t free_before = sys::ReadHugetlbPool(kPage2m).free_pages;
  const sys::MappedRegion region = sys::MappedRegion::Map(4 * kMiB, kPage2m, PagePolicy::kHugetlb2m);
  EXPECT_EQ(sys::ReadHugetlbPool(kPage2m).free_pages, free_before - 2);  // reserved at mmap
  sys::PrefaultRegion(region, sys::Prefault::kWrite);
  const PageProof smaps =
      MakePageProof("dst", PagePolicy::kHugetlb2m, sys::ReadPageBacking(region.data(), region.size()));
  EXPECT_TRUE(smaps.honoured) << smaps.text;
  EXPECT_EQ(smaps.huge_bytes, 4 * kMiB);
  const PageProof exact =
      MakePageProof("dst", PagePolicy::kHugetlb2m, sys::ReadPageBacking(region.data(), region.size()),
                    sys::SamplePageFlags(region.data(), region.size(), 64));
  EXPECT_TRUE(exact.honoured) << exact.text;
  EXPECT_EQ(exact.split, "100.0% hugetlb");
}

// Every buffer of every measurement was hugetlb-backed, by its proof.
void ExpectAllHugetlb(const std::string& path, const std::string& what) {
  const nlohmann::json result = ReadJson(path);
  ASSERT_FALSE(result["measurements"].empty()) << what;
  for (const auto& m : result["measurements"]) {
    ASSERT_FALSE(m["page_proof"].empty()) << what;
    for (const auto& proof : m["page_proof"]) {
      EXPECT_TRUE(proof["honoured"].get<bool>()) << what << ": " << proof["text"];
      EXPECT_NE(proof["split"].get<std::string>().find("hugetlb"), std::string::npos) << what << ": " << proof;
    }
  }
}

// The workloads on reserved 2 MiB pages, with the default invocations and
// repetitions: each proof says hugetlb, and the pool is whole afterwards.
TEST(HugetlbRuns, FaultMemcpyAndChaseRunOnReservedPages) {
  const ReservedHugePages reserved(kPage2m, 48);  // 96 MiB: the largest run's 64 MiB and room
  if (!reserved.ok()) GTEST_SKIP() << reserved.why_not();
  const std::uint64_t free_before = sys::ReadHugetlbPool(kPage2m).free_pages;
  for (const char* args : {"run fault --size 64M --pages hugetlb-2m", "run memcpy --size 32M --pages hugetlb-2m",
                           "run chase --size 64M --pages hugetlb-2m"}) {
    const std::string path = TempPath("hugetlb.json");
    const Outcome run = Membench(std::string(args) + " --json " + path);
    ASSERT_EQ(run.status, 0) << args << "\n" << run.output;
    EXPECT_EQ(run.output.find("NOT HONOURED"), std::string::npos) << run.output;
    ExpectAllHugetlb(path, args);
    EXPECT_EQ(sys::ReadHugetlbPool(kPage2m).free_pages, free_before) << args << " kept pages after it ended";
  }
}

// A 1 GiB page, where the kernel offers the size and can find a free GiB.
TEST(HugetlbRuns, FaultRunsOnAReserved1GiBPage) {
  const ReservedHugePages reserved(kPage1g, 1);
  // A free, contiguous GiB is often not there even after compaction: unlike
  // a short 2 MiB pool, that is no sign of a bug.
  if (!reserved.ok() && reserved.why_not().rfind("[hugetlb-short]", 0) == 0) {
    GTEST_SKIP() << "[no-free-gib] " << reserved.why_not();
  }
  if (!reserved.ok()) GTEST_SKIP() << reserved.why_not();
  const std::string path = TempPath("hugetlb-1g.json");
  const Outcome run = Membench("run fault --size 1G --pages hugetlb-1g --invocations 1 -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  ExpectAllHugetlb(path, "fault on 1 GiB pages");
}

// doctor names the pool as it is; a run on an empty pool is refused with
// how to reserve pages, and runs once they are there.
TEST(HugetlbPool, DoctorAndAnExperimentSeeItAbsentAndPresent) {
  const std::string file = TempPath("hugetlb.toml");
  std::ofstream(file) << R"(name = "hugetlb"
question = "does memset run on 2 MiB hugetlb pages?"
[[run]]
id = "r1"
title = "memset on hugetlb"
workload = "memset"
treatment = "impl"
repeat = 2
params = { size = "8M", impl = ["libc", "stosb"], pages = "hugetlb-2m" }
)";
  const ReservedHugePages emptied(kPage2m, 0, true);  // put back as it was, however the test ends
  if (!emptied.ok()) GTEST_SKIP() << emptied.why_not();
  const Outcome doctor_absent = Membench("doctor");
  EXPECT_NE(doctor_absent.output.find("none reserved"), std::string::npos) << doctor_absent.output;
  const Outcome self_test_absent = Membench("doctor --self-test");
  EXPECT_EQ(self_test_absent.status, 0) << self_test_absent.output;
  EXPECT_TRUE(std::regex_search(self_test_absent.output,
                                std::regex("--pages hugetlb-2m through fault +not here +fewer than 2 free")))
      << self_test_absent.output;
  const Outcome refused = Membench("experiment run " + file + " --store " + TempPath("absent.sqlite"));
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_NE(refused.output.find("nr_hugepages"), std::string::npos) << refused.output;

  {
    const ReservedHugePages reserved(kPage2m, 16);
    if (!reserved.ok()) GTEST_SKIP() << reserved.why_not();
    const Outcome doctor_present = Membench("doctor");
    EXPECT_NE(doctor_present.output.find("2048kB: 16 (16 free)"), std::string::npos) << doctor_present.output;
    const Outcome self_test = Membench("doctor --self-test");
    EXPECT_EQ(self_test.status, 0) << self_test.output;
    EXPECT_TRUE(std::regex_search(self_test.output,
                                  std::regex("--pages hugetlb-2m through fault +passed +1 buffer in hugetlb")))
        << self_test.output;
    const Outcome ran = Membench("experiment run " + file + " --store " + TempPath("present.sqlite"));
    EXPECT_EQ(ran.status, 0) << ran.output;
    EXPECT_NE(ran.output.find("impl=stosb / libc"), std::string::npos) << ran.output;
    EXPECT_EQ(ran.output.find("NOT HONOURED"), std::string::npos) << ran.output;
  }
}

}  // namespace
}  // namespace membench
