// File: engine/kernel_accounting_window.h
// The kernel's accounting read just outside a sample's timed region, as the
// memory controllers' counters are (core/kernel_accounting.h): Open before
// the clock starts, Close after it stops. The reads (tens of microseconds
// each, bench/RESULTS.md) are in neither the timed region nor the sample's
// CPU times, and the text is parsed only after the timed region.
#pragma once

#include <cstdint>

#include "core/kernel_accounting.h"
#include "core/result.h"

namespace membench {

class KernelAccountingWindow {
 public:
  void Open();
  // The deltas since Open, into the sample.
  void Close(Sample& sample) const;

 private:
  std::int64_t start_ns_ = 0;
  KernelAccountingText before_;  // parsed at Close, after the timed region
};

}  // namespace membench
