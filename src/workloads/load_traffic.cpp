// File: workloads/load_traffic.cpp
#include "workloads/load_traffic.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>

#include "core/error.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

struct NamedShape {
  const char* name;
  TrafficShape shape;
};

const std::array<NamedShape, 7>& Shapes() {
  static const std::array<NamedShape, 7> shapes = {{
      {"read", {1, 0, false, false}},
      {"3:1", {3, 1, false, false}},
      {"2:1", {2, 1, false, false}},
      {"1:1", {1, 1, false, false}},
      {"write", {0, 1, false, false}},
      {"nt-write", {0, 1, true, false}},
      {"triad", {2, 1, false, true}},
  }};
  return shapes;
}

// The widest kernel this CPU runs, of those named, in order of preference.
template <class KernelT>
const KernelT& Widest(const std::vector<KernelT>& kernels, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    for (const auto& k : kernels) {
      if (k.name == name && UnavailableReason(k).empty()) return k;
    }
  }
  throw Error("internal: no traffic kernel runs on this CPU");
}

}  // namespace

const std::vector<std::string>& TrafficKindNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& s : Shapes()) out.emplace_back(s.name);
    return out;
  }();
  return names;
}

TrafficShape ParseTrafficKind(const std::string& name) {
  for (const auto& s : Shapes()) {
    if (name == s.name) return s.shape;
  }
  throw Error(fmt::format("--traffic {}: no such traffic kind (one of {})", name, fmt::join(TrafficKindNames(), ", ")));
}

std::uint64_t BlocksPerStep(const TrafficShape& shape) {
  return static_cast<std::uint64_t>(shape.reads + shape.writes) * (kTrafficBurst / kTrafficBlock);
}

std::uint64_t RequestedBytesPerStep(const TrafficShape& shape) {
  return static_cast<std::uint64_t>(shape.reads + shape.writes) * kTrafficBurst;
}

std::uint64_t MemoryBytesPerStep(const TrafficShape& shape) {
  const int allocate_reads = shape.non_temporal ? 0 : shape.writes;
  return static_cast<std::uint64_t>(shape.reads + shape.writes + allocate_reads) * kTrafficBurst;
}

std::uint64_t ReadEveryPage(const char* buffer, std::size_t bytes) {
  std::uint64_t sum = 0;
  for (std::size_t offset = 0; offset < bytes; offset += 4096) {
    sum += static_cast<unsigned char>(*static_cast<const volatile char*>(buffer + offset));
  }
  return sum;
}

TrafficGenerator::TrafficGenerator(const TrafficShape& shape, char* buffer, std::size_t bytes)
    : shape_(shape),
      buffer_(buffer),
      bursts_(bytes / kTrafficBurst),
      step_bursts_(static_cast<std::size_t>(shape.reads + shape.writes)),
      read_(&Widest(ReadKernels(), {"avx512", "avx2", "sse2", "neon"})),
      write_(shape.non_temporal ? &Widest(FillKernels(), {"nt", "ntpair"})
                                : &Widest(FillKernels(), {"avx512", "avx2", "neon", "unrolled"})) {
  if (bursts_ < step_bursts_) throw Error("internal: a traffic buffer smaller than one step");
  bursts_ -= bursts_ % step_bursts_;  // every step whole, so the walk wraps cleanly
}

void TrafficGenerator::Step() {
  char* at = buffer_ + cursor_ * kTrafficBurst;
  if (shape_.triad) {
    const auto* b = reinterpret_cast<const double*>(at);
    const auto* c = reinterpret_cast<const double*>(at + kTrafficBurst);
    auto* a = reinterpret_cast<double*>(at + 2 * kTrafficBurst);
    constexpr double kScalar = 3.0;
    for (std::size_t i = 0; i < kTrafficBurst / sizeof(double); ++i) a[i] = b[i] + kScalar * c[i];
  } else {
    for (int r = 0; r < shape_.reads; ++r) {
      sink_ += read_->fn(at + static_cast<std::size_t>(r) * kTrafficBurst, kTrafficBurst);
    }
    char* write_at = at + static_cast<std::size_t>(shape_.reads) * kTrafficBurst;
    for (int w = 0; w < shape_.writes; ++w) {
      write_->fn(write_at + static_cast<std::size_t>(w) * kTrafficBurst, static_cast<int>(sink_ | 1), kTrafficBurst);
    }
  }
  cursor_ += step_bursts_;
  if (cursor_ >= bursts_) cursor_ = 0;
}

std::string TrafficGenerator::Describe() const {
  if (shape_.triad) return "triad a[i] = b[i] + 3.0 * c[i] over doubles, compiled loop";
  std::string out;
  if (shape_.reads > 0) out = fmt::format("reads with the {} read kernel", read_->name);
  if (shape_.writes > 0) {
    out += fmt::format("{}{} with the {} fill kernel", out.empty() ? "" : ", ",
                       shape_.non_temporal ? "non-temporal writes" : "writes", write_->name);
  }
  return out;
}

}  // namespace membench
