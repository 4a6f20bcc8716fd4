// File: report/lmsummary_report.cpp
#include "report/lmsummary_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "core/measurement_stats.h"

namespace membench {
namespace {

const char* UnitOf(SummaryFigure figure) { return figure == SummaryFigure::kMegabytesPerSecond ? "MB/s" : "us"; }

}  // namespace

void WriteLmSummary(const RunResult& result, std::ostream& out) {
  const auto& s = result.system;
  fmt::print(out, "\n                 m e m b e n c h   S U M M A R Y   (lmbench's sections)\n");
  fmt::print(out, "# {} on {}, Linux {}; {} runs per figure; +- is the relative standard error of the mean\n",
             result.tool_version, s.cpu_model.empty() ? s.cpu_vendor : s.cpu_model, s.kernel_release,
             result.measurements.empty() ? 0 : result.measurements.front().samples.size());
  fmt::print(out, "# MB/s = 10^6 bytes/s; us = microseconds per operation\n");
  std::string section;
  for (const Measurement& m : result.measurements) {
    if (!m.summary_row) continue;
    const SummaryRow& row = *m.summary_row;
    const MeasurementStats st = ComputeMeasurementStats(m, result.events);
    if (row.section != section) {
      section = row.section;
      fmt::print(out, "\n{}\n{}\n", section, std::string(section.size(), '-'));
    }
    double value = 0;
    double noise_pct = st.rate.rel_sem_pct;
    switch (row.figure) {
      case SummaryFigure::kMicrosPerOp:
        value = st.rate.mean > 0 ? 1e6 / st.rate.mean : 0;
        break;
      case SummaryFigure::kMicrosPerFault:
        value = st.ns_per_fault ? *st.ns_per_fault * 1e-3 : 0;
        noise_pct = st.wall_seconds.rel_sem_pct;
        break;
      case SummaryFigure::kMegabytesPerSecond:
        value = st.rate.mean / 1e6;
        break;
    }
    fmt::print(out, "  {:<34} {:>12.2f} {:<5} ( +-{:6.2f}% )   {} {}\n", row.label, value, UnitOf(row.figure),
               noise_pct, m.workload, m.point.Label());
  }
  // The run's own notes (a tracefs mount, pressure); each row's are in the
  // JSON beside its samples.
  if (!result.notes.empty()) out << "\n";
  for (const auto& note : result.notes) fmt::print(out, "# note: {}\n", note);
  if (result.interrupted) fmt::print(out, "\n# interrupted: the figures above are those measured before Ctrl-C\n");
  if (!result.failure.empty()) {
    fmt::print(out, "\n# stopped early: {}: the figures above are those measured before it\n", result.failure);
  }
}

}  // namespace membench
