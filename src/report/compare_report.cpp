// File: report/compare_report.cpp
#include "report/compare_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <sstream>

#include "core/error.h"
#include "core/name_lists.h"
#include "core/noise_floor.h"
#include "core/power.h"
#include "report/profile_report.h"
#include "report/rate_text.h"
#include "report/text_columns.h"
#include "report/verdict_colour.h"

namespace membench {
namespace {

// "name=value" filters; a filter on a parameter the measurement lacks
// excludes it.
bool Passes(const LoadedMeasurement& m, const std::vector<std::string>& filters) {
  for (const auto& filter : filters) {
    const auto eq = filter.find('=');
    if (eq == std::string::npos) throw Error("filter '" + filter + "': expected PARAM=VALUE");
    const auto it = m.point.find(filter.substr(0, eq));
    if (it == m.point.end() || it->second != filter.substr(eq + 1)) return false;
  }
  return true;
}

std::map<std::string, const LoadedMeasurement*> Index(const LoadedResult& r, const std::vector<std::string>& filters,
                                                      const std::vector<std::string>& ignore, const char* side) {
  std::map<std::string, const LoadedMeasurement*> index;
  for (const auto& m : r.measurements) {
    if (!Passes(m, filters)) continue;
    const std::string key = PointKey(m, ignore);
    if (!index.emplace(key, &m).second) {
      throw Error(
          fmt::format("{} ({}) has two measurements for '{}'; tell them apart with --{} PARAM=VALUE or "
                      "compare fewer parameters with --ignore",
                      side, r.name, key, side[0] == 'A' ? "a" : "b"));
    }
  }
  return index;
}

std::vector<double> Flattened(const std::vector<std::vector<double>>& runs) {
  std::vector<double> out;
  for (const auto& run : runs) out.insert(out.end(), run.begin(), run.end());
  return out;
}

// The run is the unit where both sides have several; else the samples.
Comparison CompareFigure(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b,
                         bool runs_decide, Better better, double threshold_pct) {
  if (runs_decide) return CompareRuns(a, b, better, threshold_pct);
  return Compare(Flattened(a), Flattened(b), better, threshold_pct);
}

std::string Stddev(const Summary& s) { return s.n >= 2 ? fmt::format("± {:4.1f}%", s.cv_pct) : "       "; }

// The CV of two sides' values pooled (each weighed by its degrees of
// freedom), the spread the power figures assume on both.
double PooledCvPct(const Summary& a, const Summary& b) {
  const double df = static_cast<double>(a.n + b.n) - 2;
  if (df <= 0) return 0;
  const double sum = a.cv_pct * a.cv_pct * static_cast<double>(a.n - 1) + b.cv_pct * b.cv_pct * static_cast<double>(b.n - 1);
  return std::sqrt(sum / df);
}

// What the row's data could find (80% power at kAlpha): with runs as the
// unit, by the runs' spread; with one run a side (a floor known), by the
// samples'. Where the verdict is not a change, a rate row also gets the
// invocations a side that would find the target, or the change seen; where
// that change lies within the noise floor of a side that is one result
// (threshold_pct above the user's), the results a side, alternated, that
// would: the floor's run-to-run CV is measured across time, as alternated
// results are.
void PlanPower(FigureRow& row, double threshold_pct, const CompareOptions& options) {
  const Comparison& c = row.comparison;
  const double cv = PooledCvPct(c.a, c.b);
  if (c.a_runs && c.b_runs) {
    row.detectable_pct = MinimumDetectableChangeOfRunsPct(cv, static_cast<int>(c.a.n), static_cast<int>(c.b.n),
                                                          threshold_pct);
  } else {
    row.detectable_pct = MinimumDetectableChangePct(cv, static_cast<int>(std::min(c.a.n, c.b.n)), threshold_pct);
  }
  if (!row.is_rate || c.significant || !c.a_runs || !c.b_runs) return;
  const double wanted = options.target_pct.value_or(std::fabs(c.change_pct));
  if (wanted <= options.threshold_pct) return;
  row.needed_for_pct = wanted;
  if (wanted > threshold_pct) {
    row.invocations_needed = InvocationsNeeded(cv, wanted, threshold_pct);
    return;
  }
  row.alternate_results = true;
  row.invocations_needed = InvocationsNeeded(RunCvOfFloor(threshold_pct), wanted, options.threshold_pct);
}

// The smallest change called: --threshold, or, where the runs cannot show
// how much results differ (one run a side, or a side that is one result),
// the kind's noise floor where larger: the recorded one, else, where runs
// decide, the assumed one (with one run a side and none recorded nothing
// is called: kOneInvocationASide).
double ThresholdFor(const CompareOptions& options, const std::string& kind, bool runs_decide, bool drift_unseen) {
  if (options.threshold_given || (runs_decide && !drift_unseen)) return options.threshold_pct;
  const auto floor = options.floor_pct.find(kind);
  if (floor != options.floor_pct.end()) return std::max(options.threshold_pct, floor->second);
  return runs_decide ? std::max(options.threshold_pct, options.assumed_floor_pct) : options.threshold_pct;
}

// Why a change the runs call is not called: it lies within the kind's
// noise floor, and a side is one result.
std::string WithinDrift(const CompareOptions& options, const std::string& kind, double floor_pct) {
  const std::string& alternate = options.drift_remedy;
  if (options.floor_pct.count(kind)) {
    return fmt::format(
        "within the drift between results: a side is {}, and this machine's {} noise floor is {:.1f}% "
        "({})",
        options.drift_unseen_side, kind, floor_pct, alternate);
  }
  return fmt::format(
      "within the drift between results: a side is {}, and with no {} noise floor recorded one result "
      "a side calls no change under {:.1f}% (a run-to-run CV of {}% assumed; membench doctor --noise measures "
      "this machine's; or {})",
      options.drift_unseen_side, kind, floor_pct, kAssumedRunCvPct, alternate);
}

}  // namespace

bool DriftUnseen(const LoadedResult& a, const LoadedResult& b) {
  return RunsDecide(a, b) && (a.results == 1 || b.results == 1 || OneBootASideApart(a, b));
}

bool FloorsApply(const CompareOptions& options, const LoadedResult& a, const LoadedResult& b) {
  if (options.threshold_given) return false;
  if (!RunsDecide(a, b)) return !options.floor_pct.empty();
  return DriftUnseen(a, b) && (!options.floor_pct.empty() || options.assumed_floor_pct > 0);
}

bool RunsDecide(const LoadedResult& a, const LoadedResult& b) { return a.runs >= 2 && b.runs >= 2; }

std::string DetectableText(const FigureRow& row) {
  if (!row.detectable_pct) return "-";
  return *row.detectable_pct > 100 ? ">100%" : fmt::format("{:.1f}%", *row.detectable_pct);
}

std::string PlanText(const FigureRow& row) {
  if (!row.is_rate || row.comparison.significant || row.needed_for_pct <= 0 || !row.comparison.a_runs) return "";
  const std::string size = fmt::format("{:.1f}%", row.needed_for_pct);
  if (row.alternate_results) {
    return row.invocations_needed
               ? fmt::format("to find a change of {} in the {} (80% power): {} results a side of --invocations 1, "
                             "alternated A1 B1 A2 B2 ... (more invocations in one result share its moment)",
                             size, row.figure, *row.invocations_needed)
               : fmt::format("to find a change of {} in the {}: more than 100 results a side, alternated, or less "
                             "noise",
                             size, row.figure);
  }
  if (row.boots_decide) {
    return row.invocations_needed
               ? fmt::format(
                     "to find a change of {} in the {} (80% power): {} boots a side, alternated A B A B "
                     "(membench experiment plan designs runs a boot too)",
                     size, row.figure, *row.invocations_needed)
               : fmt::format("to find a change of {} in the {}: more than 100 boots a side, or less noise", size,
                             row.figure);
  }
  return row.invocations_needed
             ? fmt::format("to find a change of {} in the {} (80% power): {} invocations a side", size, row.figure,
                           *row.invocations_needed)
             : fmt::format("to find a change of {} in the {}: more than 100 invocations a side, or less noise", size,
                           row.figure);
}


const std::string& CompareResult::Shown(const std::string& point) const {
  const auto it = shown.find(point);
  return it == shown.end() ? point : it->second;
}

namespace {

// A point as shown, "memcpy size=64 MiB impl=avx2", taken apart: the
// workload, then each parameter and its value. A value with spaces
// ("64 MiB", a command) stays whole.
std::vector<std::pair<std::string, std::string>> Parsed(const std::string& shown) {
  std::istringstream words(shown);
  std::vector<std::pair<std::string, std::string>> out(1);
  words >> out.front().second;
  for (std::string word; words >> word;) {
    const auto eq = word.find('=');
    if (eq == std::string::npos && out.size() > 1) {
      out.back().second += " " + word;
    } else {
      out.emplace_back(word.substr(0, eq), eq == std::string::npos ? "" : word.substr(eq + 1));
    }
  }
  return out;
}

}  // namespace

std::string PointNames::Label(const std::string& point) const {
  const std::vector<std::string>& of = values.at(point);
  std::string label = of.front();
  for (std::size_t i = 0; i < varying.size(); ++i) label += " " + varying[i] + "=" + of[i + 1];
  return label;
}

std::string Signed(double pct) { return fmt::format("{:+.1f}%", pct); }

std::string MeanAndSpread(const Summary& s) {
  return s.n >= 2 ? fmt::format("{} ±{:.1f}%", CompactNumber(s.mean), s.cv_pct) : CompactNumber(s.mean);
}

PointNames NamePoints(const CompareResult& result) {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> points;
  for (const FigureRow& row : result.rows) points.emplace(row.point, Parsed(result.Shown(row.point)));
  PointNames names;
  if (points.empty()) return names;
  const auto everywhere = [&](const std::pair<std::string, std::string>& param) {
    return std::all_of(points.begin(), points.end(), [&](const auto& point) {
      return std::find(point.second.begin() + 1, point.second.end(), param) != point.second.end();
    });
  };
  const auto& first = points.begin()->second;
  for (const auto& [key, params] : points) {
    for (auto param = params.begin() + 1; param != params.end(); ++param) {
      if (!everywhere(*param)) {
        if (!Contains(names.varying, param->first)) names.varying.push_back(param->first);
      } else if (&params == &first) {
        names.common += (names.common.empty() ? "" : " ") + param->first + "=" + param->second;
      }
    }
  }
  for (const auto& [key, params] : points) {
    std::vector<std::string>& values = names.values[key];
    values.push_back(params.front().second);
    for (const std::string& name : names.varying) {
      const auto it = std::find_if(params.begin() + 1, params.end(), [&](const auto& p) { return p.first == name; });
      values.push_back(it == params.end() ? "-" : it->second);
    }
  }
  return names;
}

// The point's kernel rows that could be shown without -v (counts of
// events that moved with the samples) are one family, and its profile rows
// another: a row stays significant only under Holm's correction over its
// family, so that of a dozen background values (or a dozen symbols) none
// is shown by chance one time in twenty.
void HolmOverFamily(std::vector<FigureRow>& rows, const std::string& point, bool (*in_family)(const FigureRow&)) {
  std::vector<FigureRow*> family;
  std::vector<double> p_values;
  for (FigureRow& row : rows) {
    if (row.point != point || !in_family(row)) continue;
    family.push_back(&row);
    p_values.push_back(DecidingPValue(row.comparison).value_or(1.0));
  }
  const std::vector<bool> kept = HolmSignificant(p_values);
  for (std::size_t i = 0; i < family.size(); ++i) {
    Comparison& c = family[i]->comparison;
    family[i]->holm_significant = c.significant && kept[i];
    // Its verdict says so too, wherever it is shown (-v, HTML, JSON,
    // experiment tables): a change the correction rejects is none.
    if (c.significant && !kept[i]) {
      c.significant = false;
      c.finding = Finding::kNoChange;
      c.verdict = fmt::format("no significant change (Holm's correction over the point's {} rows)", family.size());
    }
  }
}

bool KernelCountThatMoved(const FigureRow& row) { return row.kernel_value && !row.kernel_level && row.kernel_moved; }
bool ProfileShare(const FigureRow& row) { return row.profile_share; }

bool ZeroOnBothSides(const FigureRow& row) {
  const Comparison& c = row.comparison;
  return !row.is_rate && c.a.n > 0 && c.b.n > 0 && c.a.mean == 0 && c.b.mean == 0 && c.a.stddev == 0 && c.b.stddev == 0;
}

bool RowShownBriefly(const FigureRow& row) {
  if (ZeroOnBothSides(row)) return false;
  if (row.profile_share) return row.holm_significant;
  return !row.kernel_value || (row.holm_significant && row.kernel_moved && !row.kernel_level);
}

CompareResult CompareResults(const LoadedResult& a, const LoadedResult& b, const CompareOptions& options) {
  const auto index_a = Index(a, options.a_filter, options.ignore, "A");
  const auto index_b = Index(b, options.b_filter, options.ignore, "B");
  CompareResult out;
  for (const auto& [key, ma] : index_a) out.shown[key] = ShownPoint(*ma, options.ignore);
  for (const auto& [key, mb] : index_b) out.shown.emplace(key, ShownPoint(*mb, options.ignore));
  const ByteRateUnit unit = options.style.byte_rate_unit;
  for (const auto& [point_key, ma] : index_a) {
    // A plain reference: clang 14 does not let the lambdas below capture a
    // structured binding.
    const std::string& key = point_key;
    const auto it = index_b.find(key);
    if (it == index_b.end()) {
      out.only_in_a.push_back(key);
      continue;
    }
    const LoadedMeasurement& mb = *it->second;
    const std::string& workload = ma->workload;
    // Bytes in the unit the run reports them in: GB/s (10^9 B/s), or GiB/s.
    const bool bytes = ma->unit == WorkUnit::kBytes;
    auto scaled = [bytes, unit](std::vector<std::vector<double>> runs) {
      if (bytes) {
        for (auto& run : runs) {
          for (double& x : run) x /= ByteRateDivisor(unit);
        }
      }
      return runs;
    };
    const bool runs_decide = RunsDecide(a, b);
    const bool drift_unseen = DriftUnseen(a, b);
    const double threshold = ThresholdFor(options, workload, runs_decide, drift_unseen);
    // With one invocation a side the samples cannot show how much
    // invocations differ: only a recorded noise floor lets them carry a
    // verdict.
    const bool unjudged = !runs_decide && !options.floor_pct.count(workload);
    const auto figure = [&](const std::vector<std::vector<double>>& va, const std::vector<std::vector<double>>& vb,
                            Better better) {
      Comparison c = CompareFigure(va, vb, runs_decide, better, threshold);
      if (unjudged && c.finding != Finding::kInconclusive) {
        c.significant = false;
        c.finding = Finding::kInconclusive;
        c.verdict = std::string("inconclusive: ") + kOneInvocationASide;
      }
      // Called at the user's threshold but not at the floor: the runs say
      // it changed, the drift between results may be why.
      if (runs_decide && threshold > options.threshold_pct && c.finding == Finding::kNoChange &&
          CompareFigure(va, vb, runs_decide, better, options.threshold_pct).significant) {
        c.finding = Finding::kInconclusive;
        c.verdict = "inconclusive: " + WithinDrift(options, workload, threshold);
      }
      return c;
    };
    const auto add = [&](std::string name, bool is_rate, Comparison c) {
      FigureRow row;
      row.point = key;
      row.figure = std::move(name);
      row.is_rate = is_rate;
      row.boots_decide = a.boot_is_the_unit;
      row.comparison = std::move(c);
      if (!unjudged) PlanPower(row, threshold, options);
      out.rows.push_back(std::move(row));
    };
    const std::string rate_unit = bytes ? std::string(ByteRateName(unit)) : std::string(UnitName(ma->unit)) + "/s";
    add("rate (" + rate_unit + ")", true, figure(scaled(ma->rate), scaled(mb.rate), Better::kHigher));
    add(ma->time_of_process ? "process time (ns/run)" : "time (ns/loop)", false,
        figure(ma->ns_per_loop, mb.ns_per_loop, Better::kLower));
    for (const auto& [event, values] : ma->counters_per_loop) {
      const auto other = mb.counters_per_loop.find(event);
      if (other == mb.counters_per_loop.end()) continue;
      add(event + " /loop", false, figure(values, other->second, Better::kFewer));
    }
    // The kernel's accounting, where both sides read it: a value one side
    // never moved is 0 in each of its samples.
    if (ReadKernelAccounting(*ma) && ReadKernelAccounting(mb)) out.kernel_read.insert(key);
    std::vector<std::string> kernel_names;
    const std::vector<std::string> names_a = KernelValueNames(*ma);
    const std::vector<std::string> names_b = KernelValueNames(mb);
    std::set_union(names_a.begin(), names_a.end(), names_b.begin(), names_b.end(), std::back_inserter(kernel_names));
    // The headline values first, as the brief text names them, then by name.
    std::sort(kernel_names.begin(), kernel_names.end(), [](const std::string& x, const std::string& y) {
      return std::pair{KernelHeadlineRank(x), x} < std::pair{KernelHeadlineRank(y), y};
    });
    for (const std::string& name : kernel_names) {
      const auto va = KernelValuePerLoop(*ma, name);
      const auto vb = KernelValuePerLoop(mb, name);
      if (va.empty() || vb.empty()) continue;
      add(name + " /loop", false, figure(va, vb, Better::kNeither));
      out.rows.back().kernel_value = true;
      out.rows.back().kernel_level = KernelValueIsLevel(name);
      out.rows.back().kernel_moved = ma->kernel_moved.count(name) > 0 || mb.kernel_moved.count(name) > 0;
    }
    HolmOverFamily(out.rows, key, KernelCountThatMoved);
    // Where the time went, where both sides were profiled.
    std::vector<std::string> symbols = ProfiledSymbols(*ma, kProfileRowPct);
    for (const std::string& symbol : ProfiledSymbols(mb, kProfileRowPct)) {
      if (std::find(symbols.begin(), symbols.end(), symbol) == symbols.end()) symbols.push_back(symbol);
    }
    for (const std::string& symbol : symbols) {
      const auto va = SelfSharePerRun(*ma, symbol);
      const auto vb = SelfSharePerRun(mb, symbol);
      if (va.empty() || vb.empty()) continue;
      add("self% " + ShownSymbol(symbol), false, figure(va, vb, Better::kNeither));
      out.rows.back().profile_share = true;
    }
    HolmOverFamily(out.rows, key, ProfileShare);
  }
  for (const auto& [key, mb] : index_b) {
    if (!index_a.count(key)) out.only_in_b.push_back(key);
  }
  if (out.rows.empty()) {
    throw Error(
        fmt::format("no measurement of {} matches one of {} (workload and parameters must agree; "
                    "--ignore PARAM leaves one out)",
                    a.name, b.name));
  }
  return out;
}

namespace {

// One point's figures in the view that fits 100 columns: the figure first,
// each side's mean with its spread, the change and the verdict; the p-value
// and the CI of B/A are in --wide. Verdicts keep their word; what was cut
// is said once below the table.
void WriteNarrowRows(const std::vector<const FigureRow*>& rows, bool colour, std::ostream& out) {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> inconclusive;  // each reason once
  bool welch_disagrees = false;
  for (const FigureRow* row : rows) {
    const Comparison& c = row->comparison;
    std::string verdict = c.verdict;
    if (verdict.rfind("inconclusive: ", 0) == 0) {
      const std::string reason = verdict.substr(std::string("inconclusive: ").size());
      if (std::find(inconclusive.begin(), inconclusive.end(), reason) == inconclusive.end()) {
        inconclusive.push_back(reason);
      }
      verdict = "inconclusive";
    }
    if (const auto welch = verdict.find(" (Welch: "); welch != std::string::npos) {
      verdict = verdict.substr(0, welch) + " ?";
      welch_disagrees = true;
    }
    cells.push_back({row->figure, MeanAndSpread(c.a), Signed(c.change_pct), MeanAndSpread(c.b), DetectableText(*row),
                     ColouredVerdict(verdict, c.finding, colour)});
  }
  WriteColumns(out, {"figure", "A %stddev", "%change", "B %stddev", "finds", "verdict"}, cells,
               {false, true, true, true, true, false});
  for (const std::string& reason : inconclusive) fmt::print(out, "# inconclusive: {}\n", reason);
  for (const FigureRow* row : rows) {
    if (const std::string plan = PlanText(*row); !plan.empty()) fmt::print(out, "# {}\n", plan);
  }
  if (welch_disagrees) fmt::print(out, "# ?: Welch's t-test, the second opinion, finds no significant change\n");
}

}  // namespace

void WriteCompareText(const CompareResult& result, const LoadedResult& a, const LoadedResult& b,
                      const CompareOptions& options, const std::vector<MetadataDifference>& differences,
                      std::ostream& shown) {
  // Written whole, then wrapped to 100 columns unless --wide.
  std::ostringstream out;
  for (const auto& [label, side] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
    if (side->runs > 1) {
      fmt::print(out, "# {}: {}: {} runs\n", label, side->name, side->runs);
      for (const auto& command : side->command_lines) fmt::print(out, "#    {}\n", command);
    } else {
      fmt::print(out, "# {}: {}  ({})\n", label, side->name,
                 side->command_lines.empty() ? "" : side->command_lines.front());
    }
  }
  WriteMetadataDifferences(differences, out);
  if (RunsDecide(a, b)) {
    const bool floored = FloorsApply(options, a, b);
    const std::string unit =
        a.boot_is_the_unit
            ? fmt::format(
                  "the boot is the unit: each side spans several boots (A {}, B {}), and a boot's runs share "
                  "its kernel's layout and its memory's state, so they are pooled first: each boot's rate is "
                  "its samples' geometric mean, and the boots decide",
                  a.runs, b.runs)
            : "the run (an invocation) is the unit: each run's rate is its work over its time";
    const std::string why_floored =
        OneBootASideApart(a, b) && a.results > 1 && b.results > 1
            ? " (the sides were measured in different boots, and a side in one: the variation between boots, which "
              "separates them, is unknown, and a noise floor measured within one boot does not hold it either)"
            : " (a side is one result, whose runs were taken back to back: they cannot show how much the machine "
              "drifts between results)";
    fmt::print(out,
               "# {}; rates and times are compared on the log scale (geometric mean ± %stddev of the {}; %change: "
               "ratio of the geometric means), counts as they are; verdict: Welch's t-test on the {} at p < {} and a "
               "change of at least {}%{}; CI: 95% confidence interval of B/A; each point's `{}` line splits the "
               "variation into sample-to-sample (within a {}) and {}-to-{} (between {})\n",
               unit, a.boot_is_the_unit ? "boots" : "runs", a.boot_is_the_unit ? "boots" : "runs", kAlpha,
               options.threshold_pct, floored ? " or the point's noise floor, whichever is larger" + why_floored : "",
               a.boot_is_the_unit ? "boots" : "runs", a.boot_is_the_unit ? "boot" : "run",
               a.boot_is_the_unit ? "boot" : "run", a.boot_is_the_unit ? "boot" : "run",
               a.boot_is_the_unit ? "boots" : "runs");
    if (floored && !options.floor_note.empty()) fmt::print(out, "# {}\n", options.floor_note);
  } else {
    fmt::print(out,
               "# {}: the variation between runs is unknown, and samples of one invocation vary less than "
               "invocations do; a verdict here may not hold for another run (give several runs a side: A1 A2 A3 vs "
               "B1 B2 B3, or @tags)\n",
               a.runs > 1 || b.runs > 1 ? "one side has a single run (the other's runs are pooled)" : "one run a side");
    if (!options.floor_note.empty()) fmt::print(out, "# {}\n", options.floor_note);
    const bool floored = FloorsApply(options, a, b);
    fmt::print(out,
               "# mean ± %stddev of the samples (rates and times: geometric means, compared on the log scale); "
               "%change of the means; verdict: Mann-Whitney U at p < {} and a change of at least {}%{} (p: "
               "Mann-Whitney; Welch's t-test as the second opinion); CI: 95% confidence interval of B/A\n",
               kAlpha, options.threshold_pct, floored ? " or the point's noise floor, whichever is larger" : "");
  }
  fmt::print(out, "# finds: the smallest change the figure's data could find 4 times in 5 (80% power at p < {})\n",
             kAlpha);
  if (!options.wide) fmt::print(out, "# --wide adds each figure's p-value and CI of B/A\n");
  std::vector<std::string> zero;  // each counter once
  for (const FigureRow& row : result.rows) {
    if (ZeroOnBothSides(row) && !Contains(zero, row.figure)) zero.push_back(row.figure);
  }
  if (!zero.empty() && !options.style.verbose) {
    std::string names;
    for (const std::string& figure : zero) names += (names.empty() ? "" : ", ") + figure;
    fmt::print(out, "# not shown where zero on both sides (-v shows them): {}\n", names);
  }
  if (!options.ignore.empty()) {
    std::string ignored;
    for (const auto& i : options.ignore) ignored += (ignored.empty() ? "" : ", ") + i;
    fmt::print(out, "# matched ignoring: {}\n", ignored);
  }
  const PointNames names = NamePoints(result);
  std::vector<const FigureRow*> rows;
  std::size_t kernel_rows = 0;
  std::size_t profile_rows = 0;
  for (const FigureRow& row : result.rows) {
    if (!options.style.verbose && !RowShownBriefly(row)) continue;
    rows.push_back(&row);
    kernel_rows += row.kernel_value ? 1 : 0;
    profile_rows += row.profile_share ? 1 : 0;
  }
  if (profile_rows > 0) {
    fmt::print(out,
               "# self% SYMBOL: --profile's share of a sample's profiling samples in that symbol, in percent "
               "(docs/kernel-accounting.md); shown where it changed significantly (Holm's correction over the "
               "point's){}\n",
               options.style.verbose ? "" : " (-v shows every symbol of 5% or more)");
  }
  if (kernel_rows > 0) {
    fmt::print(out,
               "# vmstat., meminfo., node<N>.: the kernel's accounting, machine-wide, per loop "
               "(docs/kernel-accounting.md); counts of events that moved with the samples shown where they changed "
               "significantly (Holm's correction over the point's){}\n",
               options.style.verbose ? "" : " (-v shows all, levels too)");
  }
  if (!names.common.empty()) fmt::print(out, "# the same in every point: {}\n", names.common);
  std::string point;
  std::vector<const FigureRow*> narrow;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const FigureRow& row = *rows[i];
    if (row.point != point) {
      point = row.point;
      fmt::print(out, "\n{}\n", names.Label(point));
      if (row.comparison.a_runs && row.comparison.b_runs) {
        const RunVariation& va = *row.comparison.a_runs;
        const RunVariation& vb = *row.comparison.b_runs;
        fmt::print(out,
                   fmt::runtime(row.boots_decide ? "boots: A {} (within a boot {:.1f}%, boot-to-boot {:.1f}%), B {} "
                                                   "({:.1f}%, {:.1f}%) of the {}\n"
                                                 : "runs: A {} (sample-to-sample {:.1f}%, run-to-run {:.1f}%), B {} "
                                                   "({:.1f}%, {:.1f}%) of the {}\n"),
                   va.runs, va.within_cv_pct, va.between_cv_pct, vb.runs, vb.within_cv_pct, vb.between_cv_pct,
                   row.figure);
      }
      if (options.wide) {
        fmt::print(out, "{:>14} {:>8} {:>9} {:>14} {:>8} {:>6}  {:<34} {:>8} {:>15}  {}\n", "A", "%stddev", "%change",
                   "B", "%stddev", "finds", "verdict", "p", "CI of B/A", "figure");
      }
    }
    if (!options.wide) {
      narrow.push_back(&row);
      if (i + 1 == rows.size() || rows[i + 1]->point != point) {
        WriteNarrowRows(narrow, options.colour, out);
        narrow.clear();
      }
      continue;
    }
    const Comparison& c = row.comparison;
    const std::optional<double> deciding = DecidingPValue(c);
    const std::string p = deciding ? fmt::format("{:.2g}", *deciding) : "n/a";
    const std::string ci =
        c.ratio_ci95 ? fmt::format("{:.3f}..{:.3f}", c.ratio_ci95->low, c.ratio_ci95->high) : std::string("n/a");
    // Padded, then coloured: the escapes take no column.
    fmt::print(out, "{:>14} {:>8} {:>9} {:>14} {:>8} {:>6}  {} {:>8} {:>15}  {}\n", CompactNumber(c.a.mean), Stddev(c.a),
               Signed(c.change_pct), CompactNumber(c.b.mean), Stddev(c.b), DetectableText(row),
               ColouredVerdict(fmt::format("{:<34}", c.verdict), c.finding, options.colour), p, ci, row.figure);
    if (const std::string plan = PlanText(row); !plan.empty()) fmt::print(out, "# {}\n", plan);
  }
  for (const auto& key : result.only_in_a) fmt::print(out, "\n# only in A (not compared): {}", result.Shown(key));
  for (const auto& key : result.only_in_b) fmt::print(out, "\n# only in B (not compared): {}", result.Shown(key));
  if (!result.only_in_a.empty() || !result.only_in_b.empty()) out << "\n";
  if (options.wide) {
    shown << out.str();
  } else {
    shown << WrapLines(out.str(), 100);
  }
}

nlohmann::json CompareToJson(const CompareResult& result, const LoadedResult& a, const LoadedResult& b,
                             const CompareOptions& options) {
  nlohmann::json rows = nlohmann::json::array();
  auto summary = [](const Summary& s) {
    return nlohmann::json{{"n", s.n}, {"mean", s.mean}, {"stddev", s.stddev}, {"cv_pct", s.cv_pct}};
  };
  for (const auto& row : result.rows) {
    const Comparison& c = row.comparison;
    auto variation = [](const std::optional<RunVariation>& v) {
      return v ? nlohmann::json{{"runs", v->runs},
                                {"within_run_cv_pct", v->within_cv_pct},
                                {"between_run_cv_pct", v->between_cv_pct}}
               : nlohmann::json(nullptr);
    };
    rows.push_back(
        {{"point", row.point},
         {"shown", result.Shown(row.point)},
         {"decided_by", !c.a_runs          ? "mann_whitney_on_samples"
                        : row.boots_decide ? "welch_on_boots"
                                           : "welch_on_runs"},
         {"a_runs", variation(c.a_runs)},
         {"b_runs", variation(c.b_runs)},
         {"figure", row.figure},
         {"a", summary(c.a)},
         {"b", summary(c.b)},
         {"change_pct", c.change_pct},
         {"welch_p", c.welch ? nlohmann::json(c.welch->p_value) : nlohmann::json(nullptr)},
         {"mann_whitney_p", c.mann_whitney ? nlohmann::json(c.mann_whitney->p_value) : nlohmann::json(nullptr)},
         {"ratio_ci95", c.ratio_ci95 ? nlohmann::json{c.ratio_ci95->low, c.ratio_ci95->high} : nlohmann::json(nullptr)},
         {"significant", c.significant},
         {"verdict", c.verdict},
         {"detectable_pct", row.detectable_pct ? nlohmann::json(*row.detectable_pct) : nlohmann::json(nullptr)},
         {"invocations_needed",
          row.invocations_needed ? nlohmann::json(*row.invocations_needed) : nlohmann::json(nullptr)},
         {"needed_for_pct", row.needed_for_pct > 0 ? nlohmann::json(row.needed_for_pct) : nlohmann::json(nullptr)}});
  }
  return {{"schema", "membench-compare/1"},
          {"a", a.name},
          {"b", b.name},
          {"a_runs", a.runs},
          {"b_runs", b.runs},
          {"threshold_pct", options.threshold_pct},
          {"noise_floor_pct",
           FloorsApply(options, a, b) ? nlohmann::json(options.floor_pct) : nlohmann::json::object()},
          {"assumed_floor_pct", FloorsApply(options, a, b) && DriftUnseen(a, b) && options.assumed_floor_pct > 0
                                    ? nlohmann::json(options.assumed_floor_pct)
                                    : nlohmann::json(nullptr)},
          {"alpha", kAlpha},
          {"ignore", options.ignore},
          {"rows", rows},
          {"only_in_a", result.only_in_a},
          {"only_in_b", result.only_in_b}};
}

double WorstRegressionPct(const CompareResult& result) {
  // The rate rows are one family of tests: many points compared at once
  // would trip the gate by chance alone, so Holm holds the family's error.
  std::vector<const FigureRow*> rates;
  std::vector<double> p_values;
  for (const auto& row : result.rows) {
    const auto p = DecidingPValue(row.comparison);
    if (!row.is_rate || !p) continue;
    rates.push_back(&row);
    p_values.push_back(*p);
  }
  const std::vector<bool> holm = HolmSignificant(p_values);
  double worst = 0;
  for (std::size_t i = 0; i < rates.size(); ++i) {
    const Comparison& c = rates[i]->comparison;
    if (holm[i] && c.significant && c.change_pct < 0) worst = std::max(worst, -c.change_pct);
  }
  return worst;
}

BisectOutcome BisectOutcomeOf(const CompareResult& result, double threshold_pct) {
  if (WorstRegressionPct(result) > 0) return BisectOutcome::kRegression;
  for (const FigureRow& row : result.rows) {
    if (!row.is_rate) continue;
    const bool underpowered = !row.comparison.significant && row.detectable_pct && *row.detectable_pct > threshold_pct;
    if (row.comparison.finding == Finding::kInconclusive || underpowered) return BisectOutcome::kInconclusive;
  }
  return BisectOutcome::kNoRegression;
}

}  // namespace membench
