// File: report/derived_metrics.h
// The "# ..." column of perf stat: metrics derived from the mean counts, with
// perf's formulas (tools/perf/util/stat-shadow.c): CPUs utilized, GHz, insn
// per cycle, stalled cycles per insn, miss ratios, and rates per second of
// task-clock. Pure: tested with synthetic counts.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace membench {

struct DerivedMetric {
  double value = 0;
  std::string unit;  // "CPUs utilized", "GHz", "insn per cycle", "%  of all branches", "M/sec"
  std::string format = "{:8.3f}";
};

// counts: base event name -> mean count (task-clock in ns); only counted
// events are present. wall_ns: mean elapsed time of a sample. Returns the
// lines of the metric column for `event` (instructions may get two).
std::vector<DerivedMetric> DeriveMetrics(const std::string& event, const std::map<std::string, double>& counts,
                                         double wall_ns);

}  // namespace membench
