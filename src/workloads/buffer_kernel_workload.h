// File: workloads/buffer_kernel_workload.h
// What the buffer-kernel workloads (memcpy, memset, memcmp, read) share: one
// kernel called on the whole buffer `loops` times, or, with --size-dist, on
// each of the drawn calls (workloads/drawn_calls.h) `loops` times; the work
// of a loop, and the counts of the drawn calls. The timed loop keeps every
// call: a compiler barrier follows each, and a kernel's result (a compare's
// difference, a read's sum) is folded into a sink that is consumed, so no
// call can be merged with the next or dropped.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/workload.h"
#include "workloads/drawn_calls.h"

namespace membench {

class BufferKernelWorkload : public Workload {
 public:
  std::uint64_t WorkPerLoop() const override { return calls_.empty() ? size_ : calls_.bytes_per_loop(); }
  std::vector<SideCount> SideCounts() const override { return calls_.SideCounts(); }
  std::vector<std::uint64_t> TakeSideCounts() override { return calls_.TakeSideCounts(); }

 protected:
  // whole() `loops` times; with drawn calls, drawn(call) for each of them
  // `loops` times instead.
  template <class Whole, class Drawn>
  void RunCalls(std::uint64_t loops, Whole whole, Drawn drawn) {
    if (!calls_.empty()) {
      for (std::uint64_t i = 0; i < loops; ++i) {
        for (const DrawnCall& call : calls_.calls()) {
          drawn(call);
          asm volatile("" : : : "memory");
        }
      }
      calls_.Made(loops);
      return;
    }
    RunWhole(loops, whole);
  }

  template <class Whole>
  void RunWhole(std::uint64_t loops, Whole whole) {
    if constexpr (std::is_void_v<std::invoke_result_t<Whole>>) {
      for (std::uint64_t i = 0; i < loops; ++i) {
        whole();
        asm volatile("" : : : "memory");
      }
    } else {
      std::uint64_t folded = 0;
      for (std::uint64_t i = 0; i < loops; ++i) {
        folded += static_cast<std::uint64_t>(whole());
        asm volatile("" : "+r"(folded) : : "memory");
      }
      sink_ = folded;
    }
  }

  // The buffers' notes, and what the drawn calls are where there are some.
  std::vector<std::string> NotesWithCalls(std::vector<std::string> notes) const {
    if (!calls_.empty()) notes.push_back(calls_.Describe());
    return notes;
  }

  std::uint64_t size_ = 0;
  DrawnCalls calls_;

 private:
  volatile std::uint64_t sink_ = 0;
};

}  // namespace membench
