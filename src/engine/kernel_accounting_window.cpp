// File: engine/kernel_accounting_window.cpp
#include "engine/kernel_accounting_window.h"

#include "sys/clock.h"
#include "sys/profiler.h"
#include "sys/read_kernel_accounting.h"

namespace membench {

void KernelAccountingWindow::Open() {
  start_ns_ = sys::MonotonicNs();
  before_ = sys::ReadKernelAccountingText();
  if (profiler_ != nullptr) profiler_->Enable();
}

void KernelAccountingWindow::Close(Sample& sample) {
  if (profiler_ != nullptr) profiler_->Disable();
  const KernelAccountingText after = sys::ReadKernelAccountingText();
  if (profiler_ != nullptr) profiler_->Drain(sample);
  // A file that could not be read would make its values look unchanged:
  // the window is not kept (kernel_window_ns 0: not read).
  if (!before_.Complete() || !after.Complete()) return;
  sample.kernel_window_ns = sys::MonotonicNs() - start_ns_;
  sample.kernel_deltas = KernelDeltas(ParseKernelAccounting(before_), ParseKernelAccounting(after));
}

}  // namespace membench
