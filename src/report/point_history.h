// File: report/point_history.h
// Each point's history over stored runs, for `history --changes`: one value
// per run that measured it - the run's rate, the harmonic mean of its
// samples' rates (total work over total time) - in the order of the runs.
// Points are matched as compare matches them (loaded_result.h's PointKey,
// with its --ignore), and kept apart by host: a level is one machine's.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/work_unit.h"

namespace membench {

struct PointHistory {
  std::string host;
  std::string point;  // as shown: "memcpy size=64 MiB impl=libc"
  WorkUnit unit = WorkUnit::kBytes;
  std::vector<std::size_t> runs;  // indexes into the results, in their order
  std::vector<double> rates;      // work units per second, one per entry of runs
};

// `results` in the order they were made, `names` naming each in messages
// ("run 42"); with `workload` ("": any) only its points. A run without a
// timed sample of a point has no value for it. Throws Error for a run with
// two measurements of one point once `ignore` is left out.
std::vector<PointHistory> PointHistories(const std::vector<RunResult>& results, const std::vector<std::string>& names,
                                         const std::vector<std::string>& ignore, const std::string& workload);

}  // namespace membench
