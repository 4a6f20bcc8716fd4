// File: report/brief_report.h
// The default text output (ReportStyle::verbose false): what a reader needs
// to judge a run, in at most 100 columns. A header of three lines (tool,
// workload, machine, PMU; the parameters constant over the run; samples per
// point and their order), one line per point (rate, +- and 95% CI, cycles
// or TSC ticks per unit, page faults, IPC and requested counters where
// counted, the page proof in a word, noise flags, and the paired ratio B/A
// against the baseline with its verdict), then everything about the whole
// run once, at its end: legends, the notes (identical notes of several
// points once, each condensed to a line), and what -v adds. The full
// perf-stat blocks stay in the verbose report, the JSON and `report -v`.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/measurement_stats.h"
#include "core/result.h"
#include "report/report_style.h"

namespace membench {

// The brief report's width: no line is wider.
inline constexpr std::size_t kBriefWidth = 100;

void WriteBriefHeader(std::ostream& out, const RunResult& r);

// The table of points, then the lines that explain its columns.
void WriteBriefTable(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                     const ReportStyle& style);

// The run's notes, each once, and the line that says -v shows the rest.
void WriteBriefNotes(std::ostream& out, const RunResult& r);

// A point as the brief table's row reads: the values of the parameters
// that vary over the run, or the workload where none does.
std::string BriefPointLabel(const Measurement& m, const std::vector<std::string>& varying);

// One line of a section below the brief table (the kernel's events, the
// profile): "PREFIX thp: a +32, b +1; 4k: ...", with every point and as
// many of its values as fit in kBriefWidth (its first ones first), else as
// many points as fit with their first; "; more with -v" where some are
// left out. `most`: the most values of any point.
struct NamedPointValues {
  std::string label;
  std::vector<std::string> values;
};
std::string PointsOnOneLine(const std::string& prefix, const std::vector<NamedPointValues>& points,
                            std::size_t most);

// The notes every point of the run carries (of a run of two or more
// points): reports print them once, for the run, not under each point.
std::vector<std::string> NotesOfEveryPoint(const RunResult& r);

// Every point's notes once, in the order first seen, each with how many
// points carry it: what the brief text and the mail print for the run.
struct PointNote {
  std::string text;
  std::size_t points = 0;
};
std::vector<PointNote> PointNotesOnce(const RunResult& r);

}  // namespace membench
