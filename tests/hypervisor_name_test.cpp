// File: tests/hypervisor_name_test.cpp
// CPUID's hypervisor signatures as the names a reader knows.
#include "core/hypervisor_name.h"

#include <gtest/gtest.h>

#include <string>

namespace membench {
namespace {

TEST(HypervisorName, KnownSignaturesBecomeOneName) {
  EXPECT_EQ(HypervisorName("KVMKVMKVM"), "KVM");
  EXPECT_EQ(HypervisorName(std::string("KVMKVMKVM\0\0\0", 12)), "KVM");
  EXPECT_EQ(HypervisorName("Microsoft Hv"), "Hyper-V");
  EXPECT_EQ(HypervisorName("VMwareVMware"), "VMware");
  EXPECT_EQ(HypervisorName("XenVMMXenVMM"), "Xen");
  EXPECT_EQ(HypervisorName("bhyve bhyve "), "bhyve");
  EXPECT_EQ(HypervisorName("bhyve bhyve"), "bhyve");
  EXPECT_EQ(HypervisorName("TCGTCGTCGTCG"), "QEMU TCG");
  EXPECT_EQ(HypervisorName("VBoxVBoxVBox"), "VirtualBox");
  EXPECT_EQ(HypervisorName("ACRNACRNACRN"), "ACRN");
}

// Results written before the mapping hold signatures, later ones names:
// both read back as the name, so compare sees no difference between them.
TEST(HypervisorName, ANameMapsToItself) {
  for (const char* name : {"KVM", "Hyper-V", "VMware", "Xen", "bhyve", "QEMU TCG"}) {
    EXPECT_EQ(HypervisorName(name), name);
    EXPECT_EQ(HypervisorName(HypervisorName(name)), name);
  }
}

TEST(HypervisorName, AnUnknownSignatureStaysAsSaidWithoutPadding) {
  EXPECT_EQ(HypervisorName("  NewVisor   "), "NewVisor");
  EXPECT_EQ(HypervisorName("unknown hypervisor"), "unknown hypervisor");
  EXPECT_EQ(HypervisorName(""), "");
  EXPECT_EQ(HypervisorName(std::string("\0\0\0\0", 4)), "");
}

}  // namespace
}  // namespace membench
