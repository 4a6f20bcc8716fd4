// File: workloads/drawn_calls.cpp
#include "workloads/drawn_calls.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "core/error.h"
#include "core/units.h"
#include "workloads/size_dists.h"

namespace membench {
namespace {

constexpr std::uint64_t kSeed = 0x73697a652d646973;

// A random offset for a call of `size` bytes within `working_set`, a
// multiple of `alignment`.
std::uint64_t Offset(std::mt19937_64& rng, std::uint64_t working_set, std::uint64_t size, std::uint64_t alignment) {
  const std::uint64_t last = (working_set - size) / alignment;
  return std::uniform_int_distribution<std::uint64_t>(0, last)(rng) * alignment;
}

}  // namespace

ParamSpec SizeDistParam() {
  std::string names;
  for (const ShippedSizeDistribution& d : ShippedSizeDistributions()) names += (names.empty() ? "" : ", ") + d.name;
  return TextParam("size-dist", kNoSizeDist,
                   "draw each call's size and alignment from a distribution, at random addresses across --size: " +
                       names + ", or a file of SIZE,WEIGHT lines (docs/size-distributions.md); none: one call of "
                       "--size");
}

void CheckSizeDist(const Point& point) {
  const std::string& dist = point.at("size-dist").text;
  if (dist == kNoSizeDist) return;
  // Drawn alignments are counted from the buffer's start: a deliberate
  // misalignment of the buffer would silently shift every one of them.
  for (const auto& [name, value] : point.values) {
    if (name.size() > 7 && name.substr(name.size() - 7) == "-offset" && value.number != 0) {
      throw Error(fmt::format("--{} {} with --size-dist: the distribution's alignments place each call; leave the "
                              "buffer's offset at 0",
                              name, value.number));
    }
  }
  DrawnCalls(dist, point.at("size").number, false);
}

DrawnCalls::DrawnCalls(const std::string& name_or_path, std::uint64_t working_set, bool with_source)
    : name_(name_or_path), working_set_(working_set), with_source_(with_source) {
  const SizeDistribution distribution = LoadSizeDistribution(name_or_path);
  const std::uint64_t largest = distribution.Largest();
  const std::uint64_t alignment = distribution.LargestAlignment();
  if (largest > working_set || alignment > working_set - largest) {
    throw Error(fmt::format("--size-dist {}: calls of up to {} bytes at {}-byte alignment need a working set "
                            "(--size) of at least {} bytes; it is {}",
                            name_or_path, largest, alignment,
                            largest > UINT64_MAX - alignment ? std::string("2^64") : std::to_string(largest + alignment),
                            FormatSize(working_set)));
  }
  std::mt19937_64 rng(kSeed);
  calls_.reserve(kCallsPerLoop);
  for (std::size_t i = 0; i < kCallsPerLoop; ++i) {
    DrawnCall call;
    call.size = distribution.Draw(rng);
    if (with_source) call.src_offset = Offset(rng, working_set, call.size, distribution.DrawAlignment(rng));
    call.dst_offset = Offset(rng, working_set, call.size, distribution.DrawAlignment(rng));
    bytes_per_loop_ += call.size;
    calls_.push_back(call);
  }
  // The lines the calls touch, each buffer's apart: what they reuse loop
  // after loop, and so what the caches may hold.
  std::vector<std::uint64_t> lines;
  for (const DrawnCall& call : calls_) {
    if (call.size == 0) continue;
    for (std::uint64_t line = call.src_offset / 64; with_source && line <= (call.src_offset + call.size - 1) / 64;
         ++line) {
      lines.push_back(2 * line);
    }
    for (std::uint64_t line = call.dst_offset / 64; line <= (call.dst_offset + call.size - 1) / 64; ++line) {
      lines.push_back(2 * line + 1);
    }
  }
  std::sort(lines.begin(), lines.end());
  footprint_bytes_ = 64 * static_cast<std::uint64_t>(std::unique(lines.begin(), lines.end()) - lines.begin());
}

std::string DrawnCalls::Describe() const {
  return fmt::format("{} calls a loop drawn from --size-dist {} (mean {:.1f} bytes a call), at random addresses "
                     "across {} per buffer, the same calls every loop: they touch {} of lines ({}), which the "
                     "caches may hold; the rate counts the bytes of the calls, and calls/s is beside it",
                     calls_.size(), name_,
                     static_cast<double>(bytes_per_loop_) / static_cast<double>(calls_.size()),
                     FormatSize(working_set_), FormatSizeApprox(footprint_bytes_),
                     with_source_ ? "source and destination" : "destination");
}

std::vector<SideCount> DrawnCalls::SideCounts() const {
  if (calls_.empty()) return {};
  return {{"calls", WorkUnit::kCalls}};
}

std::vector<std::uint64_t> DrawnCalls::TakeSideCounts() {
  if (calls_.empty()) return {};
  const std::uint64_t made = made_;
  made_ = 0;
  return {made};
}

}  // namespace membench
