// File: engine/workers.h
// --procs N and --threads N: a point parameter like any other (lists sweep),
// which the engine reads to measure the point with a team of workers
// (engine/team_sampler.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/params.h"
#include "core/worker_kind.h"
#include "engine/workload.h"

namespace membench {

struct WorkerPlan {
  WorkerKind kind = WorkerKind::kProcess;
  int count = 1;
};

// --remap yes: fresh memory before every sample, so the samples spread
// over placements in physical memory (cache-set conflicts of 4 KiB pages)
// instead of all sharing the one the first mapping got. Also a point
// parameter, so --remap no,yes measures both.
inline constexpr const char* kRemapParam = "remap";
ParamSpec RemapParam();
// Buffers from this size on span enough 4 KiB pages (64) for their page
// colours to collide in a physically indexed L2 or LLC, so where they land
// can change a rate from one invocation to the next.
inline constexpr std::uint64_t kPlacementMatters = 256 * 1024;
// Without --remap, a solo point of a workload whose rate depends on where
// its buffers land (WorkloadInfo::placement_varies) is remapped when its
// memory is at least kPlacementMatters and at most this: at 64 MiB that
// took the spread between invocations of a copy from 11.3% to 7.8% (medians
// of three batches, bench/RESULTS.md); beyond this size, mapping twice the
// memory before every sample costs seconds (about 20 us a page here), so
// one placement is kept and said.
inline constexpr std::uint64_t kRemapByDefaultUpTo = 256ull << 20;
// Whether a point gets fresh memory before every sample: asked for, or by
// default as above.
bool Remapped(const WorkloadInfo& info, const Point& point);
// Whether that is the default's choice, not --remap's.
bool RemappedByDefault(const WorkloadInfo& info, const Point& point);

// The point parameters --procs and --threads become.
inline constexpr const char* kProcsParam = "procs";
inline constexpr const char* kThreadsParam = "threads";
ParamSpec WorkerCountParam(const std::string& name);
// The workers a point asks for, if any.
std::optional<WorkerPlan> WorkersOf(const Point& point);
// How many workers a point runs: 1 without a team.
int WorkerCount(const Point& point);

}  // namespace membench
