// File: bench/kernel_accounting_cost.cpp
// What reading the kernel's accounting around each sample costs
// (engine/kernel_accounting_window.h): the read of /proc/vmstat,
// /proc/meminfo and the nodes' numastat that happens just before and just
// after the timed region, and the parsing and differencing done after it.
// Medians of 2000 calls each. Built by `ninja kernel_accounting_cost`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "sys/read_kernel_accounting.h"

namespace {

template <class F>
double Median(F f) {
  std::vector<double> t;
  for (int i = 0; i < 2000; ++i) {
    auto a = std::chrono::steady_clock::now();
    f();
    auto b = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::micro>(b - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
}  // namespace

int main() {
  using membench::KernelAccountingText;
  using membench::KernelReading;
  namespace sys = membench::sys;
  const KernelAccountingText text = sys::ReadKernelAccountingText();
  std::size_t n = 0;
  const double read = Median([&] { n += sys::ReadKernelAccountingText().vmstat.size(); });
  const double parse = Median([&] { n += membench::ParseKernelAccounting(text).size(); });
  const KernelReading a = membench::ParseKernelAccounting(text);
  const KernelReading b = membench::ParseKernelAccounting(sys::ReadKernelAccountingText());
  const double diff = Median([&] { n += membench::KernelDeltas(a, b).size(); });
  std::printf("read %.1f us, parse %.1f us, diff %.1f us (median of 2000; %zu values)\n", read, parse, diff, a.size());
  return n == 0;
}
