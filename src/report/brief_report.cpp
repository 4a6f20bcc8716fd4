// File: report/brief_report.cpp
#include "report/brief_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "core/name_lists.h"
#include "core/paired.h"
#include "report/page_word.h"
#include "report/text_columns.h"
#include "report/text_report.h"
#include "report/verdict_colour.h"

namespace membench {
namespace {

// perf stat's default events (sys/events.cpp, the "default" set): the
// brief table shows what they give in its own columns (IPC, faults); other
// counted events are the ones asked for with -e, shown where they fit.
constexpr const char* kPerfDefaultEvents[] = {"task-clock",
                                              "context-switches",
                                              "cpu-migrations",
                                              "page-faults",
                                              "cycles",
                                              "stalled-cycles-frontend",
                                              "stalled-cycles-backend",
                                              "instructions",
                                              "branches",
                                              "branch-misses"};

bool IsDefaultEvent(const std::string& name) {
  return std::find(std::begin(kPerfDefaultEvents), std::end(kPerfDefaultEvents), name) != std::end(kPerfDefaultEvents);
}

std::string Joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

// A note in one line: cut at a space before the width, with "..." where
// cut. The whole note is in -v, the JSON and `report -v`.
std::string OneLine(const std::string& prefix, const std::string& text) {
  const std::string line = prefix + text;
  if (line.size() <= kBriefWidth) return line;
  std::size_t cut = line.rfind(' ', kBriefWidth - 3);
  if (cut == std::string::npos || cut <= prefix.size()) cut = kBriefWidth - 3;
  return line.substr(0, cut) + "...";
}

// A column of the table: cells are filled per row; an empty column is left out.
struct Column {
  std::string header;
  bool right = true;
  std::vector<std::string> cells;
  bool Empty() const {
    return std::all_of(cells.begin(), cells.end(), [](const std::string& c) { return c.empty() || c == "-"; });
  }
};

// How the rates of the table are written: one unit for the column (its
// header says it), or each with its own where the units differ.
struct RateFormat {
  bool one_unit = true;
  double divisor = 1;
  std::string header;
};

RateFormat RateFormatFor(const RunResult& r, const std::vector<MeasurementStats>& stats, ByteRateUnit bytes) {
  RateFormat f;
  const WorkUnit unit = r.measurements.front().unit;
  for (const Measurement& m : r.measurements) f.one_unit = f.one_unit && m.unit == unit;
  if (!f.one_unit) {
    f.header = "rate";
    return f;
  }
  if (unit == WorkUnit::kBytes) {
    f.divisor = ByteRateDivisor(bytes);
    f.header = std::string(ByteRateName(bytes));
    return f;
  }
  double largest = 0;
  for (const MeasurementStats& st : stats) largest = std::max(largest, st.rate.mean);
  const RateScale scale = ScaleFor(largest);
  f.divisor = scale.divisor;
  f.header = fmt::format("{}{}/s", scale.prefix, UnitName(unit));
  return f;
}

// The time one unit takes, for a column of a unit that is no byte (ns per
// load, ms per run): in the unit that fits the largest.
struct TimeFormat {
  double divisor = 1;
  std::string header;
};

TimeFormat TimeFormatFor(const std::vector<MeasurementStats>& stats, WorkUnit unit) {
  double largest_ns = 0;
  for (const MeasurementStats& st : stats) {
    if (st.rate.mean > 0) largest_ns = std::max(largest_ns, 1e9 / st.rate.mean);
  }
  const TimeUnit time = TimeUnitFor(largest_ns);
  return {time.ns, fmt::format("{}/{}", time.name, UnitSingular(unit))};
}

const CounterStats* Counted(const MeasurementStats& st, const std::string& base_name) {
  for (const CounterStats& c : st.counters) {
    if (c.base_name == base_name && c.counted && c.supported) return &c;
  }
  return nullptr;
}

std::string MultiplexMark(double running_pct) {
  return running_pct < 99.995 ? fmt::format(" [{:.0f}%]", running_pct) : "";
}

// The per-point noise warnings, a word each.
std::vector<std::string> NoiseFlags(const Measurement& m, const MeasurementStats& st) {
  std::vector<std::string> flags;
  for (const NoiseDiagnostics::Warning& w : st.noise.Found()) flags.push_back(w.flag);
  if (m.precision_target_pct && !m.precision_reached) flags.push_back("imprecise");
  return flags;
}

const std::map<std::string, std::string>& FlagMeanings() {
  static const std::map<std::string, std::string> meanings = {
      {"outliers", "samples beyond normal noise (kept)"},
      {"drift", "the samples trend in the order taken"},
      {"bimodal", "two modes: the mean describes neither"},
      {"imprecise", "the --precision goal was not met"},
  };
  return meanings;
}

// The short verdict of a paired ratio; "n.s." and "?" are explained in the
// legend under the table.
std::string ShortVerdict(const PairedRatio& p) {
  if (p.too_few_rounds) return "?";
  switch (p.finding) {
    case Finding::kBetter:
      return "faster";
    case Finding::kWorse:
      return "slower";
    case Finding::kNoChange:
      return "n.s.";
    default:
      return "?";
  }
}

// What the paired columns need said: the ratios, and the lines on them.
struct PairedColumns {
  std::vector<PairedRatio> pairs;
  std::vector<std::string> legend;  // "# ..." lines
  bool all_too_few = false;
};

PairedColumns Paired(const RunResult& r) {
  PairedColumns out;
  if (!r.interleaved) {
    if (!r.paired_by.empty() && r.measurements.size() > 1) {
      out.legend.push_back(
          fmt::format("# no B/A along {}: the points were measured one after another, not in "
                      "rounds; membench compare gives unpaired verdicts",
                      r.paired_by));
    }
    return out;
  }
  out.pairs = PairedRatios(r.measurements, r.paired_by);
  const std::string cross_unit = CrossUnitReason(r.measurements, r.paired_by);
  if (!cross_unit.empty()) out.legend.push_back("# no B/A: " + cross_unit);
  if (out.pairs.empty()) return out;
  const PairedRatio& first = out.pairs.front();
  const std::string base = r.measurements[first.a].point.at(first.param).text;
  out.all_too_few = std::all_of(out.pairs.begin(), out.pairs.end(),
                                [&](const PairedRatio& p) { return p.too_few_rounds && p.rounds == first.rounds; });
  const bool any_too_few =
      std::any_of(out.pairs.begin(), out.pairs.end(), [](const PairedRatio& p) { return p.too_few_rounds; });
  // -v says how the interval was found (sign test, Bonferroni-corrected).
  out.legend.push_back(
      out.all_too_few
          ? fmt::format("# B/A vs base ({}={}): median per-round ratio; {} rounds are too few for a {:.1f}% "
                        "interval: -r {} or more gives one",
                        first.param, base, first.rounds, first.confidence_pct, RoundsNeeded(out.pairs.size()))
          : fmt::format("# B/A vs base ({}={}): median per-round ratio, {:.1f}% interval; n.s.: no significant "
                        "change{}",
                        first.param, base, first.confidence_pct, any_too_few ? "; ?: too few rounds" : ""));
  // The parameters passed over, and why (-v also names the others
  // --paired-by could pair along).
  const std::vector<std::string> units_changing = UnitChangingParams(PointsOf(r.measurements), UnitsOf(r.measurements));
  if (r.paired_by.empty() && !units_changing.empty()) {
    out.legend.push_back(fmt::format("# not paired along {}: {} the work unit", Joined(units_changing, ", "),
                                     units_changing.size() == 1 ? "it changes" : "they change"));
  }
  return out;
}

// How wide a row of the columns is, one space apart.
std::size_t TableWidth(const std::vector<Column>& columns) {
  std::size_t width = 0;
  for (const Column& c : columns) {
    std::size_t w = c.header.size();
    for (const std::string& cell : c.cells) w = std::max(w, cell.size());
    width += w + 1;
  }
  return width == 0 ? 0 : width - 1;
}

// The parameters that vary, a column each; the workload where none does.
std::vector<Column> ParamColumns(const RunResult& r) {
  std::vector<Column> columns;
  for (const std::string& name : VaryingParams(PointsOf(r.measurements))) {
    Column c{name, false, {}};
    for (const Measurement& m : r.measurements) c.cells.push_back(m.point.at(name).text);
    columns.push_back(c);
  }
  if (columns.empty()) {
    Column c{"workload", false, {}};
    for (const Measurement& m : r.measurements) c.cells.push_back(m.workload);
    columns.push_back(c);
  }
  return columns;
}

// The rate (four significant digits), its +- and its 95% CI (in the
// rate's decimals); and where one unit other than bytes is measured, the
// time a unit takes.
std::vector<Column> RateColumns(const RunResult& r, const std::vector<MeasurementStats>& stats, ByteRateUnit bytes) {
  const auto& ms = r.measurements;
  const RateFormat rate = RateFormatFor(r, stats, bytes);
  Column mean{rate.header, true, {}}, sem{"+-", true, {}}, ci{"95% CI", true, {}};
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const Summary& s = stats[i].rate;
    if (s.n == 0) {
      mean.cells.push_back("unknown");
      sem.cells.push_back("-");
      ci.cells.push_back("-");
      continue;
    }
    // Mixed units: each rate in its own, the interval in the same.
    double divisor = rate.divisor;
    std::string suffix;
    if (!rate.one_unit && ms[i].unit == WorkUnit::kBytes) {
      divisor = ByteRateDivisor(bytes);
      suffix = " " + std::string(ByteRateName(bytes));
    } else if (!rate.one_unit) {
      const RateScale scale = ScaleFor(s.mean);
      divisor = scale.divisor;
      suffix = fmt::format(" {}{}/s", scale.prefix, UnitName(ms[i].unit));
    }
    const int decimals = DecimalsFor(s.mean / divisor, 4);
    mean.cells.push_back(fmt::format("{:.{}f}{}", s.mean / divisor, decimals, suffix));
    sem.cells.push_back(s.n >= 2 && s.mean > 0 ? Significant(s.rel_sem_pct, 2) + "%" : "-");
    ci.cells.push_back(
        s.n >= 2 ? fmt::format("{:.{}f}..{:.{}f}", s.ci95_low / divisor, decimals, s.ci95_high / divisor, decimals)
                 : "-");
  }
  std::vector<Column> columns = {mean, sem, ci};
  if (rate.one_unit && ms.front().unit != WorkUnit::kBytes) {
    const TimeFormat time = TimeFormatFor(stats, ms.front().unit);
    Column c{time.header, true, {}};
    for (const MeasurementStats& st : stats) {
      c.cells.push_back(st.rate.mean > 0 ? Significant(1e9 / st.rate.mean / time.divisor, 4) : "-");
    }
    columns.push_back(c);
  }
  return columns;
}

// Cycles per unit: PMU cycles ("cyc/B"), or TSC ticks ("tsc/B") where the
// PMU counted none, said in the legend.
struct CyclesColumn {
  Column column;
  std::string meaning;  // the legend's entry; "" for PMU cycles throughout
};

CyclesColumn CyclesColumnFor(const RunResult& r, const std::vector<MeasurementStats>& stats) {
  const auto& ms = r.measurements;
  const bool any_pmu = std::any_of(stats.begin(), stats.end(), [](const auto& st) { return st.cycles_from_pmu; });
  const bool all_pmu = std::all_of(stats.begin(), stats.end(), [](const auto& st) { return st.cycles_from_pmu; });
  const bool one_unit =
      std::all_of(ms.begin(), ms.end(), [&](const Measurement& m) { return m.unit == ms.front().unit; });
  const std::string per = !one_unit                             ? "unit"
                          : ms.front().unit == WorkUnit::kBytes ? "B"
                                                                : std::string(UnitSingular(ms.front().unit));
  CyclesColumn out;
  std::string timer = CycleTimerName(r.system);
  std::transform(timer.begin(), timer.end(), timer.begin(), [](unsigned char c) { return std::tolower(c); });
  out.column = {fmt::format("{}/{}{}", any_pmu ? "cyc" : timer, per, any_pmu && !all_pmu ? "*" : ""), true, {}};
  const bool mixed = any_pmu && !all_pmu;
  for (const MeasurementStats& st : stats) {
    out.column.cells.push_back(
        st.cycles_per_unit > 0 ? Significant(st.cycles_per_unit, 4) + (mixed && !st.cycles_from_pmu ? "*" : "") : "-");
  }
  if (!any_pmu) {
    out.meaning = fmt::format("{}: {} ticks ({:.3f} GHz), not core cycles (no PMU)", out.column.header,
                              CycleTimerName(r.system), r.tsc_ghz);
  } else if (!all_pmu) {
    out.meaning = fmt::format("*: {} ticks ({:.3f} GHz), not core cycles, where the PMU did not count",
                              CycleTimerName(r.system), r.tsc_ghz);
  }
  return out;
}

// What else a point's line says: its page faults, IPC, pages, noise flags.
struct PointFacts {
  Column faults{"faults", true, {}};
  Column ipc{"IPC", true, {}};
  Column pages{"pages", false, {}};
  Column flags{"flags", false, {}};
  std::vector<std::string> flags_seen;
  bool any_not_honoured = false;
};

PointFacts PointFactsOf(const RunResult& r, const std::vector<MeasurementStats>& stats) {
  PointFacts out;
  for (std::size_t i = 0; i < r.measurements.size(); ++i) {
    const MeasurementStats& st = stats[i];
    out.faults.cells.push_back(st.page_faults_per_sample ? CountText(*st.page_faults_per_sample) : "-");
    // Scaled from a part of the time where either was multiplexed: marked
    // with the smaller share, as perf marks each count.
    const CounterStats* instructions = Counted(st, "instructions");
    const CounterStats* cycles = Counted(st, "cycles");
    out.ipc.cells.push_back(instructions != nullptr && cycles != nullptr && cycles->summary.mean > 0
                                ? fmt::format("{:.2f}", instructions->summary.mean / cycles->summary.mean) +
                                      MultiplexMark(std::min(instructions->running_pct, cycles->running_pct))
                                : "-");
    out.pages.cells.push_back(PageWord(r.measurements[i].page_proofs));
    out.any_not_honoured = out.any_not_honoured || out.pages.cells.back().rfind("NOT ", 0) == 0;
    const std::vector<std::string> point_flags = NoiseFlags(r.measurements[i], st);
    for (const std::string& f : point_flags) {
      if (!Contains(out.flags_seen, f)) out.flags_seen.push_back(f);
    }
    out.flags.cells.push_back(Joined(point_flags, ","));
  }
  return out;
}

// The counters asked for beyond perf's default set (-e), a column each:
// the mean per sample, with perf's [n%] where multiplexed.
std::vector<Column> RequestedEventColumns(const std::vector<MeasurementStats>& stats) {
  std::vector<Column> columns;
  for (std::size_t k = 0; k < stats.front().counters.size(); ++k) {
    const CounterStats& first = stats.front().counters[k];
    if (IsDefaultEvent(first.base_name) || first.hidden) continue;
    Column c{first.name, true, {}};
    for (const MeasurementStats& st : stats) {
      const CounterStats* counter = k < st.counters.size() ? &st.counters[k] : nullptr;
      c.cells.push_back(counter != nullptr && counter->counted && counter->supported
                            ? CountText(counter->summary.mean) + MultiplexMark(counter->running_pct)
                            : "-");
    }
    if (!c.Empty()) columns.push_back(c);
  }
  return columns;
}

// "Intel Xeon Processor" for "Intel(R) Xeon(R) Processor": the marks take
// columns and say nothing (-v and the JSON keep the name as read).
std::string ShortCpuName(std::string name) {
  for (const std::string mark : {"(R)", "(TM)", "(tm)"}) {
    for (std::size_t at = name.find(mark); at != std::string::npos; at = name.find(mark)) name.erase(at, mark.size());
  }
  return name;
}

}  // namespace

std::vector<std::string> NotesOfEveryPoint(const RunResult& r) {
  std::vector<std::string> out;
  if (r.measurements.size() < 2) return out;
  for (const PointNote& note : PointNotesOnce(r)) {
    if (note.points == r.measurements.size()) out.push_back(note.text);
  }
  return out;
}

std::vector<PointNote> PointNotesOnce(const RunResult& r) {
  std::vector<PointNote> notes;
  for (const Measurement& m : r.measurements) {
    for (const std::string& note : m.notes) {
      auto it = std::find_if(notes.begin(), notes.end(), [&](const PointNote& n) { return n.text == note; });
      if (it == notes.end()) {
        notes.push_back({note, 1});
      } else {
        ++it->points;
      }
    }
  }
  return notes;
}

void WriteBriefHeader(std::ostream& out, const RunResult& r) {
  const SystemInfo& s = r.system;
  std::vector<std::string> workloads;
  for (const Measurement& m : r.measurements) {
    if (!Contains(workloads, m.workload)) workloads.push_back(m.workload);
  }
  fmt::print(out, "# membench {}: {} on {} ({}), Linux {}; PMU: {}\n", r.tool_version,
             workloads.empty() ? "nothing measured" : Joined(workloads, ", "),
             ShortCpuName(CpuText(s)), HypervisorText(s), s.kernel_release,
             s.hardware_pmu ? "yes" : "no");
  // What the user called the run, in the words of the verbose header.
  if (!r.tag.empty() || !r.labels.empty()) {
    std::string labels;
    for (const auto& [key, value] : r.labels) labels += " " + key + "=" + value;
    fmt::print(out, "# tag: {}{}{}\n", r.tag.empty() ? "(none)" : r.tag, labels.empty() ? "" : "; labels:", labels);
  }
  if (r.measurements.empty()) return;
  const std::vector<std::string> varying = VaryingParams(PointsOf(r.measurements));
  std::vector<std::string> fixed;
  for (const auto& [name, value] : r.measurements.front().point.values) {
    if (!Contains(varying, name)) fixed.push_back(name + "=" + value.text);
  }
  if (!fixed.empty()) fmt::print(out, "# {}\n", Joined(fixed, " "));
  std::size_t fewest = SIZE_MAX, most = 0;
  int warmups = 0;
  for (const Measurement& m : r.measurements) {
    fewest = std::min(fewest, m.samples.size());
    most = std::max(most, m.samples.size());
    warmups = std::max(warmups, m.warmup_samples);
  }
  const std::string warmup_text = warmups == 0   ? ", no warm-up"
                                  : warmups == 1 ? " after up to 1 warm-up"
                                                 : fmt::format(" after up to {} warm-ups", warmups);
  const std::string invocations =
      r.invocations > 1 ? fmt::format(" in {} invocations (separate processes)", r.invocations) : "";
  fmt::print(out, "# {} samples per point{}{}{}, {}; +-: relative SEM, as perf stat\n",
             fewest == most ? fmt::format("{}", most) : fmt::format("{}..{}", fewest, most), invocations,
             r.measurements.front().precision_target_pct ? " (--precision)" : "",
             warmup_text + (warmups > 0 && r.invocations > 1 ? " each" : ""),
             r.interleaved ? "interleaved in rounds" : "point after point");
}

void WriteBriefTable(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                     const ReportStyle& style) {
  const auto& ms = r.measurements;
  if (ms.empty()) return;
  std::vector<Column> columns = ParamColumns(r);
  for (Column& c : RateColumns(r, stats, style.byte_rate_unit)) columns.push_back(std::move(c));
  const CyclesColumn cycles = CyclesColumnFor(r, stats);
  const PointFacts facts = PointFactsOf(r, stats);
  for (const Column* c : {&cycles.column, &facts.faults, &facts.ipc, &facts.pages, &facts.flags}) {
    if (!c->Empty()) columns.push_back(*c);
  }
  // The paired ratios in the rows they belong to: the baseline says so.
  // The verdict last: a coloured cell is never padded, nor counted in a
  // width (its escapes are no columns).
  const PairedColumns paired = Paired(r);
  std::size_t paired_count = 0;
  if (!paired.pairs.empty()) {
    Column ratio{"B/A", true, std::vector<std::string>(ms.size())};
    Column interval{"interval", true, std::vector<std::string>(ms.size())};
    Column verdict{"verdict", false, std::vector<std::string>(ms.size())};
    for (const PairedRatio& p : paired.pairs) {
      ratio.cells[p.a] = "base";
      // Ratios sit near 1: three decimals give each its four digits.
      ratio.cells[p.b] = p.rounds == 0 ? "n/a" : fmt::format("{:.3f}", p.median_ratio);
      interval.cells[p.b] = p.ci ? fmt::format("{:.3f}..{:.3f}", p.ci->low, p.ci->high) : "-";
      verdict.cells[p.b] = ShortVerdict(p);
    }
    columns.push_back(ratio);
    paired_count = 1;
    if (!paired.all_too_few) {
      columns.push_back(interval);
      columns.push_back(verdict);
      paired_count = 3;
    }
  }
  // Counters asked for beyond perf's default set, where they fit; then, if
  // still too wide (long parameter values, rates each with its unit), the
  // figures -v has in full go first.
  std::vector<std::string> not_shown;
  for (Column& c : RequestedEventColumns(stats)) {
    std::vector<Column> with = columns;
    with.insert(with.end() - static_cast<std::ptrdiff_t>(paired_count), c);
    if (TableWidth(with) <= kBriefWidth) {
      columns = std::move(with);
    } else {
      not_shown.push_back(c.header);
    }
  }
  for (const std::string& droppable : {std::string("faults"), std::string("IPC"), cycles.column.header}) {
    const auto it =
        std::find_if(columns.begin(), columns.end(), [&](const Column& c) { return c.header == droppable; });
    if (TableWidth(columns) <= kBriefWidth || it == columns.end()) continue;
    not_shown.push_back(droppable);
    columns.erase(it);
  }
  if (paired_count == 3) {
    for (const PairedRatio& p : paired.pairs) {
      columns.back().cells[p.b] = ColouredVerdict(columns.back().cells[p.b], p.finding, style.colour);
    }
  }
  std::vector<std::string> headers;
  std::vector<bool> right;
  std::vector<std::vector<std::string>> rows(ms.size());
  for (const Column& c : columns) {
    headers.push_back(c.header);
    right.push_back(c.right);
    for (std::size_t i = 0; i < ms.size(); ++i) rows[i].push_back(c.cells[i]);
  }
  WriteColumns(out, headers, rows, right, 1);

  // What the columns mean, each said once.
  const auto shown = [&](const std::string& header) {
    return std::any_of(columns.begin(), columns.end(), [&](const Column& c) { return c.header == header; });
  };
  std::vector<std::string> legend;
  if (shown(cycles.column.header) && !cycles.meaning.empty()) legend.push_back(cycles.meaning);
  if (shown("faults")) legend.push_back("faults: page faults per sample");
  if (facts.any_not_honoured) legend.push_back("pages NOT x: the page size asked for was not obtained (-v: the proof)");
  for (const std::string& f : facts.flags_seen) legend.push_back(f + ": " + FlagMeanings().at(f));
  const bool multiplexed = std::any_of(stats.begin(), stats.end(), [](const MeasurementStats& st) {
    return std::any_of(st.counters.begin(), st.counters.end(),
                       [](const CounterStats& c) { return c.counted && c.running_pct < 99.995; });
  });
  if (multiplexed) legend.push_back("[n%]: multiplexed: counted that share of the time, scaled up (as perf stat)");
  if (!not_shown.empty()) legend.push_back("not shown here (-v shows them): " + Joined(not_shown, ", "));
  // Whole items a line, as many as fit; a long one wrapped.
  std::string lines, line;
  for (const std::string& item : legend) {
    if (!line.empty() && line.size() + 2 + item.size() > kBriefWidth) {
      lines += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "# " : "; ") + item;
  }
  if (!line.empty()) lines += line + "\n";
  for (const std::string& paired_line : paired.legend) lines += paired_line + "\n";
  out << WrapLines(lines, kBriefWidth);
}

void WriteBriefNotes(std::ostream& out, const RunResult& r) {
  std::vector<std::string> lines;
  if (std::any_of(r.measurements.begin(), r.measurements.end(),
                  [](const Measurement& m) { return m.samples.size() >= 2; })) {
    lines.push_back(r.invocations > 1
                        ? "# the 95% CIs pool the invocations' samples; compare takes each invocation as a run"
                        : "# the 95% CIs are of this run's samples only: runs can differ by more (membench doctor "
                          "--noise)");
  }
  bool kernel_refused = false;
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const EventStatus& e : r.events) {
    kernel_refused = kernel_refused || e.kernel_not_permitted;
    if (!e.supported && !e.hide_if_unsupported) by_reason[e.reason].push_back(e.name);
  }
  if (kernel_refused) {
    lines.push_back(
        fmt::format("# kernel-mode counting not permitted (perf_event_paranoid={}): the kernel's share "
                    "of the work is missing from the PMU counts",
                    r.system.perf_event_paranoid));
  }
  for (const auto& [reason, names] : by_reason)
    lines.push_back(OneLine("# not supported: ", Joined(names, ", ") + ": " + reason));
  for (const std::string& note : r.notes) lines.push_back(OneLine("# note: ", note));
  // Each point's notes once: those of every point as the run's, the rest
  // with how many points carry them.
  const std::size_t n = r.measurements.size();
  for (const PointNote& note : PointNotesOnce(r)) {
    lines.push_back(
        OneLine(note.points == n ? "# note: " : fmt::format("# note ({} of {} points): ", note.points, n), note.text));
  }
  for (const std::string& line : lines) fmt::print(out, "{}\n", line);
  fmt::print(out, "# -v (or membench report FILE -v) shows every counter and every note in full\n");
}

std::string BriefPointLabel(const Measurement& m, const std::vector<std::string>& varying) {
  std::string label;
  for (const auto& [name, value] : m.point.values) {
    if (std::find(varying.begin(), varying.end(), name) != varying.end())
      label += (label.empty() ? "" : " ") + value.text;
  }
  return label.empty() ? m.workload : label;
}

namespace {

// The first `per_point` values of the first `count` points.
std::string PointsText(const std::vector<NamedPointValues>& points, std::size_t per_point, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    const NamedPointValues& point = points[i];
    text += (i ? "; " : "") + point.label + ":";
    for (std::size_t v = 0; v < std::min(per_point, point.values.size()); ++v)
      text += (v ? ", " : " ") + point.values[v];
  }
  return text;
}

}  // namespace

std::string PointsOnOneLine(const std::string& prefix, const std::vector<NamedPointValues>& points,
                            std::size_t most) {
  const std::string more = "; more with -v";
  for (std::size_t per_point = most; per_point >= 1; --per_point) {
    const std::string line = prefix + PointsText(points, per_point, points.size()) + (per_point < most ? more : "");
    if (line.size() <= kBriefWidth) return line;
  }
  for (std::size_t count = points.size() - 1; count >= 1; --count) {
    const std::string line = prefix + PointsText(points, 1, count) + more;
    if (line.size() <= kBriefWidth) return line;
  }
  return prefix + "-v lists them";
}

}  // namespace membench
