// File: engine/workers.h
// --procs N and --threads N: a point parameter like any other (lists sweep),
// which the engine reads to measure the point with a team of workers
// (engine/team_sampler.h).
#pragma once

#include <optional>
#include <string>

#include "core/params.h"
#include "sys/worker_team.h"

namespace membench {

struct WorkerPlan {
  sys::WorkerKind kind = sys::WorkerKind::kProcess;
  int count = 1;
};

// The point parameters --procs and --threads become.
inline constexpr const char* kProcsParam = "procs";
inline constexpr const char* kThreadsParam = "threads";
ParamSpec WorkerCountParam(const std::string& name);
// The workers a point asks for, if any.
std::optional<WorkerPlan> WorkersOf(const Point& point);
// How many workers a point runs: 1 without a team.
int WorkerCount(const Point& point);

}  // namespace membench
