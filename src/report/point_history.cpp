// File: report/point_history.cpp
#include "report/point_history.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>

#include "core/error.h"
#include "core/stats.h"
#include "report/loaded_result.h"

namespace membench {

std::vector<PointHistory> PointHistories(const std::vector<RunResult>& results, const std::vector<std::string>& names,
                                         const std::vector<std::string>& ignore, const std::string& workload) {
  std::vector<PointHistory> out;
  std::map<std::string, std::size_t> index;  // host and point key -> entry of out
  for (std::size_t r = 0; r < results.size(); ++r) {
    const RunResult& run = results[r];
    std::map<std::string, std::string> seen;  // point key -> its measurement as shown, in this run
    for (const LoadedMeasurement& m : FiguresOf({run}, names[r]).measurements) {
      if (!workload.empty() && m.workload != workload) continue;
      const std::string key = PointKey(m, ignore);
      const std::string shown = ShownPoint(m, {});
      if (const auto [it, fresh] = seen.emplace(key, shown); !fresh) {
        throw Error(
            fmt::format("{} measured '{}' twice once {} is ignored ({} and {}); ignore only "
                        "parameters each run measured one value of",
                        names[r], ShownPoint(m, ignore), fmt::join(ignore, ", "), it->second, shown));
      }
      // The run's rate over all its invocations.
      std::vector<double> samples;
      for (const auto& invocation : m.rate) samples.insert(samples.end(), invocation.begin(), invocation.end());
      const auto rate = HarmonicMean(samples);
      if (!rate) continue;
      const auto [at, fresh] = index.emplace(run.system.hostname + "\n" + key, out.size());
      if (fresh) out.push_back({run.system.hostname, ShownPoint(m, ignore), m.unit, {}, {}});
      out[at->second].runs.push_back(r);
      out[at->second].rates.push_back(*rate);
    }
  }
  return out;
}

}  // namespace membench
