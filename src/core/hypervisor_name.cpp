// File: core/hypervisor_name.cpp
#include "core/hypervisor_name.h"

#include <array>
#include <utility>

namespace membench {
namespace {

// The vendor signatures hypervisors publish in CPUID leaf 0x40000000,
// their padding (spaces, NULs) trimmed.
constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kSignatureNames = {{
    {"KVMKVMKVM", "KVM"},
    {"Microsoft Hv", "Hyper-V"},
    {"VMwareVMware", "VMware"},
    {"XenVMMXenVMM", "Xen"},
    {"bhyve bhyve", "bhyve"},
    {"TCGTCGTCGTCG", "QEMU TCG"},
    {"VBoxVBoxVBox", "VirtualBox"},
    {"prl hyperv", "Parallels"},
    {"ACRNACRNACRN", "ACRN"},
    {"Jailhouse", "Jailhouse"},
    {"HAXMHAXMHAXM", "HAXM"},
}};

std::string_view Trimmed(std::string_view text) {
  constexpr std::string_view kPadding(" \t\0", 3);
  const auto first = text.find_first_not_of(kPadding);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kPadding) - first + 1);
}

}  // namespace

std::string HypervisorName(std::string_view cpuid_signature) {
  const std::string_view signature = Trimmed(cpuid_signature);
  for (const auto& [known, name] : kSignatureNames) {
    if (signature == known) return std::string(name);
  }
  return std::string(signature);
}

}  // namespace membench
