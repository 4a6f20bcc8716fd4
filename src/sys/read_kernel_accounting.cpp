// File: sys/read_kernel_accounting.cpp
#include "sys/read_kernel_accounting.h"

#include <thread>

#include "sys/clock.h"
#include "sys/files.h"
#include "sys/numa.h"

namespace membench::sys {

KernelAccountingText ReadKernelAccountingText() {
  static const std::vector<int> nodes = OnlineNodes();
  KernelAccountingText text;
  text.vmstat = ReadFile("/proc/vmstat").value_or("");
  text.meminfo = ReadFile("/proc/meminfo").value_or("");
  for (const int node : nodes) {
    text.numastat.emplace_back(
        node, ReadFile("/sys/devices/system/node/node" + std::to_string(node) + "/numastat").value_or(""));
  }
  return text;
}

KernelIdleInterval MeasureIdleKernelAccounting(std::chrono::milliseconds window) {
  const std::int64_t start = MonotonicNs();
  const KernelAccountingText before = ReadKernelAccountingText();
  std::this_thread::sleep_for(window);
  const KernelAccountingText after = ReadKernelAccountingText();
  const std::int64_t end = MonotonicNs();
  return {end - start, KernelDeltas(ParseKernelAccounting(before), ParseKernelAccounting(after))};
}

}  // namespace membench::sys
