// File: report/text_report.cpp
#include "report/text_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "core/loaded_curve.h"
#include "core/measurement_stats.h"
#include "core/paired.h"
#include "core/parallelism.h"
#include "core/units.h"
#include "report/brief_report.h"
#include "report/derived_metrics.h"
#include "report/kernel_accounting_report.h"
#include "report/profile_report.h"
#include "report/latency_report.h"
#include "report/latency_steps.h"
#include "report/node_matrix_report.h"
#include "report/lmsummary_report.h"
#include "report/text_columns.h"
#include "report/verdict_colour.h"

namespace membench {
namespace {

bool IsBytes(const Measurement& m) { return m.unit == WorkUnit::kBytes; }
std::string Plural(const Measurement& m) { return std::string(UnitName(m.unit)); }
std::string Singular(const Measurement& m) { return std::string(UnitSingular(m.unit)); }

// Fixed decimals for small figures, none for large ones, in 10 columns.
std::string Figure(double value) { return value >= 1e4 ? fmt::format("{:.0f}", value) : fmt::format("{:.4f}", value); }

std::string CyclesLabel(const MeasurementStats& st, const RunResult& r) {
  if (st.cycles_from_pmu) return "PMU cycles";
  const auto& f = r.system.cpu_features;
  const bool invariant = std::find(f.begin(), f.end(), "invariant_tsc") != f.end();
  const std::string timer = CycleTimerName(r.system);
  return fmt::format("{} estimate: {:.3f} GHz {} ticks, not core cycles{}", timer, r.tsc_ghz, timer,
                     invariant ? "" : " (" + timer + " not invariant here: unreliable)");
}

std::string ByteRateLegend(ByteRateUnit byte_unit) {
  return byte_unit == ByteRateUnit::kGiBps ? "GiB/s = 2^30 bytes/s (what perf bench prints as \"GB/sec\")"
                                           : "GB/s = 10^9 bytes/s (perf bench prints 2^30 B/s as \"GB/sec\")";
}

std::string NoiseText(const Summary& s) {
  if (s.n < 2 || s.mean == 0) return "";
  return fmt::format("( +-{:6.2f}% )", s.rel_sem_pct);
}

void WriteCounterLine(std::ostream& out, const CounterStats& c, const std::map<std::string, double>& counts,
                      double wall_ns) {
  if (c.hidden) return;
  const std::string unit = c.base_name == "task-clock" || c.base_name == "cpu-clock" ? "msec" : "";
  if (!c.supported || !c.counted) {
    fmt::print(out, "{:>18} {:<4} {}\n", c.supported ? "<not counted>" : "<not supported>", "", c.name);
    return;
  }
  const double shown = unit == "msec" ? c.summary.mean / 1e6 : c.summary.mean;
  // A mean of small counts (0.4 context switches per sample) keeps its
  // decimals: rounded to 0 it would contradict the rate printed beside it.
  const bool small_fraction = shown != std::floor(shown) && std::fabs(shown) < 1000;
  const std::string value = unit == "msec" || small_fraction ? fmt::format("{:.2f}", shown) : WithThousands(shown);
  const auto metrics = DeriveMetrics(c.base_name, counts, wall_ns);
  std::string metric_text;
  if (!metrics.empty()) {
    metric_text = "# " + fmt::format(fmt::runtime(metrics[0].format), metrics[0].value) + " " + metrics[0].unit;
  }
  std::string tail = NoiseText(c.summary);
  if (c.running_pct < 99.995) tail += fmt::format("  [{:.2f}%]", c.running_pct);
  fmt::print(out, "{:>18} {:<4} {:<32} {:<42} {}\n", value, unit, c.name, metric_text, tail);
  for (std::size_t i = 1; i < metrics.size(); ++i) {
    fmt::print(out, "{:>18} {:<4} {:<32} # {} {}\n", "", "", "",
               fmt::format(fmt::runtime(metrics[i].format), metrics[i].value), metrics[i].unit);
  }
}

// A byte count computed in floating point, as a size; "?" where it is no
// count of bytes (a file's zero loops make it infinite, and a double beyond
// 2^64 has no integer to print).
std::string SizeOrUnknown(double bytes) {
  if (!(bytes >= 0) || bytes >= 18446744073709551616.0) return "?";
  return FormatSize(static_cast<std::uint64_t>(bytes));
}

// The side count of this kind, if the measurement has it counted.
const SideRateStats* SideOfKind(const MeasurementStats& st, SideKind kind) {
  for (const SideRateStats& side : st.side_rates) {
    if (side.kind == kind && side.per_second.n > 0 && side.per_unit) return &side;
  }
  return nullptr;
}

// The bytes behind a byte rate: those asked for; those the memory
// controllers counted, where they did; and, where the working set is
// larger than the largest cache, an estimate of those the memory moved.
void WriteTraffic(std::ostream& out, const RunResult& r, const Measurement& m, const MeasurementStats& st,
                  ByteRateUnit byte_unit) {
  const ByteTraffic& t = *m.traffic;
  fmt::print(out, "{:>18}      {:<32} # {:.2f} bytes per byte {}: {}\n",
             RateText(m, st.rate.mean * t.requested_per_unit, byte_unit), "traffic requested", t.requested_per_unit,
             m.rate_label, t.how);
  const SideRateStats* read = SideOfKind(st, SideKind::kMemoryRead);
  const SideRateStats* written = SideOfKind(st, SideKind::kMemoryWrite);
  if (read != nullptr && written != nullptr) {
    fmt::print(out,
               "{:>18}      {:<32} # measured machine-wide: {:.2f} bytes per byte {} ({:.2f} read, {:.2f} "
               "written)\n",
               RateText(m, read->per_second.mean + written->per_second.mean, byte_unit), "traffic at memory (measured)",
               *read->per_unit + *written->per_unit, m.rate_label, *read->per_unit, *written->per_unit);
  }
  std::uint64_t largest_cache = 0;
  for (const CacheLevel& cache : r.system.caches) largest_cache = std::max(largest_cache, cache.size_bytes);
  const auto size = std::find_if(m.point.values.begin(), m.point.values.end(),
                                 [](const auto& value) { return value.first == "size"; });
  if (!t.memory_per_unit) {
    fmt::print(out, "{:>18}      {:<32} # no estimate: the work touches the same lines loop after loop\n", "-",
               "traffic at memory (est.)");
    return;
  }
  if (largest_cache == 0 || size == m.point.values.end() || size->second.number <= largest_cache) {
    fmt::print(out, "{:>18}      {:<32} # no estimate: the working set is not known to exceed the {} cache\n", "-",
               "traffic at memory (est.)", largest_cache == 0 ? "largest" : FormatSize(largest_cache));
    return;
  }
  fmt::print(out,
             "{:>18}      {:<32} # estimate, not measured: {:.2f} bytes per byte {}, every line missing the "
             "caches\n",
             RateText(m, st.rate.mean * *t.memory_per_unit, byte_unit), "traffic at memory (est.)", *t.memory_per_unit,
             m.rate_label);
}

// Notes in `shared` are every point's: the report prints them once, at its end.
void WriteBlock(std::ostream& out, const RunResult& r, const Measurement& m, const MeasurementStats& st,
                ByteRateUnit byte_unit, const std::vector<std::string>& shared) {
  fmt::print(out, "\n Performance counter stats for '{} {}' ({} runs, {} loop{} each{}, {} warm-up):\n\n", m.workload,
             m.point.Label(), m.samples.size(), m.loops, m.loops == 1 ? "" : "s",
             m.fresh_state_each_sample ? " on fresh buffers" : (m.loops_calibrated ? " (calibrated)" : ""),
             m.warmup_samples);
  std::map<std::string, double> counts;
  for (const auto& c : st.counters) {
    if (c.counted) counts[c.base_name] = c.summary.mean;
  }
  const double wall_ns = st.wall_seconds.mean * 1e9;
  for (const auto& c : st.counters) WriteCounterLine(out, c, counts, wall_ns);
  out << "\n";
  const std::string rate_name = IsBytes(m) ? m.rate_label : Plural(m) + "/s";
  fmt::print(out, "{:>18}      {:<32} {:<42} {}\n", RateText(m, st.rate.mean, byte_unit), rate_name,
             fmt::format("# median {}, min {}, max {}", RateText(m, st.rate.median, byte_unit),
                         RateText(m, st.rate.min, byte_unit), RateText(m, st.rate.max, byte_unit)),
             NoiseText(st.rate));
  if (st.rate.n >= 2) {
    // The interval sees only what varied while this run sampled; a host that
    // drifts over seconds moves the next run's mean outside it (bench/RESULTS.md,
    // drift_scale), which only separate invocations can measure.
    fmt::print(out,
               "{:>18}      {:<32} # 95% CI of the mean {} .. {}, from this run's samples: runs can differ by "
               "more (membench doctor --noise)\n",
               "", "", RateText(m, st.rate.ci95_low, byte_unit), RateText(m, st.rate.ci95_high, byte_unit));
  }
  if (m.traffic && IsBytes(m)) WriteTraffic(out, r, m, st, byte_unit);
  if (m.precision_target_pct) {
    const double half = st.rate.mean > 0 ? 100.0 * (st.rate.ci95_high - st.rate.mean) / st.rate.mean : 0.0;
    fmt::print(out, "{:>18}      {:<32} # 95% CI within +-{:.2f}% of the mean after {} runs: the +-{}% goal {}\n",
               m.precision_reached ? "reached" : "NOT reached", "precision", half, m.samples.size(),
               *m.precision_target_pct, m.precision_reached ? "was met" : "was not met (--max-runs or --max-time)");
  }
  if (st.workers) {
    const WorkerStats& w = *st.workers;
    fmt::print(out, "{:>18}      {:<32} # vm-scalability's figure: each worker's work / its own time, summed\n",
               RateText(m, w.sum_of_worker_rates.mean, byte_unit), "sum of worker rates");
    fmt::print(out, "{:>18}      {:<32} # slowest {}, fastest {}, spread {:.2f}% (stddev / mean)\n",
               RateText(m, w.worker_rate.mean, byte_unit), "per worker", RateText(m, w.slowest_worker_rate, byte_unit),
               RateText(m, w.fastest_worker_rate, byte_unit),
               w.worker_rate.mean > 0 ? 100.0 * w.worker_rate.stddev / w.worker_rate.mean : 0.0);
    fmt::print(out, "{:>18}      {:<32} # last worker's start - first's, median; max {}\n",
               TimeText(w.start_skew_ns.median), "start skew", TimeText(w.start_skew_ns.max));
  }
  for (const auto& phase : st.phases) {
    fmt::print(out, "{:>18.1f}      {:<32} # {:.1f}% of the timed phases{}\n", phase.ns_per_unit.mean,
               "ns/" + Singular(m) + " " + phase.name, phase.share_pct,
               phase.ns_per_unit.n >= 2 ? fmt::format(" ( +- {:.2f}% )", phase.ns_per_unit.rel_sem_pct) : "");
  }
  for (const auto& side : st.side_rates) {
    if (side.per_second.n == 0) {
      fmt::print(out, "{:>18}      {:<32} # not counted in any sample (see the notes)\n", "-", side.name);
      continue;
    }
    fmt::print(out, "{:>18}      {:<32} {:<42} {}\n", RateText(side.unit, side.per_second.mean, byte_unit), side.name,
               fmt::format("# median {}, over each sample's wall time",
                           RateText(side.unit, side.per_second.median, byte_unit)),
               NoiseText(side.per_second));
  }
  if (st.ns_per_fault) {
    fmt::print(out, "{:>18}      {:<32} # {:.3f} us per fault: {} time / page-faults, the touches included\n",
               WithThousands(*st.faults_per_second), "faults/s", *st.ns_per_fault * 1e-3,
               st.workers ? "workers' wall" : "wall");
  }
  const std::string per_unit = Singular(m);
  if (!IsBytes(m) && st.rate.mean > 0) {
    const TimeUnit time = TimeUnitFor(1e9 / st.rate.mean);
    fmt::print(out, "{:>18}      {:<32} # 1 / rate: time per {}; a latency only where each waits for the last\n",
               Significant(1e9 / st.rate.mean / time.ns, 4), std::string(time.name) + "/" + per_unit, per_unit);
  }
  // No work counted (a rate a program printed): no cycles per unit either.
  if (st.cycles_per_unit > 0) {
    fmt::print(out, "{:>18.4f}      {:<32} # {}\n", st.cycles_per_unit, "cycles/" + per_unit, CyclesLabel(st, r));
  }
  if (IsBytes(m)) {
    fmt::print(out, "{:>18}      {:<32} # {} per loop\n", SizeOrUnknown(st.work_per_sample), "per sample",
               m.loops == 0 ? std::string("?") : SizeOrUnknown(st.work_per_sample / static_cast<double>(m.loops)));
  }
  if (const auto first_rate = m.first_sample ? RatePerSecond(*m.first_sample) : std::nullopt) {
    const Sample& f = *m.first_sample;
    const std::string faults =
        st.first_pass_page_faults ? fmt::format(", {} page-faults", WithThousands(*st.first_pass_page_faults)) : "";
    fmt::print(out, "{:>18}      {:<32} # cold, before warm-up: {} loop{} in {:.6f} s{}\n",
               RateText(m, *first_rate, byte_unit), "first pass", f.loops, f.loops == 1 ? "" : "s",
               static_cast<double>(f.wall_ns) * 1e-9, faults);
  }
  out << "\n";
  const Summary& t = st.wall_seconds;
  if (t.n >= 2) {
    const int p = ElapsedPrecision(t.sem);
    fmt::print(out, "{:>17.{}f} +- {:.{}f} seconds time elapsed  ( +-{:6.2f}% )\n", t.mean, p, t.sem, p, t.rel_sem_pct);
  } else {
    fmt::print(out, "{:>17.9f} seconds time elapsed\n", t.mean);
  }
  out << "\n";
  fmt::print(out, "{:>17.9f} seconds user\n", st.user_seconds.mean);
  fmt::print(out, "{:>17.9f} seconds sys{}\n", st.system_seconds.mean,
             m.cpu_time_scope.empty() ? "" : "   # CPU time of " + m.cpu_time_scope);
  out << "\n";
  WriteKernelAccountingBlock(out, r, m);
  WriteProfileBlock(out, r, m);
  for (const auto& proof : m.page_proofs) fmt::print(out, " pages: {}\n", proof.text);
  for (const auto& warning : st.noise.Warnings()) fmt::print(out, " warning: {}\n", warning);
  for (const auto& note : m.notes) {
    if (std::find(shared.begin(), shared.end(), note) == shared.end()) fmt::print(out, " note: {}\n", note);
  }
}

// Parameters that take more than one value across the measurements.
void WriteSummary(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                  ByteRateUnit byte_unit) {
  const auto& ms = r.measurements;
  if (ms.empty()) return;
  std::vector<Point> points;
  for (const Measurement& m : ms) points.push_back(m.point);
  const auto varying = VaryingParams(points);
  std::string fixed;
  for (const auto& [name, value] : ms.front().point.values) {
    if (std::find(varying.begin(), varying.end(), name) == varying.end()) fixed += " " + name + "=" + value.text;
  }
  const MeasurementStats& first = stats.front();
  fmt::print(out, "\n# {} summary ({} runs per point){}\n", ms.front().workload, ms.front().samples.size(),
             fixed.empty() ? "" : ";" + fixed);
  // One unit for the whole table where the points share it; else each row
  // says its own (zeropage: bytes compared in one mode, touches in the other).
  bool one_unit = true;
  for (const auto& m : ms) one_unit = one_unit && m.unit == ms.front().unit;
  const bool bytes = one_unit && IsBytes(ms.front());
  const std::string unit = Plural(ms.front());
  double slowest = ms.empty() ? 0 : stats.front().rate.mean;
  for (const auto& st : stats) slowest = std::min(slowest, st.rate.mean);
  const RateScale scale = bytes ? RateScale{ByteRateDivisor(byte_unit), "G"} : ScaleFor(slowest);
  const std::string scale_words = scale.divisor == 1e6 ? "millions of " : scale.divisor == 1e3 ? "thousands of " : "";
  fmt::print(out, "# {}; +- is the relative standard error of the mean; cycles per unit: {}\n",
             bytes ? ByteRateLegend(byte_unit)
                   : (one_unit ? "rate in " + scale_words + unit + " per second" : ByteRateLegend(byte_unit)),
             CyclesLabel(first, r));
  // Each parameter column as wide as its widest value ("anon-cow-seq").
  std::map<std::string, std::size_t> column;
  for (const auto& name : varying) {
    column[name] = std::max<std::size_t>(10, name.size());
    for (const auto& m : ms) column[name] = std::max(column[name], m.point.at(name).text.size());
  }
  std::string header;
  for (const auto& name : varying) header += fmt::format("{:<{}} ", name, column[name]);
  const std::string rate_header =
      one_unit ? (bytes ? std::string(ByteRateName(byte_unit)) : scale.prefix + unit + "/s") : "rate";
  const std::string cycles_header = one_unit ? "cyc/" + (bytes ? std::string("B") : Singular(ms.front())) : "cyc/unit";
  const int width = one_unit ? 10 : 20;
  const bool per_unit_time = one_unit && !bytes;
  // The time per unit in the unit that fits the slowest (ms per run of a
  // program, ns per load).
  const TimeUnit time = TimeUnitFor(slowest > 0 ? 1e9 / slowest : 0.0);
  fmt::print(out, "{}{:>{}} {:>8} {:>{}} {:>10}{} {:>14}  {}\n", header, rate_header, width, "+-", "median", width,
             cycles_header, per_unit_time ? fmt::format(" {:>10}", time.name + ("/" + Singular(ms.front()))) : "",
             "faults/sample", "pages obtained");
  for (std::size_t index = 0; index < ms.size(); ++index) {
    const Measurement& m = ms[index];
    const MeasurementStats& st = stats[index];
    std::string row;
    for (const auto& name : varying) row += fmt::format("{:<{}} ", m.point.at(name).text, column[name]);
    const std::string mean =
        one_unit ? fmt::format("{:.3f}", st.rate.mean / scale.divisor) : RateText(m, st.rate.mean, byte_unit);
    const std::string median =
        one_unit ? fmt::format("{:.3f}", st.rate.median / scale.divisor) : RateText(m, st.rate.median, byte_unit);
    const std::string faults = st.page_faults_per_sample ? CountText(*st.page_faults_per_sample) : std::string("n/a");
    std::string pages;
    for (const auto& proof : m.page_proofs) {
      pages += (pages.empty() ? "" : "; ") + proof.region + " " + proof.split +
               (!proof.verified  ? " (unverified)"
                : proof.honoured ? ""
                                 : " (NOT as requested)");
    }
    const std::string ns_per_unit =
        per_unit_time ? fmt::format(" {:>10}", Figure(st.rate.mean > 0 ? 1e9 / st.rate.mean / time.ns : 0.0)) : "";
    fmt::print(out, "{}{:>{}} {:>7.2f}% {:>{}} {:>10}{} {:>14}  {}\n", row, mean, width, st.rate.rel_sem_pct, median,
               width, Figure(st.cycles_per_unit), ns_per_unit, faults, pages);
  }
}

// For sweeps of a working-set size with a non-byte unit (chase): where the
// time per unit steps up, per combination of the other parameters, beside
// the cache sizes the machine reports.
void WriteLatencySteps(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats) {
  const auto& ms = r.measurements;
  if (ms.empty() || IsBytes(ms.front())) return;
  std::vector<Point> points;
  for (const Measurement& m : ms) points.push_back(m.point);
  const auto varying = VaryingParams(points);
  if (std::find(varying.begin(), varying.end(), "size") == varying.end()) return;
  std::map<std::string, std::vector<LatencyPoint>> curves;
  for (std::size_t index = 0; index < ms.size(); ++index) {
    const Measurement& m = ms[index];
    std::string others;
    for (const auto& name : varying) {
      if (name != "size") others += (others.empty() ? "" : " ") + name + "=" + m.point.at(name).text;
    }
    const MeasurementStats& st = stats[index];
    if (st.rate.mean > 0) curves[others].push_back({m.point.at("size").number, 1e9 / st.rate.mean});
  }
  std::string caches;
  for (const auto& c : r.system.caches)
    caches += (caches.empty() ? "" : ", ") + c.name + " " + FormatSize(c.size_bytes);
  fmt::print(out, "\n# Steps in ns per {} (x{:.1f} or more between neighbouring sizes); caches reported by {}: {}\n",
             Singular(ms.front()), kLatencyStepRatio, r.system.caches_source, caches.empty() ? "none" : caches);
  for (const auto& [others, curve] : curves) {
    std::string steps;
    for (const auto& s : FindLatencySteps(curve)) {
      steps += (steps.empty() ? "" : ", ") +
               fmt::format("{} -> {} x{:.1f}", FormatSize(s.from_bytes), FormatSize(s.to_bytes), s.ratio);
    }
    fmt::print(out, "#   {}: {}\n", others.empty() ? "all" : others, steps.empty() ? "no step" : steps);
  }
}

void WriteParallelism(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats) {
  std::vector<double> rates;
  for (const MeasurementStats& st : stats) rates.push_back(st.rate.mean);
  const std::vector<ParallelismRow> rows = MemoryParallelism(r.measurements, rates);
  if (rows.empty()) return;
  fmt::print(out,
             "\n# Memory-level parallelism: K chains in flight; latency = K x ns/load (each chain waits for its own "
             "loads); implied MLP = one chain's latency / ns per load (Little's law at the unloaded latency: above K "
             "when a load got faster with K in flight, below when loads queued)\n");
  std::vector<std::vector<std::string>> table;
  for (const ParallelismRow& row : rows) {
    table.push_back({row.conditions.empty() ? "-" : row.conditions, fmt::format("{}", row.chains),
                     fmt::format("{:.3f}", row.ns_per_load), fmt::format("{:.2f}", row.latency_ns),
                     fmt::format("{:.2f}", row.implied_mlp)});
  }
  WriteColumns(out, {"conditions", "chains", "ns/load", "latency ns", "implied MLP"}, table,
               {false, true, true, true, true});
}

void WriteLoadedCurves(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                       ByteRateUnit byte_unit) {
  const double divisor = ByteRateDivisor(byte_unit);
  const std::string name(ByteRateName(byte_unit));
  const auto rate = [&](const Summary& bytes_per_s) { return fmt::format("{:.3f}", bytes_per_s.mean / divisor); };
  for (const LoadedCurve& curve : LoadedCurves(r.measurements, stats)) {
    fmt::print(out,
               "\n# Loaded latency{}: a dependent load's latency against the bandwidth the load workers achieved "
               "over the same samples; * marks the knee, where latency starts to climb (Kneedle on a fit that never "
               "falls, where the latency at the highest bandwidth is above the lowest's beyond both 95% intervals "
               "and by {:.0f}% or more)\n",
               curve.conditions.empty() ? "" : " (" + curve.conditions + ")", 100 * kKneeMinRise);
    std::vector<std::vector<std::string>> table;
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
      const LoadedCurvePoint& p = curve.points[i];
      const Summary& bw = p.requested_bytes_per_s;
      table.push_back({p.delay + (curve.knee == i ? " *" : ""), rate(bw),
                       bw.n >= 2 && bw.mean > 0 ? fmt::format("{:.2f}%", bw.rel_sem_pct) : "-",
                       rate(p.memory_bytes_per_s), fmt::format("{:.1f}", p.latency_ns),
                       fmt::format("{:.1f}..{}", p.latency_low_ns,
                                   p.latency_high_ns ? fmt::format("{:.1f}", *p.latency_high_ns) : std::string("inf")),
                       curve.idle_latency_ns ? fmt::format("{:.2f}x", p.latency_ns / *curve.idle_latency_ns) : "-"});
    }
    WriteColumns(out,
                 {"delay ns", "load " + name, "+-", "at memory " + name + " (est.)", "latency ns", "95% CI", "vs idle"},
                 table, {false, true, true, true, true, true, true});
    if (curve.knee) {
      const LoadedCurvePoint& k = curve.points[*curve.knee];
      fmt::print(out, "#   knee: delay {}: {:.3f} {} at {:.1f} ns\n", k.delay, k.requested_bytes_per_s.mean / divisor,
                 name, k.latency_ns);
    } else {
      fmt::print(out, "#   no knee: {}\n", curve.no_knee_because);
    }
  }
}

void WriteHeader(std::ostream& out, const RunResult& r) {
  const auto& s = r.system;
  fmt::print(out, "# membench {} on {} ({}), Linux {}\n", r.tool_version,
             CpuText(s), HypervisorText(s), s.kernel_release);
  fmt::print(out, "# THP enabled={} defrag={}; perf_event_paranoid={}; hardware PMU: {}\n",
             s.thp.count("enabled") ? s.thp.at("enabled") : "n/a", s.thp.count("defrag") ? s.thp.at("defrag") : "n/a",
             s.perf_event_paranoid, s.hardware_pmu ? "yes" : "no (cycles per byte are " + CycleTimerName(s) + " estimates)");
  if (!r.tag.empty() || !r.labels.empty()) {
    std::string labels;
    for (const auto& [key, value] : r.labels) labels += " " + key + "=" + value;
    fmt::print(out, "# tag: {}{}{}\n", r.tag.empty() ? "(none)" : r.tag, labels.empty() ? "" : "; labels:", labels);
  }
  fmt::print(out,
             "# Values are means over the runs; ( +- x% ) is the relative standard error of the mean, as perf "
             "stat prints it.\n");
  // Which privilege levels were counted: the common mode, then exceptions.
  std::map<std::string, std::vector<std::string>> by_mode;
  bool kernel_refused = false;
  for (const auto& e : r.events) {
    if (e.supported) by_mode[e.counted_modes].push_back(e.name);
    kernel_refused = kernel_refused || e.kernel_not_permitted;
  }
  if (!by_mode.empty()) {
    auto common = by_mode.begin();
    for (auto it = by_mode.begin(); it != by_mode.end(); ++it) {
      if (it->second.size() > common->second.size()) common = it;
    }
    std::string exceptions;
    for (const auto& [mode, names] : by_mode) {
      if (mode == common->first) continue;
      std::string joined;
      for (const auto& n : names) joined += (joined.empty() ? "" : ", ") + n;
      exceptions += "; " + mode + " only: " + joined;
    }
    fmt::print(out, "# Counters count {} mode{}{}; only the timed region is counted.\n", common->first,
               common->first == "user+kernel" ? "" : " only", exceptions);
  }
  if (kernel_refused) {
    fmt::print(out,
               "# note: kernel-mode counting is not permitted at perf_event_paranoid={} (run as root or grant "
               "CAP_PERFMON): the kernel's share of the work (page faults, page clearing) is missing from "
               "cycles, instructions and the other PMU counts\n",
               s.perf_event_paranoid);
  }
  // Each reason once, as the STYLE asks: one line per distinct cause.
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& e : r.events) {
    if (!e.supported && !e.hide_if_unsupported) by_reason[e.reason].push_back(e.name);
  }
  for (const auto& [reason, names] : by_reason) {
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : ", ") + n;
    fmt::print(out, "# <not supported>: {}: {}\n", joined, reason);
  }
  for (const auto& note : r.notes) fmt::print(out, "# note: {}\n", note);
}

}  // namespace

int ElapsedPrecision(double sem_seconds) {
  if (!(sem_seconds > 0)) return 9;
  const int digits = sem_seconds > 1 ? 0 : static_cast<int>(std::ceil(-std::log10(sem_seconds)));
  return std::clamp(digits + 2, 0, 9);
}

std::string WithThousands(double value) {
  const bool negative = value < 0;
  std::string digits = fmt::format("{:.0f}", std::fabs(value));
  std::string out;
  const std::size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  out = digits.substr(0, first);
  for (std::size_t i = first; i < digits.size(); i += 3) out += "," + digits.substr(i, 3);
  return negative ? "-" + out : out;
}

std::string CountText(double count) {
  if (count == std::floor(count) || count >= 1e4) return WithThousands(count);
  return Significant(count, 4);
}

void WritePairedRatios(std::ostream& out, const RunResult& r, bool colour) {
  if (!r.interleaved) {
    if (!r.paired_by.empty() && r.measurements.size() > 1) {
      fmt::print(out,
                 "\n# no paired ratios along {} (--paired-by): the points were measured one after another, not in "
                 "rounds; membench compare gives their unpaired verdicts\n",
                 r.paired_by);
    }
    return;
  }
  const std::vector<PairedRatio> pairs = PairedRatios(r.measurements, r.paired_by);
  const std::string cross_unit = CrossUnitReason(r.measurements, r.paired_by);
  if (!cross_unit.empty()) fmt::print(out, "\n# no paired ratios: {}\n", cross_unit);
  if (pairs.empty()) return;
  std::vector<Point> points;
  std::vector<WorkUnit> units;
  for (const Measurement& m : r.measurements) {
    points.push_back(m.point);
    units.push_back(m.unit);
  }
  const std::vector<std::string> changing = UnitChangingParams(points, units);
  std::vector<std::string> varying;
  for (const std::string& name : VaryingChoiceParams(points)) {
    if (std::find(changing.begin(), changing.end(), name) == changing.end()) varying.push_back(name);
  }
  const std::vector<std::string> all_varying = VaryingParams(points);
  fmt::print(out,
             "\n# paired ratios of the interleaved rounds: median of the per-round rate ratios B/A, with a "
             "distribution-free {:.1f}% interval (sign test{})\n",
             pairs.front().confidence_pct,
             pairs.size() > 1 ? fmt::format(", Bonferroni-corrected for {} comparisons", pairs.size()) : "");
  if (r.paired_by.empty() && !changing.empty()) {
    fmt::print(out, "# paired along {}: {} changes the work unit, and a rate ratio across units means nothing\n",
               pairs.front().param, changing.front());
  }
  if (r.paired_by.empty() && varying.size() > 1) {
    fmt::print(out, "# paired along {}, the first parameter that varies; --paired-by {} pairs along {} instead\n",
               varying.front(), varying[1], varying[1]);
  }
  // Every row lacks an interval for the same reason, with the same rounds:
  // say it once, with the -r that would give one, and show the medians alone.
  const bool all_too_few = std::all_of(pairs.begin(), pairs.end(), [&](const PairedRatio& p) {
    return p.too_few_rounds && p.rounds == pairs.front().rounds;
  });
  if (all_too_few) {
    fmt::print(out, "# inconclusive: {} rounds are too few for a {:.1f}% interval; -r {} or more gives one\n",
               pairs.front().rounds, pairs.front().confidence_pct, RoundsNeeded(pairs.size()));
  }
  // Conditions: the other parameters that vary (the constant ones head the
  // summary above).
  std::vector<std::vector<std::string>> rows;
  for (const PairedRatio& p : pairs) {
    const Measurement& a = r.measurements[p.a];
    const Measurement& b = r.measurements[p.b];
    std::string conditions;
    for (const auto& [name, value] : a.point.values) {
      const bool varies = std::find(all_varying.begin(), all_varying.end(), name) != all_varying.end();
      if (name != p.param && varies) conditions += (conditions.empty() ? "" : " ") + name + "=" + value.text;
    }
    const std::string ci = p.ci ? fmt::format("{:.4f} .. {:.4f}", p.ci->low, p.ci->high) : std::string("n/a");
    rows.push_back({fmt::format("{}={} / {}", p.param, b.point.at(p.param).text, a.point.at(p.param).text),
                    conditions.empty() ? "-" : conditions, fmt::format("{:.4f}", p.median_ratio), ci,
                    fmt::format("{}", p.rounds), all_too_few ? "-" : ColouredVerdict(p.verdict, p.finding, colour)});
  }
  // The verdict last: a coloured cell is never padded.
  WriteColumns(out, {"comparison", "conditions", "B/A", "interval", "rounds", "verdict"}, rows,
               {false, false, true, false, true, false});
}

namespace {

void WriteStopped(std::ostream& out, const RunResult& result) {
  if (result.interrupted) {
    fmt::print(out, "\n# interrupted: {} measurement{} completed before Ctrl-C are shown above\n",
               result.measurements.size(), result.measurements.size() == 1 ? "" : "s");
  }
  if (!result.failure.empty()) {
    fmt::print(out, "\n# stopped early: {}: {} measurement{} completed before it are shown above\n", result.failure,
               result.measurements.size(), result.measurements.size() == 1 ? "" : "s");
  }
}

// A line a point, the compact sections after the table, the notes once.
void WriteBrief(const RunResult& result, const std::vector<MeasurementStats>& stats, std::ostream& out,
                const ReportStyle& style) {
  // The header's and the sections' long comment lines wrapped; the table
  // (never wrapped: a coloured verdict's escapes are no columns) and the
  // notes are made to fit.
  std::ostringstream header;
  WriteBriefHeader(header, result);
  out << WrapLines(header.str(), kBriefWidth) << "\n";
  WriteBriefTable(out, result, stats, style);
  std::ostringstream sections;
  WriteLatencySteps(sections, result, stats);
  WriteParallelism(sections, result, stats);
  WriteLoadedCurves(sections, result, stats, style.byte_rate_unit);
  WriteNodeMatrices(sections, result, stats, style.byte_rate_unit);
  WriteLatencyDistributions(sections, result);
  WriteKernelAccountingBrief(sections, result);
  WriteProfileBrief(sections, result);
  WriteStopped(sections, result);
  out << WrapLines(sections.str(), kBriefWidth);
  WriteBriefNotes(out, result);
}

}  // namespace

void WriteTextReport(const RunResult& result, std::ostream& out, const ReportStyle& style) {
  if (result.kind == ResultKind::kLmSummary) {
    // Already a line a figure; brief keeps it within 100 columns.
    std::ostringstream summary;
    WriteLmSummary(result, summary);
    out << (style.verbose ? summary.str() : WrapLines(summary.str(), kBriefWidth));
    return;
  }
  // Each measurement's figures once, for its block, the summary and the steps.
  std::vector<MeasurementStats> stats;
  for (const auto& m : result.measurements) stats.push_back(ComputeMeasurementStats(m, result.events));
  if (!style.verbose) {
    WriteBrief(result, stats, out, style);
    return;
  }
  const ByteRateUnit byte_unit = style.byte_rate_unit;
  const std::vector<std::string> shared = NotesOfEveryPoint(result);
  WriteHeader(out, result);
  for (std::size_t i = 0; i < stats.size(); ++i)
    WriteBlock(out, result, result.measurements[i], stats[i], byte_unit, shared);
  WriteSummary(out, result, stats, byte_unit);
  WritePairedRatios(out, result, style.colour);
  WriteLatencySteps(out, result, stats);
  WriteParallelism(out, result, stats);
  WriteLoadedCurves(out, result, stats, byte_unit);
  WriteNodeMatrices(out, result, stats, byte_unit);
  WriteLatencyDistributions(out, result);
  WriteStopped(out, result);
  if (!shared.empty()) {
    fmt::print(out, "\n# notes of every point:\n");
    for (const std::string& note : shared) fmt::print(out, "# note: {}\n", note);
  }
}

}  // namespace membench
