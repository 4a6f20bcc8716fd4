// File: report/mail_report.cpp
#include "report/mail_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "core/measurement_stats.h"
#include "core/name_lists.h"
#include "core/paired.h"
#include "core/params.h"
#include "core/units.h"
#include "report/brief_report.h"
#include "report/lmsummary_report.h"
#include "report/page_word.h"
#include "report/rate_text.h"
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

// "a, b and c"
std::string Listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  }
  return out;
}

std::string MachineLine(const RunResult& r) {
  const SystemInfo& s = r.system;
  const auto thp = s.thp.find("enabled");
  return fmt::format("{}{}, {} CPUs, {} GiB, Linux {}, THP {}, {}", s.cpu_model,
                     s.hypervisor.empty() ? "" : ", " + s.hypervisor + " VM", s.online_cpus, s.mem_total_bytes >> 30,
                     s.kernel_release, thp == s.thp.end() ? "?" : thp->second,
                     s.hardware_pmu ? "PMU counters" : "no PMU (cycles are " + CycleTimerName(s) + " estimates)");
}

// `text` wrapped to the mail's width and made ASCII.
void Emit(std::ostream& out, const std::string& text) { out << WrapLines(Ascii(text), kMailColumns); }

std::string Columns(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
                    const std::vector<bool>& right_aligned) {
  std::ostringstream table;
  WriteColumns(table, headers, rows, right_aligned);
  return table.str();
}

// The paired ratios of an interleaved run (core/paired.h): B/A of two
// points measured in the same rounds, what a reader of a patch's numbers
// looks for first. Empty where the run has none.
std::string PairedSection(const RunResult& r) {
  if (!r.interleaved) {
    if (r.paired_by.empty() || r.measurements.size() < 2) return "";
    return fmt::format("\nNo paired ratios along {}: the points were measured one after another, not in rounds.\n",
                       r.paired_by);
  }
  const std::vector<PairedRatio> pairs = PairedRatios(r.measurements, r.paired_by);
  if (pairs.empty()) return "";
  std::vector<Point> points;
  for (const Measurement& m : r.measurements) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  const auto [fewest, most] =
      std::minmax_element(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) { return x.rounds < y.rounds; });
  const std::string rounds = fewest->rounds == most->rounds ? fmt::format("{}", fewest->rounds)
                                                            : fmt::format("{} to {}", fewest->rounds, most->rounds);
  const bool all_too_few =
      std::all_of(pairs.begin(), pairs.end(), [](const PairedRatio& p) { return p.too_few_rounds; });
  const std::string confidence = fmt::format("{:.1f}%", pairs.front().confidence_pct);
  std::string text = fmt::format(
      "\nPaired ratios B/A, each the median of {} rounds' rate ratios; {}.\n", rounds,
      all_too_few
          ? fmt::format("too few rounds for a {} interval (-r {} or more gives one)", confidence,
                        RoundsNeeded(pairs.size()))
          : fmt::format(
                "interval: {} (sign test{})", confidence,
                pairs.size() > 1 ? fmt::format(", Bonferroni-corrected for {} comparisons", pairs.size()) : ""));
  std::vector<std::vector<std::string>> rows;
  bool any_conditions = false;
  for (const PairedRatio& p : pairs) {
    const Measurement& a = r.measurements[p.a];
    const Measurement& b = r.measurements[p.b];
    std::string conditions;
    for (const auto& [name, value] : a.point.values) {
      if (name != p.param && Contains(varying, name)) {
        conditions += (conditions.empty() ? "" : " ") + name + "=" + value.text;
      }
    }
    any_conditions = any_conditions || !conditions.empty();
    std::vector<std::string> row = {
        fmt::format("{}={} / {}", p.param, b.point.at(p.param).text, a.point.at(p.param).text), conditions,
        fmt::format("{:.4f}", p.median_ratio)};
    if (!all_too_few) {
      row.push_back(p.ci ? fmt::format("{:.4f}..{:.4f}", p.ci->low, p.ci->high) : "-");
      row.push_back(p.too_few_rounds ? "too few rounds" : p.verdict);
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::string> headers = {"comparison", "conditions", "B/A"};
  std::vector<bool> right = {false, false, true};
  if (!all_too_few) {
    headers.insert(headers.end(), {"interval", "verdict"});
    right.insert(right.end(), {false, false});
  }
  if (!any_conditions) {
    headers.erase(headers.begin() + 1);
    right.erase(right.begin() + 1);
    for (auto& row : rows) row.erase(row.begin() + 1);
  }
  return text + Columns(headers, rows, right);
}

// One line per point: its rate with the standard error, the page proof
// in a word, page faults per sample and cycles per unit of work; then the
// legend, and the counters this machine could not count, named once.
std::string PointsSection(const RunResult& r, const std::vector<MeasurementStats>& stats, const ReportStyle& style) {
  const auto& ms = r.measurements;
  std::vector<Point> points;
  for (const Measurement& m : ms) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  const bool workloads_differ =
      std::any_of(ms.begin(), ms.end(), [&](const Measurement& m) { return m.workload != ms.front().workload; });
  const bool one_unit =
      std::all_of(ms.begin(), ms.end(), [&](const Measurement& m) { return m.unit == ms.front().unit; });
  std::string common;
  for (const auto& [name, value] : ms.front().point.values) {
    if (!Contains(varying, name)) common += (common.empty() ? "" : " ") + name + "=" + value.text;
  }
  std::string text = workloads_differ ? "\nPoints" : "\n" + ms.front().workload;
  text += common.empty() ? ":\n" : fmt::format(" ({} in every point):\n", common);

  std::vector<std::string> headers;
  if (workloads_differ) headers.push_back("workload");
  headers.insert(headers.end(), varying.begin(), varying.end());
  const bool named = !headers.empty();
  if (!named) headers.push_back("point");
  const std::string cycles_header =
      one_unit ? "cyc/" + (ms.front().unit == WorkUnit::kBytes ? std::string("B")
                                                               : std::string(UnitSingular(ms.front().unit)))
               : "cyc/unit";
  headers.insert(headers.end(), {"rate", "+-", "proof", "faults/sample", cycles_header});
  std::vector<std::vector<std::string>> rows;
  bool any_pages = false;
  bool any_faults = false;
  bool any_cycles = false;
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const Measurement& m = ms[i];
    const MeasurementStats& st = stats[i];
    std::vector<std::string> row;
    if (workloads_differ) row.push_back(m.workload);
    for (const std::string& name : varying) {
      const ParamValue* value = m.point.Find(name);
      row.push_back(value == nullptr ? "-" : value->text);
    }
    if (!named) row.push_back(m.workload);
    row.push_back(RateText(m.unit, st.rate.mean, style.byte_rate_unit));
    row.push_back(st.rate.n >= 2 && st.rate.mean > 0 ? fmt::format("{:.2f}%", st.rate.rel_sem_pct) : "?");
    row.push_back(PageWord(m.page_proofs));
    row.push_back(st.page_faults_per_sample ? CountText(*st.page_faults_per_sample) : "-");
    row.push_back(st.cycles_per_unit > 0 ? CompactNumber(st.cycles_per_unit) : "-");
    any_pages = any_pages || !m.page_proofs.empty();
    any_faults = any_faults || st.page_faults_per_sample.has_value();
    any_cycles = any_cycles || st.cycles_per_unit > 0;
    rows.push_back(std::move(row));
  }
  std::vector<bool> right(headers.size() - 5, false);
  right.insert(right.end(), {true, true, false, true, true});
  // Columns nobody has a figure for go.
  for (const auto& [shown, column] :
       {std::pair{any_cycles, headers.size() - 1}, std::pair{any_faults, headers.size() - 2},
        std::pair{any_pages, headers.size() - 3}}) {
    if (shown) continue;
    headers.erase(headers.begin() + static_cast<std::ptrdiff_t>(column));
    right.erase(right.begin() + static_cast<std::ptrdiff_t>(column));
    for (auto& row : rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
  }
  text += Columns(headers, rows, right);

  std::string legend = "+-: standard error of the mean.";
  if (any_pages) legend += " proof: the pages obtained (NOT x: not the x asked for); -v: each region's.";
  const bool estimated =
      std::any_of(stats.begin(), stats.end(), [](const MeasurementStats& st) { return !st.cycles_from_pmu; });
  if (any_cycles && estimated) {
    legend += fmt::format(" {}: {} ticks at {:.3f} GHz, an estimate (no PMU cycles).", cycles_header,
                          CycleTimerName(r.system), r.tsc_ghz);
  }
  text += legend + "\n";

  // Each counter the machine could not count, once for every point, by cause.
  std::vector<std::string> reasons;
  std::map<std::string, std::vector<std::string>> unsupported;  // reason -> counters
  std::vector<std::string> uncounted;
  std::map<std::string, double> multiplexed;  // counter -> the least running share
  for (const MeasurementStats& st : stats) {
    for (const CounterStats& c : st.counters) {
      if (c.hidden) continue;
      if (!c.supported) {
        const std::string reason = c.reason.empty() ? "no reason given" : c.reason;
        if (!Contains(reasons, reason)) reasons.push_back(reason);
        if (!Contains(unsupported[reason], c.name)) unsupported[reason].push_back(c.name);
      } else if (!c.counted) {
        if (!Contains(uncounted, c.name)) uncounted.push_back(c.name);
      } else if (c.running_pct < 99.995) {
        const auto it = multiplexed.find(c.name);
        multiplexed[c.name] = it == multiplexed.end() ? c.running_pct : std::min(it->second, c.running_pct);
      }
    }
  }
  for (const std::string& reason : reasons) {
    text += fmt::format("{} <not supported>: {}.\n", Listed(unsupported[reason]),
                        reason.substr(0, reason.find_last_not_of('.') + 1));
  }
  if (!uncounted.empty()) text += fmt::format("<not counted> in every sample of some points: {}.\n", Listed(uncounted));
  if (!multiplexed.empty()) {
    std::vector<std::string> shares;
    for (const auto& [name, pct] : multiplexed) shares.push_back(fmt::format("{} {:.0f}%", name, pct));
    text += fmt::format("Multiplexed, counted part of the time and scaled up: {}.\n", Listed(shares));
  }
  return text;
}

// Today's perf-stat block of one point, for -v: every figure; counters
// the machine cannot count are named once above, not here.
// `timer`: what cycles are estimated with where the PMU gave none ("TSC").
std::string Block(const Measurement& m, const MeasurementStats& st, const std::vector<std::string>& varying,
                  const std::string& timer, const ReportStyle& style) {
  std::string label = m.workload;
  for (const auto& [name, value] : m.point.values) {
    if (Contains(varying, name)) label += " " + name + "=" + value.text;
  }
  std::string text = fmt::format("\n{} ({} sample{}):\n", label, st.rate.n, st.rate.n == 1 ? "" : "s");
  text += fmt::format("{:>24}  ( +- {} )  median {}\n", RateText(m.unit, st.rate.mean, style.byte_rate_unit),
                      st.rate.n >= 2 ? fmt::format("{:5.2f}%", st.rate.rel_sem_pct) : std::string("    ?"),
                      RateText(m.unit, st.rate.median, style.byte_rate_unit));
  for (const SideRateStats& side : st.side_rates) {
    if (side.per_second.n == 0) {
      text += fmt::format("{:>24}  {}\n", "not counted", side.name);
      continue;
    }
    text += fmt::format("{:>24}  ( +- {} )  {}\n", RateText(side.unit, side.per_second.mean, style.byte_rate_unit),
                        side.per_second.n >= 2 && side.per_second.mean > 0
                            ? fmt::format("{:5.2f}%", side.per_second.rel_sem_pct)
                            : std::string("    ?"),
                        side.name);
  }
  if (st.cycles_per_unit > 0) {
    text += fmt::format("{:>24}  {}\n", fmt::format("{:.4g} cycles/{}", st.cycles_per_unit, UnitSingular(m.unit)),
                        st.cycles_from_pmu ? "PMU cycles" : timer + " estimate");
  }
  for (const CounterStats& c : st.counters) {
    if (c.hidden || !c.supported) continue;
    if (!c.counted) {
      text += fmt::format("{:>24}  {}\n", "<not counted>", c.name);
      continue;
    }
    // perf's unit for task-clock: msec, not the nanoseconds it counts.
    const bool clock = c.base_name == "task-clock";
    text += fmt::format("{:>24}  {:<24} ( +- {:5.2f}% ){}\n",
                        clock ? fmt::format("{:.2f} msec", c.summary.mean / 1e6) : WithThousands(c.summary.mean),
                        c.name, c.summary.rel_sem_pct,
                        c.running_pct < 99.995 ? fmt::format(" [{:.0f}% running]", c.running_pct) : "");
  }
  for (const PageProof& proof : m.page_proofs) text += " pages: " + proof.text + "\n";
  return text;
}

// The points of a comparison as a column, in the kernel test robot's way:
// the keys joined by '/' as the header ("workload/impl"), each point's
// values as its cell ("memcpy/avx2"), the parameters the same in every
// point said once (NamePoints, report/compare_report.h).
struct PointColumn {
  std::string header;
  std::map<std::string, std::string> cells;  // point as matched -> cell
  std::string common;
};

PointColumn PointColumnOf(const CompareResult& compared) {
  const PointNames names = NamePoints(compared);
  PointColumn column;
  if (!names.common.empty()) column.common = "The same in every point: " + names.common;
  column.header = "workload";
  for (const std::string& name : names.varying) column.header += "/" + name;
  for (const auto& [point, values] : names.values) {
    for (const std::string& value : values) column.cells[point] += (column.cells[point].empty() ? "" : "/") + value;
  }
  return column;
}

// A side's spread; unknown with fewer than two samples or runs.
std::string Spread(const Summary& s) { return s.n >= 2 ? fmt::format("+-{:.0f}%", s.cv_pct) : "+-?"; }

// Where the second opinion (Welch) disagrees, the verdict is in doubt.
bool Doubtful(const Comparison& c) {
  return c.verdict.rfind("inconclusive", 0) == 0 || c.verdict.find("(Welch:") != std::string::npos;
}

std::string Mark(const Comparison& c) {
  if (Doubtful(c)) return "?";
  if (!c.significant) return "-";
  switch (c.finding) {
    case Finding::kBetter:
      return "better *";
    case Finding::kWorse:
      return "worse *";
    default:
      return "changed *";  // the kernel's accounting: no side is better
  }
}

// The time per loop is the rate's inverse: the summary names the rate.
bool IsTime(const FigureRow& row) { return row.figure.rfind("time (", 0) == 0; }

// What changed significantly, every figure but the time, each point's
// rate a line, then (-v) the kernel test robot's table of every figure.
std::string CompareRows(const CompareResult& compared, const CompareOptions& options) {
  const PointColumn points = PointColumnOf(compared);
  std::vector<std::vector<std::string>> changed;
  for (const FigureRow& row : compared.rows) {
    const Comparison& c = row.comparison;
    if (!c.significant || IsTime(row) || !RowShownBriefly(row)) continue;
    changed.push_back({points.cells.at(row.point), row.figure, CompactNumber(c.a.mean), CompactNumber(c.b.mean),
                       fmt::format("{:+.1f}%", c.change_pct), Mark(c)});
  }
  std::string text = points.common.empty() ? "" : "\n" + points.common + "\n";
  text += changed.empty()
              ? "\nNo significant change, B against A.\n"
              : "\nSignificant changes, B against A:\n" + Columns({points.header, "metric", "A", "B", "%change", ""},
                                                                  changed, {false, false, true, true, true, false});
  std::vector<std::vector<std::string>> rates;
  std::vector<std::string> figures;
  std::string plans;
  for (const FigureRow& row : compared.rows) {
    if (!row.is_rate) continue;
    const Comparison& c = row.comparison;
    if (!Contains(figures, row.figure)) figures.push_back(row.figure);
    rates.push_back({points.cells.at(row.point), CompactNumber(c.a.mean), Spread(c.a),
                     fmt::format("{:+.1f}%", c.change_pct), Mark(c), CompactNumber(c.b.mean), Spread(c.b),
                     DetectableText(row), row.figure});
    if (const std::string plan = PlanText(row); !plan.empty()) plans += plan + "\n";
  }
  std::vector<std::string> headers = {points.header, "A", "%stddev", "%change", "", "B", "%stddev", "finds", "metric"};
  std::vector<bool> right = {false, true, true, true, false, true, true, true, false};
  // One rate unit: said once, in the heading, not on every line.
  if (figures.size() == 1) {
    headers.pop_back();
    right.pop_back();
    for (auto& row : rates) row.pop_back();
  }
  text += fmt::format("\nEvery point's {}:\n", figures.size() == 1 ? figures.front() : "rate") +
          Columns(headers, rates, right) + plans;
  if (!options.style.verbose) return text;

  text += "\nEvery figure of each point (-v):\n";
  std::string point;
  std::vector<std::vector<std::string>> rows;
  const auto flush = [&] {
    if (rows.empty()) return;
    text += Columns({"A", "%stddev", "%change", "", "B", "%stddev", "metric"}, rows,
                    {true, true, true, false, true, true, false});
    rows.clear();
  };
  for (const FigureRow& row : compared.rows) {
    if (row.point != point) {
      flush();
      point = row.point;
      text += "\n" + points.header + ":\n  " + points.cells.at(point) + "\n\n";
    }
    const Comparison& c = row.comparison;
    rows.push_back({CompactNumber(c.a.mean), Spread(c.a), fmt::format("{:+.1f}%", c.change_pct), Mark(c),
                    CompactNumber(c.b.mean), Spread(c.b), row.figure});
  }
  flush();
  return text;
}

}  // namespace

void WriteMailRun(const RunResult& r, std::ostream& out, const ReportStyle& style) {
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
  if (!r.measurements.empty()) {
    std::vector<MeasurementStats> stats;
    for (const Measurement& m : r.measurements) stats.push_back(ComputeMeasurementStats(m, r.events));
    Emit(out, PairedSection(r));
    Emit(out, PointsSection(r, stats, style));
    if (style.verbose) {
      std::vector<Point> points;
      for (const Measurement& m : r.measurements) points.push_back(m.point);
      const std::vector<std::string> varying = VaryingParams(points);
      Emit(out, "\nEvery figure of each point (-v):\n");
      for (std::size_t i = 0; i < r.measurements.size(); ++i) {
        Emit(out, Block(r.measurements[i], stats[i], varying, CycleTimerName(r.system), style));
      }
    }
  }
  const std::vector<PointNote> point_notes = PointNotesOnce(r);
  if (!r.notes.empty() || !point_notes.empty()) Emit(out, "\n");
  for (const std::string& note : r.notes) Emit(out, "note: " + note + "\n");
  const std::size_t n = r.measurements.size();
  for (const PointNote& note : point_notes) {
    Emit(out,
         (note.points == n ? "note: " : fmt::format("note ({} of {} points): ", note.points, n)) + note.text + "\n");
  }
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
  Emit(out, CompareRows(compared, options));
  const bool floored = FloorsApply(options, a, b);
  std::string notes = fmt::format(
      "\n*: significant ({}, p < {} and a change of at least {:.1f}%{}); -: no significant change; ?: too few "
      "samples or runs for a verdict, or Welch's t-test disagrees; finds: the smallest change the data could "
      "find 4 times in 5.{}\n",
      a.runs > 1 && b.runs > 1 ? "Welch's t-test on the runs" : "Mann-Whitney U on the samples", kAlpha,
      options.threshold_pct, floored ? " or the point's noise floor, whichever is larger" : "",
      options.style.verbose ? "" : " -v adds every figure of each point (time, counters).");
  if (a.runs == 1 || b.runs == 1) {
    notes +=
        "One run a side: samples of one invocation vary less than invocations do; a verdict may not hold "
        "for another run.\n";
  }
  if (!options.floor_note.empty()) notes += options.floor_note + ".\n";
  for (const auto& key : compared.only_in_a) notes += "Only in A (not compared): " + compared.Shown(key) + "\n";
  for (const auto& key : compared.only_in_b) notes += "Only in B (not compared): " + compared.Shown(key) + "\n";
  Emit(out, notes);
}

}  // namespace membench
