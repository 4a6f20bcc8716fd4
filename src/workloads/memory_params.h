// File: workloads/memory_params.h
// Parameters shared by the workloads that move bytes through mapped buffers
// (memcpy, memset): size, pages, prefault, misalignment; and the buffer that
// carries them out, with its page-size proof.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/page_proof.h"
#include "core/params.h"
#include "sys/memory.h"

namespace membench {

ParamSpec SizeParam(const std::string& default_value);
ParamSpec PagesParam();
ParamSpec PrefaultParam();
ParamSpec OffsetParam(const std::string& name, const std::string& what);

sys::PagePolicy ParsePagePolicy(const std::string& text);
sys::Prefault ParsePrefault(const std::string& text);

// THP needs 2 MiB-aligned regions to be eligible at all; aligning every
// policy alike keeps the comparison about the page size alone.
inline constexpr std::size_t kRegionAlignment = sys::kPage2m;

// A mapped buffer with `offset` bytes of deliberate misalignment.
class Buffer {
 public:
  Buffer() = default;
  Buffer(std::string name, std::uint64_t bytes, std::uint64_t offset, sys::PagePolicy policy);
  char* data() const { return region_.data() + offset_; }
  // Applies the prefault mode; returns its note, if any.
  std::string Prefault(sys::Prefault mode) const { return sys::PrefaultRegion(region_, mode); }
  PageProof Proof() const;

 private:
  std::string name_;
  std::uint64_t bytes_ = 0;
  std::uint64_t offset_ = 0;
  sys::PagePolicy policy_ = sys::PagePolicy::kDefault;
  sys::MappedRegion region_;
};

}  // namespace membench
