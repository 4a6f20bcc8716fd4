// File: engine/kernel_accounting_window.cpp
#include "engine/kernel_accounting_window.h"

#include <utility>

#include "sys/clock.h"
#include "sys/profiler.h"
#include "sys/read_kernel_accounting.h"

namespace membench {

KernelAccountingWindow::~KernelAccountingWindow() {
  // A sample that threw inside the window: its profiling samples are
  // nobody's, and must not reach the next sample's.
  if (profiling_) {
    profiler_->Disable();
    Sample discarded;
    profiler_->Drain(discarded);
  }
}

KernelAccountingWindow& KernelAccountingWindow::operator=(KernelAccountingWindow&& other) noexcept {
  if (this != &other) {
    KernelAccountingWindow discarded(std::move(*this));
    profiler_ = other.profiler_;
    profiling_ = other.profiling_;
    start_ns_ = other.start_ns_;
    before_ = std::move(other.before_);
    other.profiling_ = false;
  }
  return *this;
}

void KernelAccountingWindow::Open() {
  start_ns_ = sys::MonotonicNs();
  before_ = sys::ReadKernelAccountingText();
  if (profiler_ != nullptr) {
    profiler_->Enable();
    profiling_ = true;
  }
}

void KernelAccountingWindow::Close(Sample& sample) {
  if (profiling_) profiler_->Disable();
  const KernelAccountingText after = sys::ReadKernelAccountingText();
  const std::int64_t end_ns = sys::MonotonicNs();
  // The symbols are resolved after the window's end: the idle interval is
  // scaled to the window, which their reading must not widen.
  if (profiling_) {
    profiler_->Drain(sample);
    profiling_ = false;
  }
  // A file that could not be read would make its values look unchanged:
  // the window is not kept (kernel_window_ns 0: not read).
  if (!before_.Complete() || !after.Complete()) return;
  sample.kernel_window_ns = end_ns - start_ns_;
  sample.kernel_deltas = KernelDeltas(ParseKernelAccounting(before_), ParseKernelAccounting(after));
}

}  // namespace membench
