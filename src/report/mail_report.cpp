// File: report/mail_report.cpp
#include "report/mail_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <sstream>

#include "core/measurement_stats.h"
#include "core/params.h"
#include "core/units.h"
#include "report/lmsummary_report.h"
#include "report/text_columns.h"
#include "report/text_report.h"

namespace membench {
namespace {

// A mail is ASCII: what is not (a "±", a "µ", a host's odd name) becomes
// '?' rather than a byte a mail client may mangle.
std::string Ascii(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((c & 0xC0) != 0x80) {
      out += '?';
    }
  }
  return out;
}

std::string MachineLine(const RunResult& r) {
  const SystemInfo& s = r.system;
  const auto thp = s.thp.find("enabled");
  std::string hypervisor = s.hypervisor;
  hypervisor.erase(hypervisor.find_last_not_of(' ') + 1);
  return fmt::format("{}, {} CPUs, {} GiB, Linux {}{}, THP {}, {}", s.cpu_model, s.online_cpus, s.mem_total_bytes >> 30,
                     s.kernel_release, hypervisor.empty() ? "" : ", VM (" + hypervisor + ")",
                     thp == s.thp.end() ? "?" : thp->second,
                     s.hardware_pmu ? "PMU counters" : "no PMU (cycles are TSC estimates)");
}

// `text` wrapped to the mail's width and made ASCII.
void Emit(std::ostream& out, const std::string& text) { out << WrapLines(Ascii(text), kMailColumns); }

// "workload k1=v1 k2=v2" (a compare key) as a key line and a value line:
// "workload/k1/k2:" and "  w/v1/v2". A value with spaces (a command) stays
// whole.
std::pair<std::string, std::string> KeyAndValueLines(const std::string& point) {
  std::istringstream words(point);
  std::string word;
  std::string keys = "workload";
  std::string values;
  words >> values;
  std::string value;
  bool first = true;
  while (words >> word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) {
      value += " " + word;
      continue;
    }
    if (!first) values += "/" + value;
    first = false;
    keys += "/" + word.substr(0, eq);
    value = word.substr(eq + 1);
  }
  if (!first) values += "/" + value;
  return {keys + ":", "  " + values};
}

// A side's spread; unknown with fewer than two samples or runs.
std::string Spread(const Summary& s) { return s.n >= 2 ? fmt::format("+-{:.0f}%", s.cv_pct) : "+-?"; }

}  // namespace

void WriteMailRun(const RunResult& r, std::ostream& out, const ReportStyle& /*style*/) {
  Emit(out, fmt::format("membench {}: {}\nmachine: {}\n{}{}", r.tool_version, r.command_line, MachineLine(r),
                        r.interrupted ? "interrupted: what was measured before the stop\n" : "",
                        r.failure.empty() ? "" : "stopped early: " + r.failure + ": what was measured before it\n"));
  if (r.kind == ResultKind::kLmSummary) {
    // lmbench's own sections: its rows come from several workloads.
    std::ostringstream summary;
    WriteLmSummary(r, summary);
    Emit(out, "\n" + summary.str());
    return;
  }
  std::vector<Point> points;
  for (const Measurement& m : r.measurements) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  for (const Measurement& m : r.measurements) {
    const MeasurementStats st = ComputeMeasurementStats(m, r.events);
    std::string label = m.workload;
    for (const auto& [name, value] : m.point.values) {
      if (std::find(varying.begin(), varying.end(), name) != varying.end()) label += " " + name + "=" + value.text;
    }
    std::string text = fmt::format("\n{} ({} sample{}):\n", label, st.rate.n, st.rate.n == 1 ? "" : "s");
    text += fmt::format("{:>24}  ( +- {} )  median {}\n", RateText(m, st.rate.mean),
                        st.rate.n >= 2 ? fmt::format("{:5.2f}%", st.rate.rel_sem_pct) : std::string("    ?"),
                        RateText(m, st.rate.median));
    for (const SideRateStats& side : st.side_rates) {
      if (side.per_second.n == 0) {
        text += fmt::format("{:>24}  {}\n", "not counted", side.name);
        continue;
      }
      text += fmt::format("{:>24}  ( +- {} )  {}\n", RateText(side.unit, side.per_second.mean),
                          side.per_second.n >= 2 && side.per_second.mean > 0
                              ? fmt::format("{:5.2f}%", side.per_second.rel_sem_pct)
                              : std::string("    ?"),
                          side.name);
    }
    if (st.cycles_per_unit > 0) {
      text += fmt::format("{:>24}  {}\n", fmt::format("{:.4g} cycles/{}", st.cycles_per_unit, UnitSingular(m.unit)),
                          st.cycles_from_pmu ? "PMU cycles" : "TSC estimate");
    }
    for (const CounterStats& c : st.counters) {
      if (c.hidden) continue;
      if (!c.counted) {
        text += fmt::format("{:>24}  {}\n", c.supported ? "<not counted>" : "<not supported>", c.name);
        continue;
      }
      // perf's unit for task-clock: msec, not the nanoseconds it counts.
      const bool clock = c.base_name == "task-clock";
      text += fmt::format("{:>24}  {:<24} ( +- {:5.2f}% ){}\n",
                          clock ? fmt::format("{:.2f} msec", c.summary.mean / 1e6) : WithThousands(c.summary.mean),
                          c.name, c.summary.rel_sem_pct,
                          c.running_pct < 99.995 ? fmt::format(" [{:.0f}% running]", c.running_pct) : "");
    }
    Emit(out, text);
  }
  if (!r.measurements.empty()) {
    std::string common = varying.empty() ? "\nparameters:" : "\nthe same in every point:";
    for (const auto& [name, value] : r.measurements.front().point.values) {
      if (std::find(varying.begin(), varying.end(), name) == varying.end()) common += " " + name + "=" + value.text;
    }
    Emit(out, common + "\n");
  }
  for (const std::string& note : r.notes) Emit(out, "note: " + note + "\n");
}

void WriteMailCompare(const CompareResult& compared, const LoadedResult& a, const LoadedResult& b,
                      const std::vector<RunResult>& a_runs, const std::vector<RunResult>& b_runs,
                      const CompareOptions& options, std::ostream& out) {
  std::string head;
  for (const auto& [label, side, runs] : {std::tuple{"A (base)", &a, &a_runs}, std::tuple{"B (new)", &b, &b_runs}}) {
    head += fmt::format("{}: {}, {} run{}\n", label, side->name, side->runs, side->runs == 1 ? "" : "s");
    for (const std::string& command : side->command_lines) head += "  " + command + "\n";
    if (!runs->empty()) head += "  machine: " + MachineLine(runs->front()) + "\n";
  }
  Emit(out, head);
  std::string point;
  std::vector<std::vector<std::string>> rows;
  const auto flush = [&] {
    if (rows.empty()) return;
    std::ostringstream table;
    WriteColumns(table, {"A", "%stddev", "%change", "", "B", "%stddev", "metric"}, rows,
                 {true, true, true, false, true, true, false});
    Emit(out, table.str());
    rows.clear();
  };
  for (const FigureRow& row : compared.rows) {
    if (row.point != point) {
      flush();
      point = row.point;
      const auto [keys, values] = KeyAndValueLines(point);
      Emit(out, "\n" + keys + "\n" + values + "\n\n");
    }
    const Comparison& c = row.comparison;
    const bool better = c.verdict.find("better") != std::string::npos;
    // Where the second opinion (Welch) disagrees, the verdict is in doubt.
    const bool doubtful = c.verdict.rfind("inconclusive", 0) == 0 || c.verdict.find("(Welch:") != std::string::npos;
    const std::string mark = doubtful ? "?" : !c.significant ? "-" : better ? "better *" : "worse *";
    rows.push_back({CompactNumber(c.a.mean), Spread(c.a), fmt::format("{:+.1f}%", c.change_pct), mark,
                    CompactNumber(c.b.mean), Spread(c.b), row.figure});
  }
  flush();
  const bool floored = !options.threshold_given && !options.floor_pct.empty();
  std::string notes = fmt::format(
      "\n*: significant ({}, p < {} and a change of at least {:.1f}%{}); -: no significant change; ?: too few "
      "samples or runs for a verdict, or Welch's t-test disagrees.\n",
      a.runs > 1 && b.runs > 1 ? "Welch's t-test on the runs' means" : "Mann-Whitney U on the samples", kAlpha,
      options.threshold_pct, floored ? " or the point's noise floor, whichever is larger" : "");
  if (a.runs == 1 || b.runs == 1) {
    notes +=
        "One run a side: samples of one invocation vary less than invocations do; a verdict may not hold "
        "for another run.\n";
  }
  if (!options.floor_note.empty()) notes += options.floor_note + ".\n";
  for (const auto& key : compared.only_in_a) notes += "Only in A (not compared): " + key + "\n";
  for (const auto& key : compared.only_in_b) notes += "Only in B (not compared): " + key + "\n";
  Emit(out, notes);
}

}  // namespace membench
