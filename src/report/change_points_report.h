// File: report/change_points_report.h
// `membench history --changes` as text, within 100 columns: a header with
// the runs read and the method, then each point with a level shift as a
// table (the run where each shift starts, the levels either side, the
// change and its p-value) and the compare that looks closer; the points
// without one, and those with too few runs to tell, in a line each.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/change_points.h"
#include "report/point_history.h"

namespace membench {

// A stored run as the table names it.
struct HistoryRun {
  std::int64_t id = 0;
  std::string started;  // "2026-12-01 04:15" (UTC)
  std::string tag;      // "": none
};

struct PointChanges {
  PointHistory history;
  std::vector<ChangePoint> changes;  // indexes into history.rates
};

struct ChangesReport {
  std::string store;
  std::string selection;         // "workload memset, tag nightly"; "": every run
  std::vector<HistoryRun> runs;  // as PointHistory::runs index them, oldest first
  std::vector<PointChanges> points;
  ChangePointOptions options;
  // Appended to the compare each shift suggests: "--store X --ignore impl".
  std::string compare_flags;
};

// Byte rates in GB/s, as compare prints them by default.
void WriteChangesText(const ChangesReport& report, std::ostream& out);

}  // namespace membench
