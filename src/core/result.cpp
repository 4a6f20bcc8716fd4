// File: core/result.cpp
#include "core/result.h"

namespace membench {

std::optional<double> RatePerSecond(const Sample& sample) {
  if (sample.program_rate) return *sample.program_rate;
  if (sample.wall_ns <= 0) return std::nullopt;
  return static_cast<double>(sample.work) / (static_cast<double>(sample.wall_ns) * 1e-9);
}

const char* SideKindName(SideKind kind) {
  switch (kind) {
    case SideKind::kWorkload:
      return "workload";
    case SideKind::kMemoryRead:
      return "memory-read";
    case SideKind::kMemoryWrite:
      return "memory-write";
  }
  return "workload";
}

std::optional<SideKind> SideKindFromName(const std::string& name) {
  for (const SideKind kind : {SideKind::kWorkload, SideKind::kMemoryRead, SideKind::kMemoryWrite}) {
    if (name == SideKindName(kind)) return kind;
  }
  return std::nullopt;
}

}  // namespace membench
