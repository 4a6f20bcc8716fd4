// File: core/hypervisor_name.h
// A hypervisor in words. CPUID leaf 0x40000000 gives a 12-byte signature
// ("KVMKVMKVM", "Microsoft Hv", "bhyve bhyve "), which printed as it is
// reads as a name said two or three times ("VM: bhyve bhyve"). Results
// store and reports print the name; one the table does not know stays as
// the signature said it, without its padding.
#pragma once

#include <string>
#include <string_view>

namespace membench {

// "KVMKVMKVM" -> "KVM", "Microsoft Hv" -> "Hyper-V"; a name already
// mapped maps to itself, so results written before the mapping and after
// it read the same; "" (bare metal) stays "".
std::string HypervisorName(std::string_view cpuid_signature);

}  // namespace membench
