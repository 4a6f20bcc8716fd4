// File: workloads/mapped_buffers.h
// Parameters shared by the workloads that move bytes through mapped buffers
// (memcpy, memset, ...): size, pages, prefault, misalignment; what such a
// point needs from the machine; and the buffer that carries them out, with
// its page-size proof.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/page_proof.h"
#include "core/params.h"
#include "engine/workload.h"
#include "sys/memory.h"

namespace membench {

ParamSpec SizeParam(const std::string& default_value);
ParamSpec PagesParam();
ParamSpec PrefaultParam();
ParamSpec OffsetParam(const std::string& name, const std::string& what);

// What a point that maps `buffers` buffers of `bytes` in all under the
// --pages policy `policy` needs: ordinary memory; or hugetlb pages of the policy's
// size, drawn from their pool (every buffer rounds up to whole pages on its
// own, so one more page per buffer is the most rounding adds); and, for an
// mTHP policy, that size alone enabled while the point runs.
WorkloadNeeds MemoryNeeds(PagePolicy policy, std::uint64_t bytes, int buffers);
sys::Prefault ParsePrefault(const std::string& text);

// The bytes behind a byte rate (core/result.h): `reads` and `writes` bytes
// per unit of the rate, the writes temporal or not; `what` says which
// bytes those are, and where the CPU or the library may not behave as
// assumed.
ByteTraffic TrafficOf(double reads, double writes, bool non_temporal, const std::string& what);

// What a read buffer holds before timing (seed 002: perf bench's 2010
// memcpy never wrote its source, so with prefault it copied the zero page).
enum class SourcePrefault {
  kNone,   // untouched, mapped afresh before every sample: the timed reads fault
  kRead,   // mapped by reading once: every page is the zero page where the kernel has one
  kWrite,  // written with a pattern once: real data in real pages
};
ParamSpec SourcePrefaultParam();
SourcePrefault ParseSourcePrefault(const std::string& text);


// Pages whose flags are read for a proof: enough to see a 0.1% mix, few
// enough that reading them costs milliseconds even for gigabytes.
inline constexpr std::size_t kProofSamplePages = 4096;

// A mapped buffer with `offset` bytes of deliberate misalignment.
class Buffer {
 public:
  Buffer() = default;
  Buffer(std::string name, std::uint64_t bytes, std::uint64_t offset, PagePolicy policy);
  char* data() const { return region_.data() + offset_; }
  // Applies the prefault mode; returns its note, if any.
  std::string Prefault(sys::Prefault mode) const { return sys::PrefaultRegion(region_, mode); }
  PageProof Proof() const;

 private:
  std::string name_;
  std::uint64_t bytes_ = 0;
  std::uint64_t offset_ = 0;
  PagePolicy policy_ = PagePolicy::kDefault;
  sys::MappedRegion region_;
};

// The buffer a workload reads, under a source prefault policy.
class SourceBuffer {
 public:
  // Maps (and reads or writes) now unless every sample needs a fresh mapping.
  void Configure(std::uint64_t bytes, std::uint64_t offset, PagePolicy policy, SourcePrefault prefault);
  bool fresh_each_sample() const { return prefault_ == SourcePrefault::kNone; }
  // Unmaps the previous mapping first, so memory use stays one buffer.
  void Remap();
  const char* data() const { return buffer_.data(); }
  PageProof Proof() const { return buffer_.Proof(); }

 private:
  std::uint64_t bytes_ = 0;
  std::uint64_t offset_ = 0;
  PagePolicy policy_ = PagePolicy::kDefault;
  SourcePrefault prefault_ = SourcePrefault::kWrite;
  Buffer buffer_;
};

// The buffer a workload writes, under a prefault mode: mapped and
// prefaulted once, or, where the first touch is what is measured (none,
// read), mapped afresh before every sample so each sample faults again.
class DestinationBuffer {
 public:
  // Maps now unless every sample needs a fresh mapping.
  void Configure(std::uint64_t bytes, std::uint64_t offset, PagePolicy policy, sys::Prefault prefault);
  bool fresh_each_sample() const { return prefault_ == sys::Prefault::kNone || prefault_ == sys::Prefault::kRead; }
  // Unmaps the previous mapping first, so memory use stays one buffer.
  void Remap();
  char* data() const { return buffer_.data(); }
  PageProof Proof() const { return buffer_.Proof(); }
  std::vector<std::string> Notes() const;

 private:
  std::uint64_t bytes_ = 0;
  std::uint64_t offset_ = 0;
  PagePolicy policy_ = PagePolicy::kDefault;
  sys::Prefault prefault_ = sys::Prefault::kWrite;
  Buffer buffer_;
  std::string prefault_note_;
};

}  // namespace membench
