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

// --remap yes: fresh memory before every sample, so the samples spread
// over placements in physical memory (cache-set conflicts of 4 KiB pages)
// instead of all sharing the one the first mapping got. Also a point
// parameter, so --remap no,yes measures both.
inline constexpr const char* kRemapParam = "remap";
ParamSpec RemapParam();
// Whether a point asks for fresh memory before every sample.
bool Remapped(const Point& point);

// The point parameters --procs and --threads become.
inline constexpr const char* kProcsParam = "procs";
inline constexpr const char* kThreadsParam = "threads";
ParamSpec WorkerCountParam(const std::string& name);
// The workers a point asks for, if any.
std::optional<WorkerPlan> WorkersOf(const Point& point);
// How many workers a point runs: 1 without a team.
int WorkerCount(const Point& point);

}  // namespace membench
