// File: sys/read_kernel_accounting.cpp
#include "sys/read_kernel_accounting.h"

#include <thread>

#include "sys/clock.h"
#include "sys/files.h"
#include "sys/numa.h"

namespace membench::sys {

namespace {

std::string NumastatPath(int node) { return "/sys/devices/system/node/node" + std::to_string(node) + "/numastat"; }

}  // namespace

KernelAccountingText ReadKernelAccountingText() {
  // The nodes with a numastat (a kernel without NUMA has none): from then
  // on, one that cannot be read makes the reading incomplete.
  static const std::vector<int> nodes = [] {
    std::vector<int> readable;
    for (const int node : OnlineNodes()) {
      if (ReadFile(NumastatPath(node))) readable.push_back(node);
    }
    return readable;
  }();
  KernelAccountingText text;
  text.vmstat = ReadFile("/proc/vmstat").value_or("");
  text.meminfo = ReadFile("/proc/meminfo").value_or("");
  for (const int node : nodes) text.numastat.emplace_back(node, ReadFile(NumastatPath(node)).value_or(""));
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
