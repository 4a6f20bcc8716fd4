// File: tests/arm64_port_test.cpp
// What the arm64 port decides without an arm64 CPU: HWCAP, MIDR and DCZID
// words of real CPUs decoded, the page sizes of 4, 16 and 64 KiB kernels,
// and every kernel listed on both builds with the reason one cannot run.
// Run on x86-64 and, under qemu-user, on arm64 (.ci/run).
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/page_policy.h"
#include "core/page_proof.h"
#include "kernels/kernel.h"
#include "report/page_word.h"
#include "sys/arm64_cpu_decode.h"
#include "sys/memory.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

// A Neoverse-N1's words: AT_HWCAP with fp (bit 0), asimd (bit 1) and the
// ARMv8.2 bits up to 20, no SVE (bit 22); MIDR r3p1; DCZID_EL0 4, 64-byte
// blocks.
constexpr std::uint64_t kNeoverseN1Hwcap = 0x10ffff;
constexpr std::uint64_t kNeoverseN1Midr = 0x413fd0c1;

TEST(Arm64Decode, NamesANeoverseN1AndReadsItsFeatures) {
  const sys::CpuInfo cpu = sys::DecodeArm64({kNeoverseN1Hwcap, 0, kNeoverseN1Midr, 4});
  EXPECT_EQ(cpu.vendor, "Arm");
  EXPECT_EQ(cpu.model_name, "Neoverse-N1 (MIDR 0x413fd0c1)");
  EXPECT_TRUE(cpu.asimd);
  EXPECT_FALSE(cpu.sve);
  EXPECT_FALSE(cpu.sve2);
  EXPECT_EQ(cpu.dczva_block_bytes, 64u);
  EXPECT_TRUE(cpu.invariant_tsc) << "the generic timer is constant-rate";
  EXPECT_FALSE(cpu.avx2);
}

TEST(Arm64Decode, SveFromHwcapAndSve2FromHwcap2) {
  // Neoverse-V2 (NVIDIA Grace): HWCAP_SVE is bit 22, HWCAP2_SVE2 bit 1.
  const sys::CpuInfo cpu = sys::DecodeArm64({(1u << 1) | (1u << 22), 1u << 1, 0x410fd4f0, 4});
  EXPECT_EQ(cpu.model_name, "Neoverse-V2 (MIDR 0x410fd4f0)");
  EXPECT_TRUE(cpu.sve);
  EXPECT_TRUE(cpu.sve2);
}

TEST(Arm64Decode, DcZvaProhibitedOrOfAnotherBlockSize) {
  // DZP (bit 4) set: dc zva would trap, so the kernel needing it is unavailable.
  EXPECT_EQ(sys::DecodeArm64({2, 0, kNeoverseN1Midr, 0x14}).dczva_block_bytes, 0u);
  // BS 5: 4 << 5 = 128-byte blocks (Apple's cores).
  EXPECT_EQ(sys::DecodeArm64({2, 0, 0x611f0221, 5}).dczva_block_bytes, 128u);
}

TEST(Arm64Decode, UnknownPartsAndImplementersAreShownByNumber) {
  EXPECT_EQ(sys::Arm64Implementer(0x413fd0c1), "Arm");
  EXPECT_EQ(sys::Arm64Implementer(0xc00fac30), "Ampere");
  EXPECT_EQ(sys::Arm64ModelName(0xc00fac30), "AmpereOne (MIDR 0xc00fac30)");
  EXPECT_EQ(sys::Arm64Implementer(0x7f000000), "implementer 0x7f");
  EXPECT_EQ(sys::Arm64ModelName(0x41000123), "part 0x12 (MIDR 0x41000123)");
  // No MIDR in sysfs: nothing named rather than a made-up name.
  const sys::CpuInfo cpu = sys::DecodeArm64({2, 0, 0, 4});
  EXPECT_EQ(cpu.vendor, "");
  EXPECT_EQ(cpu.model_name, "");
}

TEST(PageSizes, PmdSizeOfEachBasePage) {
  EXPECT_EQ(PmdPageBytes(4u << 10), 2u << 20);
  EXPECT_EQ(PmdPageBytes(16u << 10), 32u << 20);
  EXPECT_EQ(PmdPageBytes(64u << 10), 512u << 20);
}

TEST(PageSizes, ThisKernelsBaseAndThpSizesAgree) {
  const std::size_t base = sys::BasePageBytes();
  EXPECT_TRUE(base == (4u << 10) || base == (16u << 10) || base == (64u << 10)) << base;
  // hpage_pmd_size where the kernel has THP; the formula otherwise.
  EXPECT_EQ(sys::ThpPageBytes(), PmdPageBytes(base));
}

TEST(PageSizes, Arm64HugetlbAndMthpSizesParse) {
  for (const char* name : {"hugetlb-64k", "hugetlb-2m", "hugetlb-32m", "hugetlb-512m", "hugetlb-1g", "hugetlb-16g"}) {
    const PagePolicy policy = ParsePagePolicy(name);
    EXPECT_EQ(policy.kind, PagePolicy::Kind::kHugetlb) << name;
    EXPECT_EQ(PagePolicyName(policy), name);
  }
  EXPECT_EQ(ParsePagePolicy("hugetlb-16g").page_bytes, std::size_t{16} << 30);
  // arm64's contpte size, and a 64K-page kernel's mTHP sizes.
  EXPECT_EQ(ParsePagePolicy("mthp-64k"), PagePolicy::Mthp(64u << 10));
  EXPECT_EQ(ParsePagePolicy("mthp-256m"), PagePolicy::Mthp(256u << 20));
  EXPECT_THROW(ParsePagePolicy("hugetlb-4m"), Error);
  EXPECT_THROW(ParsePagePolicy("mthp-3m"), Error);
}

// A 64 KiB-page kernel's proof names its own pages: base pages as 64K, THP
// as its 512 MiB PMD size, which the brief word still calls THP.
TEST(PageSizes, ProofsNameTheKernelsOwnPageSizes) {
  PageBacking backing;
  backing.found = true;
  backing.base_page_bytes = 64u << 10;
  backing.pmd_bytes = 512u << 20;
  backing.mapped_bytes = backing.resident_bytes = backing.anon_huge_bytes = 1u << 30;
  const PageProof thp = MakePageProof("dst", PagePolicy::kThp, backing, {});
  EXPECT_EQ(thp.split, "100% 512M");
  EXPECT_TRUE(thp.honoured);
  EXPECT_EQ(PageWord({thp}), "THP 100%");
  backing.anon_huge_bytes = 0;
  const PageProof base = MakePageProof("dst", PagePolicy::k4k, backing, {});
  EXPECT_EQ(base.split, "100% 64K");
  // A region below the PMD size cannot hold a THP: nothing to honour.
  backing.mapped_bytes = backing.resident_bytes = 256u << 20;
  EXPECT_TRUE(MakePageProof("dst", PagePolicy::kThp, backing, {}).honoured);
}

// Every kernel is listed on every build; those of the other instruction
// set are not built and say why, those of this one run where the CPU can.
template <class Kernel>
void ExpectListedForBothInstructionSets(const std::vector<Kernel>& kernels) {
  bool other_isa_listed = false;
  for (const auto& k : kernels) {
    const bool foreign = k.isa != Isa::kPortable && k.isa != kBuiltIsa;
    EXPECT_EQ(k.fn == nullptr, foreign) << k.name;
    if (foreign) {
      other_isa_listed = true;
      EXPECT_EQ(UnavailableReason(k), std::string(IsaName(k.isa)) + " only, and this build is for " +
                                          std::string(IsaName(kBuiltIsa)))
          << k.name;
    }
  }
  EXPECT_TRUE(other_isa_listed);
}

TEST(KernelIsa, EveryKernelIsListedAndTheOtherIsaSaysWhy) {
  ExpectListedForBothInstructionSets(CopyKernels());
  ExpectListedForBothInstructionSets(FillKernels());
  ExpectListedForBothInstructionSets(CompareKernels());
  ExpectListedForBothInstructionSets(ReadKernels());
}

TEST(KernelIsa, TheDefaultReadKernelRunsOnEveryCpuOfTheIsa) {
  const ParamSpec impl = ReadImplParam();
  EXPECT_EQ(impl.default_value, kBuiltIsa == Isa::kArm64 ? "neon" : "sse2");
  EXPECT_EQ(impl.unavailable_reason(impl.default_value), "");
}

}  // namespace
}  // namespace membench
