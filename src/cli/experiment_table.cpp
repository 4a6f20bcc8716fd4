// File: cli/experiment_table.cpp
#include "cli/experiment_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <set>

#include "core/hypothesis.h"
#include "core/kernel_accounting.h"
#include "core/measurement_stats.h"
#include "core/page_proof.h"
#include "core/paired.h"
#include "core/params.h"
#include "core/profile.h"
#include "report/loaded_result.h"
#include "report/profile_report.h"
#include "report/text_columns.h"
#include "report/verdict_colour.h"

namespace membench {
namespace {

// The largest of G, M, k that keeps the mean at 1 or more.
std::pair<double, std::string> Scale(double mean) {
  if (mean >= 1e9) return {1e9, "G"};
  if (mean >= 1e6) return {1e6, "M"};
  if (mean >= 1e3) return {1e3, "k"};
  return {1, ""};
}

// The conditions that tell a point from the run's others, leaving out
// `except` (the treatment): what is the same in every row the title says.
std::string Conditions(const Point& point, const std::set<std::string>& varying, const std::string& except) {
  std::string out;
  for (const auto& [name, value] : point.values) {
    if (name != except && varying.count(name) != 0) out += (out.empty() ? "" : " ") + name + "=" + value.text;
  }
  return out.empty() ? "-" : out;
}

std::set<std::string> VaryingOf(const RunResult& result) {
  std::vector<Point> points;
  for (const Measurement& m : result.measurements) points.push_back(m.point);
  const std::vector<std::string> list = VaryingParams(points);
  return {list.begin(), list.end()};
}

// "0.964..1.119 (95%)": the comparison's 95% interval of B/A, "n/a" where none.
std::string IntervalCell(const Comparison& c) {
  return c.ratio_ci95 ? fmt::format("{:.3f}..{:.3f} (95%)", c.ratio_ci95->low, c.ratio_ci95->high) : "n/a";
}

// The unpaired comparison of two measurements' figures, into a row.
Comparison FillUnpaired(const Measurement& a, const Measurement& b, const std::vector<EventStatus>& events,
                        const std::string& how, TableRow& row) {
  const Figures fa = FiguresOf(a, events);
  const Figures fb = FiguresOf(b, events);
  const Comparison c = Compare(fa.values, fb.values, fa.lower_is_better ? Better::kLower : Better::kHigher, 1.0);
  row.a = FigureCell(c.a.mean, c.a.ci95_low, c.a.ci95_high, fa);
  row.b = FigureCell(c.b.mean, c.b.ci95_low, c.b.ci95_high, fa);
  row.ratio = c.a.mean > 0 ? fmt::format("{:.3f}", c.b.mean / c.a.mean) : "n/a";
  row.interval = IntervalCell(c);
  row.verdict = c.verdict + " (" + how + ")";
  row.finding = c.finding;
  return c;
}

// "32.00 /loop +-1.2%", "0 /loop" for a value that never changed.
std::string KernelCell(const Summary& side) {
  if (side.mean == 0) return "0 /loop";
  Figures figures;
  figures.unit = "/loop";
  if (side.mean < 0) return fmt::format("{:.4g} /loop", side.mean);
  return FigureCell(side.mean, side.ci95_low, side.ci95_high, figures);
}

// "1.000", "inf" (from none to some), "n/a" (none on either side).
std::string CountRatio(double a, double b) {
  if (a != 0) return fmt::format("{:.3f}", b / a);
  return b == 0 ? "n/a" : "inf";
}

// The row of `name` under `rate_row`, its cells empty.
TableRow KernelValueRow(const TableRow& rate_row, const std::string& name) {
  TableRow row;
  row.run = rate_row.run;
  row.comparison = "  " + KernelValueLabel(name) + " /loop";
  row.conditions = rate_row.conditions;
  row.ratio = row.interval = "n/a";
  row.kernel_value = true;
  return row;
}

// A comparison of unpaired values into a row's cells and verdict, each
// side's figure written by `cell`.
void FillCells(const Comparison& c, std::string (*cell)(const Summary&), TableRow& row) {
  row.a = cell(c.a);
  row.b = cell(c.b);
  row.ratio = CountRatio(c.a.mean, c.b.mean);
  row.interval = IntervalCell(c);
  row.verdict = c.verdict;
  row.finding = c.finding;
}

// A value's comparison into its row's cells and verdict.
void FillKernelCells(const Comparison& c, TableRow& row) { FillCells(c, KernelCell, row); }

void SayNotRead(TableRow& row) {
  row.verdict = "no verdict: the kernel's accounting was not read on a side";
  row.finding = Finding::kInconclusive;
}

// "56.44% +-2.1%": a self share, in percent.
std::string ShareCell(const Summary& side) {
  if (side.mean == 0) return "0%";
  Figures figures;
  figures.unit = "%";
  return FigureCell(side.mean, side.ci95_low, side.ci95_high, figures);
}

TableRow ProfileRow(const TableRow& rate_row, const std::string& symbol) {
  TableRow row;
  row.run = rate_row.run;
  row.comparison = "  self% " + symbol;
  row.conditions = rate_row.conditions;
  row.ratio = row.interval = "n/a";
  row.profile_share = true;
  return row;
}

// A kind of row under a row of rates, a value a sample of the same two
// points: the kernel's accounting a loop, or a symbol's self share.
struct UnpairedRows {
  TableRow (*row)(const TableRow& rate_row, const std::string& name);
  std::vector<double> (*values)(const std::vector<Sample>& samples, const std::string& name);
  std::string (*cell)(const Summary& side);
  const char* missing;     // a side's cell where it has no values
  const char* no_verdict;  // the verdict then
};

constexpr UnpairedRows kKernelValueRows{KernelValueRow, KernelValuePerLoop, KernelCell, "not read",
                                        "no verdict: the kernel's accounting was not read on a side"};
constexpr UnpairedRows kProfileRows{ProfileRow, SelfSharePerSample, ShareCell, "not profiled",
                                    "no verdict: a side was not profiled"};

// Under a row of rates, a row for each name the run gives of this kind:
// unpaired (the values are counts or shares a sample, not rates a round),
// and only "higher" or "lower".
void AddUnpairedRows(const TableRow& rate_row, const Measurement& a, const Measurement& b,
                     const std::vector<std::string>& names, const UnpairedRows& kind, std::vector<TableRow>& rows) {
  for (const std::string& name : names) {
    TableRow row = kind.row(rate_row, name);
    const std::vector<double> va = kind.values(a.samples, name);
    const std::vector<double> vb = kind.values(b.samples, name);
    if (va.empty() || vb.empty()) {
      row.a = va.empty() ? kind.missing : "";
      row.b = vb.empty() ? kind.missing : "";
      row.verdict = kind.no_verdict;
      row.finding = Finding::kInconclusive;
      rows.push_back(row);
      continue;
    }
    FillCells(Compare(va, vb, Better::kNeither, 1.0), kind.cell, row);
    row.verdict += " (unpaired)";
    // A value the same in every sample (a fault a huge page) needs no test.
    const auto same = [&](double v) { return v == va.front(); };
    if (std::all_of(va.begin(), va.end(), same) && std::all_of(vb.begin(), vb.end(), same)) {
      row.verdict = va.front() == 0 ? "did not change on either side" : "the same in every sample";
      row.finding = Finding::kNoChange;
    }
    rows.push_back(row);
  }
}

}  // namespace

Figures FiguresOf(const Measurement& m, const std::vector<EventStatus>& events) {
  Figures f;
  const bool printed_rate = m.program_figure && m.program_figure->kind == FigureKind::kRate;
  if (m.unit == WorkUnit::kRuns && !printed_rate) {
    // A program run by exec: its time is the figure, as perf stat -r gives
    // it, or the time it printed of itself (--time-from).
    for (const Sample& s : m.samples) {
      if (s.program_rate) {
        f.values.push_back(1.0 / *s.program_rate);
      } else if (s.work > 0) {
        f.values.push_back(static_cast<double>(s.wall_ns) / 1e9 / static_cast<double>(s.work));
      }
    }
    f.lower_is_better = true;
    f.unit = "s";
    return f;
  }
  for (const Sample& s : m.samples) {
    if (const auto rate = RatePerSecond(s)) f.values.push_back(*rate);
  }
  if (m.summary_row) {
    // An lmbench summary row, in lmbench's units.
    if (m.summary_row->figure == SummaryFigure::kMegabytesPerSecond) {
      f.divisor = 1e6;
      f.unit = "MB/s";
      return f;
    }
    f.lower_is_better = true;
    f.unit = "us";
    const MeasurementStats st = ComputeMeasurementStats(m, events);
    if (m.summary_row->figure == SummaryFigure::kMicrosPerFault && st.ns_per_fault && st.wall_seconds.mean > 0) {
      // Each sample's time per fault, with the faults of an average sample,
      // as the summary's own row takes it (faults vary far less than time).
      f.values.clear();
      for (const Sample& s : m.samples) {
        f.values.push_back(*st.ns_per_fault * 1e-3 * static_cast<double>(s.wall_ns) / (st.wall_seconds.mean * 1e9));
      }
      return f;
    }
    for (double& v : f.values) v = 1e6 / v;
    return f;
  }
  double mean = 0;
  for (const double v : f.values) mean += v / static_cast<double>(f.values.size());
  if (m.unit == WorkUnit::kBytes) {
    f.divisor = 1e9;
    f.unit = "GB/s";
  } else {
    const auto [divisor, prefix] = Scale(mean);
    f.divisor = divisor;
    f.unit = prefix + std::string(UnitName(m.unit)) + "/s";
  }
  return f;
}

std::string FigureCell(double mean, double ci_low, double ci_high, const Figures& figures) {
  if (mean <= 0) return "n/a";
  const double value = mean / figures.divisor;
  // Four significant digits, never an exponent.
  const int decimals = value >= 1000 ? 0 : value >= 100 ? 1 : value >= 10 ? 2 : value >= 1 ? 3 : 4;
  const double below_pct = 100.0 * (mean - ci_low) / mean;
  const double above_pct = 100.0 * (ci_high - mean) / mean;
  // A geometric mean's interval is lopsided where the samples spread
  // widely: one +- would put its ends where they are not.
  if (below_pct > 0 && (above_pct > 1.25 * below_pct || below_pct > 1.25 * above_pct)) {
    return fmt::format("{:.{}f} {} -{:.1f}%/+{:.1f}%", value, decimals, figures.unit, below_pct, above_pct);
  }
  return fmt::format("{:.{}f} {} +-{:.1f}%", value, decimals, figures.unit, (below_pct + above_pct) / 2);
}

std::string PagesOutOfQuestion(const Measurement& m, const std::vector<std::string>& pages_must_be) {
  for (const PageProof& proof : m.page_proofs) {
    if (!proof.honoured)
      return fmt::format("{} was {}, not the {} requested", proof.region, proof.split, proof.requested);
    if (pages_must_be.empty()) continue;
    const std::string kind = MainPageKind(proof);
    if (kind.empty()) {
      return fmt::format("{}'s kind of page is unverified ({}{})", proof.region, proof.split,
                         proof.method == "pagemap" ? "" : "; the pagemap proof needs root");
    }
    if (std::find(pages_must_be.begin(), pages_must_be.end(), kind) == pages_must_be.end()) {
      return fmt::format("{} was {}, not {}", proof.region, proof.split, fmt::join(pages_must_be, " or "));
    }
  }
  return "";
}

std::vector<TableRow> TreatmentRows(const std::string& title, const RunResult& result,
                                    const std::vector<std::string>& pages_must_be, const NamedRows& named) {
  std::vector<TableRow> rows;
  const std::set<std::string> varying = VaryingOf(result);
  for (const PairedRatio& p : PairedRatios(result.measurements, result.paired_by)) {
    const Measurement& a = result.measurements[p.a];
    const Measurement& b = result.measurements[p.b];
    TableRow row;
    row.run = title;
    row.comparison = fmt::format("{}={} / {}", p.param, b.point.at(p.param).text, a.point.at(p.param).text);
    row.conditions = Conditions(a.point, varying, p.param);
    FillUnpaired(a, b, result.events, "unpaired: measured one after another", row);
    if (result.interleaved) {
      // The sides' figures stay; the ratio and verdict are the paired ones.
      row.ratio = p.rounds == 0 ? "n/a" : fmt::format("{:.3f}", p.median_ratio);
      row.interval = p.ci ? fmt::format("{:.3f}..{:.3f} ({:.1f}%)", p.ci->low, p.ci->high, p.confidence_pct) : "n/a";
      row.verdict = p.verdict + " (paired rounds)";
      row.finding = p.finding;
    }
    for (const auto& [side, m] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
      if (const std::string why = PagesOutOfQuestion(*m, pages_must_be); !why.empty()) {
        row.verdict = fmt::format("no verdict: {}'s {} (page proof)", side, why);
        row.finding = Finding::kInconclusive;
        break;
      }
    }
    rows.push_back(row);
    AddUnpairedRows(row, a, b, named.kernel_values, kKernelValueRows, rows);
    AddUnpairedRows(row, a, b, named.profile_symbols, kProfileRows, rows);
  }
  // No ratio across work units (zeropage's mode): one row says why.
  const std::string cross_unit = CrossUnitReason(result.measurements, result.paired_by);
  if (rows.empty() && !cross_unit.empty()) {
    TableRow row;
    row.run = title;
    row.comparison = "-";
    row.ratio = "n/a";
    row.interval = "n/a";
    row.verdict = "no ratio: " + cross_unit;
    rows.push_back(row);
  }
  return rows;
}

std::vector<TableRow> ReplicateRows(const std::string& title, const RunResult& first, const RunResult& later,
                                    int replicate, const NamedRows& named) {
  std::vector<TableRow> rows;
  const std::set<std::string> varying = VaryingOf(first);
  const std::size_t n = std::min(first.measurements.size(), later.measurements.size());
  for (std::size_t i = 0; i < n; ++i) {
    TableRow row;
    row.run = title;
    row.comparison = fmt::format("replicate {} / 1 (A/A)", replicate);
    const Measurement& m = first.measurements[i];
    row.conditions = m.summary_row ? m.summary_row->label : Conditions(m.point, varying, "");
    const Comparison c =
        FillUnpaired(first.measurements[i], later.measurements[i], first.events, "separate invocations", row);
    // On one kernel there is no better or worse: what an A/A row says is
    // whether two invocations agree within their samples' noise. Where they
    // do not, the invocation itself moves the figure, and a kernel A/B on
    // this machine must differ by more than this row does.
    if (c.significant) {
      // Welch's second opinion, where it disagrees, stays beside the verdict
      // (docs/statistics.md): its interval is the one the row shows.
      const auto welch = c.verdict.find(" (Welch: ");
      row.verdict = "invocations differ (an A/B must differ by more)" +
                    (welch == std::string::npos ? std::string() : c.verdict.substr(welch));
      row.finding = Finding::kInvocationsDiffer;
    } else if (c.finding == Finding::kNoChange) {
      row.verdict = "invocations agree";
    }
    rows.push_back(row);
    AddUnpairedRows(row, first.measurements[i], later.measurements[i], named.kernel_values, kKernelValueRows, rows);
    AddUnpairedRows(row, first.measurements[i], later.measurements[i], named.profile_symbols, kProfileRows, rows);
  }
  return rows;
}

std::map<std::string, std::string> PointsOutOfQuestion(const std::vector<RunResult>& a, const std::vector<RunResult>& b,
                                                       const std::vector<std::string>& pages_must_be) {
  std::map<std::string, std::string> why_by_point;
  for (const auto& [side, results] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
    for (const RunResult& result : *results) {
      for (const Measurement& m : result.measurements) {
        const std::string key = PointKey(m, {});
        if (why_by_point.count(key)) continue;
        if (const std::string why = PagesOutOfQuestion(m, pages_must_be); !why.empty()) {
          why_by_point[key] = fmt::format("{}'s {} (page proof)", side, why);
        }
      }
    }
  }
  return why_by_point;
}

std::vector<TableRow> KernelRows(const std::string& title, std::size_t runs_a, std::size_t runs_b,
                                 const CompareResult& compared,
                                 const std::map<std::string, std::string>& out_of_question,
                                 const NamedRows& named) {
  std::vector<TableRow> rows;
  // Programs run by exec (runs/s) are judged by their time, as perf stat -r's.
  const std::string runs_rate = "rate (" + std::string(UnitName(WorkUnit::kRuns)) + "/s)";
  std::set<std::string> timed_points;
  for (const FigureRow& figure : compared.rows) {
    if (figure.figure == runs_rate) timed_points.insert(figure.point);
  }
  for (const FigureRow& figure : compared.rows) {
    const bool timed = timed_points.count(figure.point) != 0;
    Figures figures;
    if (timed && figure.figure == "time (ns/loop)") {
      figures.unit = "s";
      figures.divisor = 1e9;
    } else if (!timed && figure.is_rate) {
      figures.unit = figure.figure.substr(figure.figure.find('(') + 1);
      figures.unit.pop_back();  // the ")"
    } else {
      continue;
    }
    const Comparison& c = figure.comparison;
    TableRow row;
    row.run = title;
    row.comparison = fmt::format("{} vs {}", runs_a, runs_b);
    row.conditions = figure.point;
    row.a = FigureCell(c.a.mean, c.a.ci95_low, c.a.ci95_high, figures);
    row.b = FigureCell(c.b.mean, c.b.ci95_low, c.b.ci95_high, figures);
    row.ratio = c.a.mean > 0 ? fmt::format("{:.3f}", c.b.mean / c.a.mean) : "n/a";
    row.interval = IntervalCell(c);
    row.verdict = c.verdict;
    row.finding = c.finding;
    if (const auto why = out_of_question.find(figure.point); why != out_of_question.end()) {
      row.verdict = "no verdict: " + why->second;
      row.finding = Finding::kInconclusive;
    }
    rows.push_back(row);
    // The named values of the kernel's accounting, as compare judged them
    // (the runs the unit), under the point's figure.
    for (const std::string& name : named.kernel_values) {
      const auto value = std::find_if(compared.rows.begin(), compared.rows.end(), [&](const FigureRow& other) {
        return other.point == figure.point && other.figure == name + " /loop";
      });
      TableRow value_row = KernelValueRow(row, name);
      if (value != compared.rows.end()) {
        FillKernelCells(value->comparison, value_row);
      } else if (compared.kernel_read.count(figure.point) == 0) {
        SayNotRead(value_row);
      } else {
        value_row.a = value_row.b = "0 /loop";
        value_row.verdict = "did not change on either side";
        value_row.finding = Finding::kNoChange;
      }
      rows.push_back(value_row);
    }
    // The named symbols' self shares, as compare judged them.
    for (const std::string& symbol : named.profile_symbols) {
      const auto share = std::find_if(compared.rows.begin(), compared.rows.end(), [&](const FigureRow& other) {
        return other.point == figure.point && other.figure == "self% " + ShownSymbol(symbol);
      });
      TableRow share_row = ProfileRow(row, symbol);
      if (share != compared.rows.end()) {
        const Comparison& sc = share->comparison;
        share_row.a = ShareCell(sc.a);
        share_row.b = ShareCell(sc.b);
        share_row.ratio = CountRatio(sc.a.mean, sc.b.mean);
        share_row.interval = IntervalCell(sc);
        share_row.verdict = sc.verdict;
        share_row.finding = sc.finding;
      } else {
        share_row.verdict =
            fmt::format("no verdict: not profiled on a side, or under {}% of the samples on both", kProfileRowPct);
        share_row.finding = Finding::kInconclusive;
      }
      rows.push_back(share_row);
    }
  }
  return rows;
}

void PrintExperimentTable(const std::string& heading, const std::vector<TableRow>& rows,
                          const std::string& comparison_header, bool colour) {
  fmt::print("\n# {}\n", heading);
  if (rows.empty()) {
    fmt::print("no comparisons: no run varied a treatment or had replicates\n");
    return;
  }
  std::vector<std::vector<std::string>> cells;
  for (const TableRow& r : rows) {
    cells.push_back({r.run, r.comparison, r.conditions, r.a, r.b, r.ratio, r.interval,
                     ColouredVerdict(r.verdict, r.finding, colour)});
  }
  // Figures and ratios right-aligned, words left.
  WriteColumns(std::cout, {"run", comparison_header, "conditions", "A", "B", "B/A", "interval", "verdict"}, cells,
               {false, false, false, true, true, true, false, false});
  // Said once, in docs/statistics.md's words: a paired B/A is no ratio of
  // the columns A and B, and may sit on the other side of 1 from it; and A
  // and B are compared on the log scale, so they sit a little below the
  // per-point tables' arithmetic means.
  fmt::print(
      "# A, B: the geometric mean with its 95% CI, +-x% or, where lopsided, -x%/+y% (not perf stat's standard error; "
      "the runs'\n#   own tables give arithmetic means); B/A: for paired rounds the median of the per-round ratios, "
      "with its\n#   distribution-free (sign-test) interval, else the ratio of the geometric means with Welch's 95% CI "
      "on the logs\n#   (docs/statistics.md)\n");
  if (std::any_of(rows.begin(), rows.end(), [](const TableRow& r) { return r.kernel_value; })) {
    // Counts are compared as they are, not on the log scale.
    fmt::print(
        "# /loop rows: the kernel's accounting, machine-wide: A, B the arithmetic mean "
        "with its 95% CI;\n#   B/A the ratio of the means (inf: from none), its 95% interval by the delta method; "
        "only higher or lower\n");
  }
  if (std::any_of(rows.begin(), rows.end(), [](const TableRow& r) { return r.profile_share; })) {
    fmt::print(
        "# self% rows: --profile's share of each sample's profiling samples in that symbol, in percent: A, B the "
        "arithmetic\n#   mean with its 95% CI; B/A the ratio of the means; only higher or lower "
        "(docs/kernel-accounting.md)\n");
  }
}

}  // namespace membench
