// File: engine/workers.cpp
#include "engine/workers.h"

namespace membench {

ParamSpec WorkerCountParam(const std::string& name) {
  return CountParam(name, "1",
                    name == kProcsParam ? "worker processes (fork), all timed together" : "worker threads, all timed together",
                    1, 4096);
}

std::optional<WorkerPlan> WorkersOf(const Point& point) {
  for (const auto& [name, value] : point.values) {
    if (name == kProcsParam) return WorkerPlan{sys::WorkerKind::kProcess, static_cast<int>(value.number)};
    if (name == kThreadsParam) return WorkerPlan{sys::WorkerKind::kThread, static_cast<int>(value.number)};
  }
  return std::nullopt;
}

int WorkerCount(const Point& point) {
  const auto workers = WorkersOf(point);
  return workers ? workers->count : 1;
}

}  // namespace membench
