// File: engine/workers.cpp
#include "engine/workers.h"

namespace membench {

ParamSpec WorkerCountParam(const std::string& name) {
  return CountParam(name, "1",
                    name == kProcsParam ? "worker processes (fork), all timed together" : "worker threads, all timed together",
                    1, 4096);
}

ParamSpec RemapParam() {
  return ChoiceParam(kRemapParam, "no",
                     "yes: prepare the point afresh before every sample (new memory, mapped while the old is still "
                     "held, so other physical pages), untimed; no: every sample uses the first mapping; without "
                     "--remap, memcpy, memset, memcmp and chase remap points of 256 KiB to 256 MiB",
                     {"no", "yes"});
}

bool RemappedByDefault(const WorkloadInfo& info, const Point& point) {
  if (point.Find(kRemapParam) != nullptr || !info.placement_varies || info.own_workers || WorkersOf(point)) {
    return false;
  }
  const std::uint64_t memory = info.NeedsOf(point).memory_bytes;
  return memory >= kPlacementMatters && memory <= kRemapByDefaultUpTo;
}

bool Remapped(const WorkloadInfo& info, const Point& point) {
  const ParamValue* remap = point.Find(kRemapParam);
  if (remap != nullptr) return remap->text == "yes";
  return RemappedByDefault(info, point);
}

std::optional<WorkerPlan> WorkersOf(const Point& point) {
  for (const auto& [name, value] : point.values) {
    if (name == kProcsParam) return WorkerPlan{WorkerKind::kProcess, static_cast<int>(value.number)};
    if (name == kThreadsParam) return WorkerPlan{WorkerKind::kThread, static_cast<int>(value.number)};
  }
  return std::nullopt;
}

int WorkerCount(const Point& point) {
  const auto workers = WorkersOf(point);
  return workers ? workers->count : 1;
}

}  // namespace membench
