// File: report/change_points_report.cpp
#include "report/change_points_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "report/rate_text.h"
#include "report/text_columns.h"

namespace membench {
namespace {

constexpr std::size_t kLineWidth = 100;
// A longer tag is cut, so that a row of the table fits 100 columns.
constexpr std::size_t kTagWidth = 16;
// Runs a side in the compare suggested for a shift: the ones nearest it.
constexpr std::size_t kCompareRuns = 3;

std::string Plural(std::size_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string TagText(const std::string& tag) {
  if (tag.empty()) return "-";
  return tag.size() <= kTagWidth ? tag : tag.substr(0, kTagWidth - 3) + "...";
}

// A rate is better higher, whatever its unit.
std::string ChangeText(const ChangePoint& change) {
  if (!change.change_pct) return "unknown";
  return fmt::format("{:+.1f}% {}", *change.change_pct, *change.change_pct > 0 ? "faster" : "slower");
}

// `membench compare` of the runs nearest the shift on either side, within
// the levels the shift separates.
std::string CompareCommand(const ChangesReport& report, const PointChanges& point, std::size_t c) {
  const std::vector<ChangePoint>& changes = point.changes;
  const std::size_t at = changes[c].index;
  const std::size_t level_start = c == 0 ? 0 : changes[c - 1].index;
  const std::size_t level_end = c + 1 == changes.size() ? point.history.runs.size() : changes[c + 1].index;
  const auto id = [&](std::size_t k) { return report.runs[point.history.runs[k]].id; };
  std::string command = "membench compare";
  for (std::size_t k = std::max(level_start, at > kCompareRuns ? at - kCompareRuns : 0); k < at; ++k) {
    command += fmt::format(" {}", id(k));
  }
  command += " vs";
  for (std::size_t k = at; k < std::min(level_end, at + kCompareRuns); ++k) command += fmt::format(" {}", id(k));
  return command + (report.compare_flags.empty() ? "" : " " + report.compare_flags);
}

void WritePoint(const ChangesReport& report, const PointChanges& point, bool name_host, std::ostream& out) {
  const PointHistory& history = point.history;
  fmt::print(out, "\n{} in {} of {}{}\n", Plural(point.changes.size(), "level shift"),
             Plural(history.rates.size(), "run"), history.point, name_host ? " on " + history.host : "");
  std::vector<std::vector<std::string>> rows;
  for (const ChangePoint& change : point.changes) {
    const HistoryRun& run = report.runs[history.runs[change.index]];
    rows.push_back({std::to_string(run.id), run.started, TagText(run.tag), RateText(history.unit, change.mean_before),
                    RateText(history.unit, change.mean_after), ChangeText(change),
                    fmt::format("{:.3f}", change.p_value)});
  }
  WriteColumns(out, {"from run", "started (UTC)", "tag", "before", "after", "change", "p"}, rows,
               {true, false, false, true, true, true, true});
  for (std::size_t c = 0; c < point.changes.size(); ++c) {
    fmt::print(out, "look closer: {}\n", CompareCommand(report, point, c));
  }
}

}  // namespace

void WriteChangesText(const ChangesReport& report, std::ostream& out) {
  std::ostringstream text;
  const std::size_t enough = 2 * report.options.min_segment;
  fmt::print(text, "# store {}: {}", report.store, Plural(report.runs.size(), "run"));
  if (!report.runs.empty()) fmt::print(text, ", {} .. {}", report.runs.front().started, report.runs.back().started);
  fmt::print(text, "{}\n", report.selection.empty() ? "" : "; " + report.selection);
  fmt::print(text,
             "# level shifts in each point's rate (total work / total time of a run), by e-divisive means "
             "(docs/statistics.md): at least {} runs a level, p <= {} by {} permutations\n",
             report.options.min_segment, report.options.significance, report.options.permutations);
  std::set<std::string> hosts;
  for (const PointChanges& point : report.points) hosts.insert(point.history.host);
  std::size_t steady = 0;
  std::vector<std::string> too_few;
  for (const PointChanges& point : report.points) {
    if (point.history.rates.size() < enough) {
      too_few.push_back(fmt::format("{}{} ({})", point.history.point,
                                    hosts.size() > 1 ? " on " + point.history.host : "",
                                    Plural(point.history.rates.size(), "run")));
    } else if (point.changes.empty()) {
      ++steady;
    } else {
      WritePoint(report, point, hosts.size() > 1, text);
    }
  }
  if (steady > 0 || !too_few.empty()) text << "\n";
  if (steady > 0) {
    fmt::print(text, "no level shift in {} over {}\n", Plural(steady, "point"), Plural(report.runs.size(), "run"));
  }
  if (!too_few.empty()) {
    fmt::print(text, "too few runs to tell (a level needs {} runs, a shift {}) in {}: {}\n", report.options.min_segment,
               enough, Plural(too_few.size(), "point"), fmt::join(too_few, ", "));
  }
  out << WrapLines(text.str(), kLineWidth);
}

}  // namespace membench
