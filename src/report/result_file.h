// File: report/result_file.h
// Reading a result file back (for compare): the figures per sample of each
// measurement, normalised so files with different loop counts compare:
// the rate in work units per second, the time per loop, every counted
// event per loop. Anything that is not a membench-result/1 file, or holds a
// non-finite or missing number, is an Error naming the file and the field.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace membench {

struct LoadedMeasurement {
  std::string workload;
  std::map<std::string, std::string> point;  // parameter -> value as text
  std::string work_unit;
  std::vector<double> rate;         // work units per second, per sample
  std::vector<double> ns_per_loop;  // per sample
  std::map<std::string, std::vector<double>> counters_per_loop;  // counted in every sample only
};

struct LoadedResult {
  std::string path;
  std::string command_line;
  std::vector<LoadedMeasurement> measurements;
};

LoadedResult LoadResultFile(const std::string& path);

}  // namespace membench
