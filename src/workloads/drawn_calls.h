// File: workloads/drawn_calls.h
// memcpy and memset calls drawn from a size distribution (--size-dist),
// as fleetbench and llvm-libc's benchmarks make them: each call's size and
// alignment drawn from the distribution, its addresses at random across a
// working set (--size). The calls are drawn once, before timing, from a
// fixed seed: every sample makes the same calls, and the timed loop only
// reads them. So the lines they touch are reused loop after loop, and the
// run's note says how many: the figure is that of calls on warm caches
// where that footprint fits them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/result.h"
#include "core/size_distribution.h"

namespace membench {

inline constexpr const char* kNoSizeDist = "none";

ParamSpec SizeDistParam();

// Draws the point's calls once and drops them, so a missing or malformed
// distribution, or one that does not fit --size, is refused while the run
// is planned, before anything is measured.
void CheckSizeDist(const Point& point);

struct DrawnCall {
  std::uint64_t size = 0;
  std::uint64_t src_offset = 0;  // into the working set; 0 without a source
  std::uint64_t dst_offset = 0;
};

class DrawnCalls {
 public:
  static constexpr std::size_t kCallsPerLoop = 4096;

  DrawnCalls() = default;
  // Throws Error when the distribution's largest size does not fit the
  // working set. `with_source`: the calls read a source buffer too (memcpy).
  DrawnCalls(const std::string& name_or_path, std::uint64_t working_set, bool with_source);

  bool empty() const { return calls_.empty(); }
  const std::vector<DrawnCall>& calls() const { return calls_; }
  std::uint64_t bytes_per_loop() const { return bytes_per_loop_; }
  std::string Describe() const;

  // The calls made, handed over as the workload's side count: calls/s
  // beside the byte rate. None without a distribution.
  void Made(std::uint64_t loops) { made_ += loops * calls_.size(); }
  std::vector<SideCount> SideCounts() const;
  std::vector<std::uint64_t> TakeSideCounts();

 private:
  std::string name_;
  std::uint64_t working_set_ = 0;
  bool with_source_ = false;
  std::vector<DrawnCall> calls_;
  std::uint64_t bytes_per_loop_ = 0;
  std::uint64_t footprint_bytes_ = 0;  // distinct lines the calls touch
  std::uint64_t made_ = 0;
};

}  // namespace membench
