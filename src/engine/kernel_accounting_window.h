// File: engine/kernel_accounting_window.h
// The kernel's accounting read just outside a sample's timed region, as the
// memory controllers' counters are (core/kernel_accounting.h): Open before
// the clock starts, Close after it stops. The reads (tens of microseconds
// each, bench/RESULTS.md) are in neither the timed region nor the sample's
// CPU times, and the text is parsed only after the timed region. Under
// --profile the window also samples where the time went (sys/profiler.h),
// inside the reads, and resolves the symbols after them.
#pragma once

#include <cstdint>
#include <utility>

#include "core/kernel_accounting.h"
#include "core/result.h"

namespace membench {

namespace sys {
class Profiler;
}

class KernelAccountingWindow {
 public:
  explicit KernelAccountingWindow(sys::Profiler* profiler = nullptr) : profiler_(profiler) {}
  KernelAccountingWindow(KernelAccountingWindow&& other) noexcept
      : profiler_(other.profiler_), profiling_(other.profiling_), start_ns_(other.start_ns_),
        before_(std::move(other.before_)) {
    other.profiling_ = false;
  }
  KernelAccountingWindow& operator=(KernelAccountingWindow&& other) noexcept;
  ~KernelAccountingWindow();
  void Open();
  // The deltas since Open, and the profile, into the sample.
  void Close(Sample& sample);

 private:
  sys::Profiler* profiler_;
  bool profiling_ = false;  // enabled by Open, not yet closed
  std::int64_t start_ns_ = 0;
  KernelAccountingText before_;  // parsed at Close, after the timed region
};

}  // namespace membench
