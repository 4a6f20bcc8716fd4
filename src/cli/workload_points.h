// File: cli/workload_points.h
// A workload's matrix of points from the values a user gave (on the
// command line or in an experiment file): its own parameters and the
// worker counts (procs, threads); a parameter not given takes the
// machine's default where the workload has one (with a note saying so),
// else its declared default. A name holding '/' is a kernel setting
// (core/kernel_setting.h), an axis of its own after the workload's.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/params.h"
#include "engine/workload.h"

namespace membench {

// Throws Error for malformed values and for procs with threads.
std::vector<Point> WorkloadPoints(const WorkloadInfo& info, std::map<std::string, std::string> values,
                                  std::vector<std::string>& notes);

}  // namespace membench
