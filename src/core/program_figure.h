// File: core/program_figure.h
// A figure another program prints of itself (exec --rate-from, --time-from):
// perf bench mem's "3.81 GB/sec", hackbench's "Time: 0.28". Its own figure
// leaves out what the program does before and after what it times (perf
// bench's memset and prefault copy, hackbench's forks), which the time of
// its whole process cannot. Read from each run's output by a regular
// expression (ECMAScript), tried on each line, that must match exactly once
// in the output: its first group, or the whole match where it has none, is
// the number.
#pragma once

#include <string>
#include <string_view>

#include "core/work_unit.h"

namespace membench {

enum class FigureKind {
  kRate,  // work units per second: the sample's rate
  kTime,  // the time of one run: the sample's rate is one run over it
};

struct ProgramFigure {
  FigureKind kind = FigureKind::kRate;
  std::string pattern;  // as the user gave it
  std::string unit;     // as the user gave it: "GB/sec", "s"
  WorkUnit work_unit = WorkUnit::kRuns;
  // The printed number times this: work units per second (a rate), or
  // seconds (a time).
  double scale = 1;
};

// Rate units: a byte rate (B/s, KB/s, MB/s, GB/s, TB/s as powers of 1000,
// KiB/s, MiB/s, GiB/s, TiB/s; KB/sec, MB/sec, GB/sec as perf bench writes
// them, powers of 1024 as it computes them), or a unit of membench's work
// ("runs/s", "messages/s"). Time units: ns, us,
// ms, s. Throws Error naming the flag, the pattern or unit and what to give
// for a pattern that does not compile or a unit that is none of these.
ProgramFigure ParseProgramFigure(FigureKind kind, const std::string& pattern, const std::string& unit);

// The figure in one run's output, as work units per second (a time T is 1/T
// runs a second). Throws Error naming the pattern where it matches no time
// or more than once, or its match is not a positive number.
double ReadProgramFigure(const ProgramFigure& figure, std::string_view output);

// "rate-from" or "time-from": the flag, and the result file's kind.
std::string_view FigureKindName(FigureKind kind);
// The inverse; throws Error for a name that is neither.
FigureKind ParseFigureKind(std::string_view name);

}  // namespace membench
