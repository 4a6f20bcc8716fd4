// File: tests/cpuid_decode_test.cpp
// CPUID decoded from register tables: one read on an Intel Xeon (Ice Lake
// server class) under KVM without a virtual PMU, the same with a PMU, a VM
// whose OS does not save the AVX-512 state, an AMD EPYC of the Zen 5 class
// and an older AMD without the topology extension.
#include "sys/cpuid_decode.h"

#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "core/error.h"
#include "sys/cpu_features_mask.h"

namespace membench::sys {
namespace {

using Table = std::map<std::pair<unsigned, unsigned>, CpuidRegisters>;

// A leaf absent from the table reads as zeros, as reserved leaves do.
CpuidReader ReaderOf(const Table& table) {
  return [table](unsigned leaf, unsigned subleaf) {
    const auto found = table.find({leaf, subleaf});
    return found == table.end() ? CpuidRegisters{} : found->second;
  };
}

Xcr0Reader SavesXcr0(std::uint64_t value) {
  return [value] { return value; };
}

// Read on this project's Intel VM: "Intel(R) Xeon(R) Processor @ 2.80GHz",
// family 6 model 0x6a, KVM, leaf 0xA all zeros (no PMU), XCR0 0xe7.
Table IntelXeonUnderKvm() {
  return {
      {{0x0, 0}, {0x0000001b, 0x756e6547, 0x6c65746e, 0x49656e69}},
      {{0x1, 0}, {0x000606a6, 0x00020800, 0xfffa3203, 0x1f8bfbff}},
      {{0x4, 0}, {0x04000121, 0x02c0003f, 0x0000003f, 0x00000000}},
      {{0x4, 1}, {0x04000122, 0x01c0003f, 0x0000003f, 0x00000000}},
      {{0x4, 2}, {0x04000143, 0x04c0003f, 0x000003ff, 0x00000000}},
      {{0x4, 3}, {0x04004163, 0x02c0003f, 0x0000ffff, 0x00000000}},
      {{0x7, 0}, {0x00000002, 0xf1bf2ffb, 0x00415f46, 0x20000010}},
      {{0x40000000, 0}, {0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d}},
      {{0x80000000, 0}, {0x80000008, 0x00000000, 0x00000000, 0x00000000}},
      {{0x80000001, 0}, {0x00000000, 0x00000000, 0x00000121, 0x2c100800}},
      {{0x80000002, 0}, {0x65746e49, 0x2952286c, 0x6f655820, 0x2952286e}},
      {{0x80000003, 0}, {0x6f725020, 0x73736563, 0x4020726f, 0x382e3220}},
      {{0x80000004, 0}, {0x7a484730, 0x00000000, 0x00000000, 0x00000000}},
      {{0x80000006, 0}, {0x00000000, 0x00000000, 0x01006040, 0x00000000}},
      {{0x80000007, 0}, {0x00000000, 0x00000000, 0x00000000, 0x00000100}},
      {{0x80000008, 0}, {0x002e392e, 0x00000000, 0x00000000, 0x00000000}},
  };
}

// An EPYC of the Zen 5 class, written from AMD's manual: topology extension
// and core counters (0x80000001 ECX bits 22, 23), PerfMonV2 with 6 counters
// (0x80000022), CLZERO, caches in 0x8000001D: 48 KiB L1d, 1 MiB L2, 32 MiB L3.
Table AmdEpyc() {
  return {
      {{0x0, 0}, {0x00000010, 0x68747541, 0x444d4163, 0x69746e65}},
      {{0x1, 0}, {0x00b00f21, 0x00000800, 0x7ed8320b, 0x178bfbff}},
      {{0x7, 0}, {0x00000001, 0xf1bf03a9, 0x00000000, 0x00000010}},
      {{0x80000000, 0}, {0x80000026, 0x68747541, 0x444d4163, 0x69746e65}},
      {{0x80000001, 0}, {0x00b00f21, 0x00000000, 0x00c003f3, 0x2fd3fbff}},
      {{0x80000002, 0}, {0x20444d41, 0x43595045, 0x31303920, 0x00000035}},
      {{0x80000007, 0}, {0x00000000, 0x00000000, 0x00000000, 0x00000100}},
      {{0x80000008, 0}, {0x00003030, 0x00000001, 0x00000000, 0x00000000}},
      {{0x8000001d, 0}, {0x00000121, 0x02c0003f, 0x0000003f, 0x00000000}},
      {{0x8000001d, 1}, {0x00000122, 0x01c0003f, 0x0000003f, 0x00000000}},
      {{0x8000001d, 2}, {0x00000143, 0x03c0003f, 0x000003ff, 0x00000000}},
      {{0x8000001d, 3}, {0x00000163, 0x03c0003f, 0x00007fff, 0x00000000}},
      {{0x80000022, 0}, {0x00000001, 0x00000006, 0x00000000, 0x00000000}},
  };
}

TEST(CpuidDecode, AnIntelXeonUnderKvmWithoutAPmu) {
  const CpuInfo cpu = DecodeCpuid(ReaderOf(IntelXeonUnderKvm()), SavesXcr0(0xe7));
  EXPECT_EQ(cpu.vendor, "GenuineIntel");
  EXPECT_EQ(cpu.model_name, "Intel(R) Xeon(R) Processor @ 2.80GHz");
  EXPECT_EQ(cpu.hypervisor, "KVM");
  EXPECT_TRUE(cpu.sse2);
  EXPECT_TRUE(cpu.avx2);
  EXPECT_TRUE(cpu.avx512f);
  EXPECT_TRUE(cpu.avx512bw);
  EXPECT_TRUE(cpu.erms);
  EXPECT_TRUE(cpu.fsrm);
  EXPECT_FALSE(cpu.clzero);
  EXPECT_TRUE(cpu.invariant_tsc);
  // Leaf 0xA reads zero: CPUID announces no counters (not "does not say").
  EXPECT_EQ(cpu.pmu_general_counters, 0);
  EXPECT_EQ(cpu.pmu_fixed_counters, -1);
  // The instruction cache (subleaf 1) is not listed.
  ASSERT_EQ(cpu.caches.size(), 3u);
  EXPECT_EQ(cpu.caches[0].name, "L1d");
  EXPECT_EQ(cpu.caches[0].size_bytes, 48u << 10);  // 12 ways x 64 sets x 64 B
  EXPECT_EQ(cpu.caches[1].name, "L2");
  EXPECT_EQ(cpu.caches[1].size_bytes, 1280u << 10);  // 20 ways x 1024 sets
  EXPECT_EQ(cpu.caches[2].name, "L3");
  EXPECT_EQ(cpu.caches[2].size_bytes, 48u << 20);  // 12 ways x 65536 sets
}

TEST(CpuidDecode, AVirtualPmuAnnouncesItsCounters) {
  Table table = IntelXeonUnderKvm();
  // Architectural perfmon version 2: 8 general counters 48 bits wide, 3 fixed.
  table[{0xa, 0}] = {0x07300802, 0x00000000, 0x00000000, 0x00000603};
  const CpuInfo cpu = DecodeCpuid(ReaderOf(table), SavesXcr0(0xe7));
  EXPECT_EQ(cpu.pmu_general_counters, 8);
  EXPECT_EQ(cpu.pmu_fixed_counters, 3);
}

TEST(CpuidDecode, AvxNeedsTheOsToSaveItsRegisters) {
  // The CPU has AVX-512, but the OS saves x87, SSE and AVX state only.
  const CpuInfo ymm_only = DecodeCpuid(ReaderOf(IntelXeonUnderKvm()), SavesXcr0(0x7));
  EXPECT_TRUE(ymm_only.avx2);
  EXPECT_FALSE(ymm_only.avx512f);
  EXPECT_FALSE(ymm_only.avx512bw);

  // Without OSXSAVE, XGETBV would fault: it must not be read, and no AVX counts.
  Table table = IntelXeonUnderKvm();
  table[{0x1, 0}].ecx &= ~(1u << 27);
  const CpuInfo no_osxsave = DecodeCpuid(ReaderOf(table), []() -> std::uint64_t {
    ADD_FAILURE() << "XCR0 read without OSXSAVE";
    return 0xe7;
  });
  EXPECT_FALSE(no_osxsave.avx2);
  EXPECT_FALSE(no_osxsave.avx512f);
  EXPECT_TRUE(no_osxsave.erms);
}

TEST(CpuidDecode, BareMetalHasNoHypervisorAndAnUnnamedOneIsStillOne) {
  Table table = IntelXeonUnderKvm();
  table[{0x1, 0}].ecx &= ~(1u << 31);
  EXPECT_EQ(DecodeCpuid(ReaderOf(table), SavesXcr0(0xe7)).hypervisor, "");

  table = IntelXeonUnderKvm();
  table.erase({0x40000000, 0});
  EXPECT_EQ(DecodeCpuid(ReaderOf(table), SavesXcr0(0xe7)).hypervisor, "unknown hypervisor");
}

TEST(CpuidDecode, TheBrandStringLosesItsPadding) {
  Table table = IntelXeonUnderKvm();
  // Older Intel CPUs right-align the brand string with leading spaces.
  table[{0x80000002, 0}] = {0x20202020, 0x20202020, 0x65746e49, 0x2952286c};
  table[{0x80000003, 0}] = {0x6f655820, 0x2952286e, 0x55504320, 0x00000000};
  table[{0x80000004, 0}] = {};
  EXPECT_EQ(DecodeCpuid(ReaderOf(table), SavesXcr0(0xe7)).model_name, "Intel(R) Xeon(R) CPU");
}

TEST(CpuidDecode, AnAmdEpyc) {
  const CpuInfo cpu = DecodeCpuid(ReaderOf(AmdEpyc()), SavesXcr0(0xe7));
  EXPECT_EQ(cpu.vendor, "AuthenticAMD");
  EXPECT_EQ(cpu.model_name, "AMD EPYC 9015");
  EXPECT_EQ(cpu.hypervisor, "");
  EXPECT_TRUE(cpu.avx2);
  EXPECT_TRUE(cpu.avx512f);
  EXPECT_TRUE(cpu.avx512bw);
  EXPECT_TRUE(cpu.erms);
  EXPECT_TRUE(cpu.fsrm);
  EXPECT_TRUE(cpu.clzero);
  EXPECT_TRUE(cpu.invariant_tsc);
  EXPECT_EQ(cpu.pmu_general_counters, 6);
  EXPECT_EQ(cpu.pmu_fixed_counters, 0);
  ASSERT_EQ(cpu.caches.size(), 3u);
  EXPECT_EQ(cpu.caches[0].size_bytes, 48u << 10);
  EXPECT_EQ(cpu.caches[1].size_bytes, 1u << 20);
  EXPECT_EQ(cpu.caches[2].name, "L3");
  EXPECT_EQ(cpu.caches[2].size_bytes, 32u << 20);
}

TEST(CpuidDecode, AnAmdWithoutTheTopologyExtensionUsesItsLegacyCacheLeaves) {
  Table table = AmdEpyc();
  table[{0x80000000, 0}].eax = 0x80000008;                  // no 0x8000001D, no PerfMonV2
  table[{0x80000001, 0}].ecx &= ~(3u << 22);                // no topology extension, no core counters
  table[{0x80000005, 0}] = {0, 0, 0x20080140, 0};           // L1d 32 KiB
  table[{0x80000006, 0}] = {0, 0, 0x02006140, 0x00808140};  // L2 512 KiB, L3 32 x 512 KiB
  const CpuInfo cpu = DecodeCpuid(ReaderOf(table), SavesXcr0(0xe7));
  // Without PerfMonV2 or the core extension CPUID does not say.
  EXPECT_EQ(cpu.pmu_general_counters, -1);
  ASSERT_EQ(cpu.caches.size(), 3u);
  EXPECT_EQ(cpu.caches[0].size_bytes, 32u << 10);
  EXPECT_EQ(cpu.caches[1].size_bytes, 512u << 10);
  EXPECT_EQ(cpu.caches[2].size_bytes, 16u << 20);
}

// The test-only mask: a feature and those that need it go, the rest stay;
// an unknown name is refused with the list.
TEST(CpuFeaturesMask, ClearsTheFeatureAndThoseThatNeedIt) {
  CpuInfo cpu;
  cpu.sse2 = cpu.avx2 = cpu.avx512f = cpu.avx512bw = cpu.erms = cpu.clzero = true;
  MaskCpuFeatures(cpu, "avx512f");
  EXPECT_FALSE(cpu.avx512f);
  EXPECT_FALSE(cpu.avx512bw);
  EXPECT_TRUE(cpu.avx2);
  EXPECT_TRUE(cpu.erms);
  MaskCpuFeatures(cpu, "clzero,avx2");
  EXPECT_FALSE(cpu.clzero);
  EXPECT_FALSE(cpu.avx2);
  EXPECT_TRUE(cpu.sse2);
  CpuInfo arm;
  arm.asimd = arm.sve = arm.sve2 = true;
  arm.dczva_block_bytes = 64;
  MaskCpuFeatures(arm, "sve,dczva");
  EXPECT_FALSE(arm.sve2);
  EXPECT_EQ(arm.dczva_block_bytes, 0u);
  EXPECT_TRUE(arm.asimd);
  try {
    MaskCpuFeatures(cpu, "avx512");
    ADD_FAILURE() << "an unknown feature was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'avx512' is no feature membench knows"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace membench::sys
