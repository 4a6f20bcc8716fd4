// File: sys/kernel_config.h
// The running kernel's build options, from /proc/config.gz or
// /boot/config-RELEASE: some decide what a fault or a clear costs
// (CONFIG_INIT_ON_ALLOC_DEFAULT_ON zeroes every allocated page a second
// time) and are invisible anywhere else.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace membench::sys {

struct KernelConfig {
  std::string source;                          // the file read, "" when none was readable
  std::map<std::string, std::string> options;  // asked-for names -> "y", "m", "n" or the value
};

// Only the named options (CONFIG_ prefix included); one not set is "n".
KernelConfig ReadKernelConfig(const std::string& release, const std::vector<std::string>& names);

}  // namespace membench::sys
