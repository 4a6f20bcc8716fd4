// File: core/program_figure.cpp
#include "core/program_figure.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <regex>
#include <utility>

#include "core/error.h"

namespace membench {
namespace {

std::regex Compiled(const std::string& pattern, FigureKind kind) {
  try {
    return std::regex(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw Error(
        fmt::format("--{} '{}': not a regular expression ({}); give one whose first group is the number, "
                    "such as '([0-9.]+) GB/sec'",
                    FigureKindName(kind), pattern, e.what()));
  }
}

// Bytes a second for a byte rate's prefix; 0 where it is none.
double BytesPerUnit(std::string_view prefix) {
  static constexpr std::array<std::pair<std::string_view, double>, 9> kPrefixes{{{"B", 1},
                                                                                 {"KB", 1e3},
                                                                                 {"MB", 1e6},
                                                                                 {"GB", 1e9},
                                                                                 {"TB", 1e12},
                                                                                 {"KiB", 1024.0},
                                                                                 {"MiB", 1024.0 * 1024},
                                                                                 {"GiB", 1024.0 * 1024 * 1024},
                                                                                 {"TiB", 1024.0 * 1024 * 1024 * 1024}}};
  for (const auto& [name, bytes] : kPrefixes) {
    if (name == prefix) return bytes;
  }
  return 0;
}

void ParseRateUnit(ProgramFigure& figure) {
  const std::string& unit = figure.unit;
  const std::size_t slash = unit.find('/');
  const std::string_view per = slash == std::string::npos ? "" : std::string_view(unit).substr(slash + 1);
  const std::string_view what = std::string_view(unit).substr(0, slash);
  if (per == "sec" && (what == "KB" || what == "MB" || what == "GB")) {
    // perf bench's spellings: its KB/sec, MB/sec and GB/sec are powers of
    // 1024 (tools/perf/bench/mem-functions.c, print_bps).
    figure.work_unit = WorkUnit::kBytes;
    figure.scale = what == "KB" ? 1024.0 : what == "MB" ? 1024.0 * 1024 : 1024.0 * 1024 * 1024;
    return;
  }
  if (per == "s" || per == "sec") {
    if (const double bytes = BytesPerUnit(what); bytes > 0) {
      figure.work_unit = WorkUnit::kBytes;
      figure.scale = bytes;
      return;
    }
    try {
      figure.work_unit = ParseWorkUnit(what);
      figure.scale = 1;
      return;
    } catch (const Error&) {
      // Said below, with the units there are.
    }
  }
  throw Error(
      fmt::format("--rate-from: '{}' is not a rate membench knows: give a byte rate (B/s, KB/s, "
                  "MB/s, GB/s, TB/s in powers of 1000; KiB/s, MiB/s, GiB/s, TiB/s; KB/sec, MB/sec, GB/sec as "
                  "perf bench writes them, in powers of 1024), or a unit of work a second (runs/s, "
                  "messages/s, ...)",
                  unit));
}

void ParseTimeUnit(ProgramFigure& figure) {
  static constexpr std::array<std::pair<std::string_view, double>, 4> kUnits{
      {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}}};
  for (const auto& [name, seconds] : kUnits) {
    if (figure.unit == name) {
      figure.work_unit = WorkUnit::kRuns;
      figure.scale = seconds;
      return;
    }
  }
  throw Error(fmt::format("--time-from: '{}' is not a time unit: give ns, us, ms or s", figure.unit));
}

}  // namespace

ProgramFigure ParseProgramFigure(FigureKind kind, const std::string& pattern, const std::string& unit) {
  ProgramFigure figure{kind, pattern, unit, WorkUnit::kRuns, 1};
  if (pattern.empty()) {
    throw Error(
        fmt::format("--{}: the pattern is empty; give one whose first group is the number", FigureKindName(kind)));
  }
  Compiled(pattern, kind);
  if (kind == FigureKind::kRate) {
    ParseRateUnit(figure);
  } else {
    ParseTimeUnit(figure);
  }
  return figure;
}

double ReadProgramFigure(const ProgramFigure& figure, std::string_view output) {
  const std::regex pattern = Compiled(figure.pattern, figure.kind);
  const std::string expected =
      fmt::format("the pattern '{}' of --{} {}", figure.pattern, FigureKindName(figure.kind), figure.unit);
  // Line by line: ^ and $ then mean a line's start and end, as in grep, and
  // the matcher (recursive in libstdc++) never walks a whole output.
  std::string number;
  std::size_t matches = 0;
  for (std::size_t start = 0; start <= output.size();) {
    const std::size_t newline = std::min(output.find('\n', start), output.size());
    const std::string line(output.substr(start, newline - start));
    for (auto it = std::sregex_iterator(line.begin(), line.end(), pattern); it != std::sregex_iterator(); ++it) {
      if (matches++ == 0) number = it->size() > 1 ? it->str(1) : it->str(0);
    }
    start = newline + 1;
  }
  if (matches == 0) {
    throw Error(
        fmt::format("the command's output has no match for {}; run it with --show-output to see what it "
                    "printed",
                    expected));
  }
  if (matches > 1) {
    throw Error(
        fmt::format("the command's output matches {} {} times; a run's figure is one match: make the "
                    "pattern match only the line with the figure",
                    expected, matches));
  }
  double value = 0;
  const auto [rest, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (error != std::errc() || rest != number.data() + number.size() || !std::isfinite(value) || value <= 0) {
    throw Error(
        fmt::format("{} matched '{}', which is not a positive number: its first group must hold the number "
                    "alone",
                    expected, number));
  }
  return figure.kind == FigureKind::kRate ? value * figure.scale : 1.0 / (value * figure.scale);
}

std::string_view FigureKindName(FigureKind kind) { return kind == FigureKind::kRate ? "rate-from" : "time-from"; }

FigureKind ParseFigureKind(std::string_view name) {
  if (name == "rate-from") return FigureKind::kRate;
  if (name == "time-from") return FigureKind::kTime;
  throw Error(fmt::format("'{}' is not a kind of program figure (rate-from, time-from)", name));
}

}  // namespace membench
