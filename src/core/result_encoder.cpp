// File: core/result_encoder.cpp
#include "core/result_encoder.h"

#include "core/error.h"
#include "core/loaded_curve.h"
#include "core/measurement_stats.h"
#include "core/paired.h"
#include "core/parallelism.h"

namespace membench {
namespace {

using nlohmann::json;

json OrNull(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

json SummaryToJson(const Summary& s) {
  return {{"n", s.n},
          {"mean", s.mean},
          {"stddev", s.stddev},
          {"sem", s.sem},
          {"rel_sem_pct", s.rel_sem_pct},
          {"cv_pct", s.cv_pct},
          {"median", s.median},
          {"min", s.min},
          {"max", s.max},
          {"ci95", {s.ci95_low, s.ci95_high}}};
}

json SystemToJson(const SystemInfo& s) {
  // caches_bytes by name for readers; caches as a list, in the order the
  // machine reported them, for the report.
  json caches_by_name = json::object();
  json caches = json::array();
  for (const auto& c : s.caches) {
    caches_by_name[c.name] = c.size_bytes;
    caches.push_back({{"name", c.name}, {"bytes", c.size_bytes}});
  }
  return {{"hostname", s.hostname},
          {"kernel_release", s.kernel_release},
          {"kernel_version", s.kernel_version},
          {"kernel_cmdline", s.kernel_cmdline},
          {"boot_id", s.boot_id},
          {"boot_time", s.boot_time},
          {"machine", s.machine},
          {"cpu_vendor", s.cpu_vendor},
          {"cpu_model", s.cpu_model},
          {"microcode", s.microcode},
          {"cpu_features", s.cpu_features},
          {"online_cpus", s.online_cpus},
          {"caches_bytes", caches_by_name},
          {"caches", caches},
          {"caches_source", s.caches_source},
          {"thp", s.thp},
          {"hugetlb_pools", s.hugetlb_pools},
          {"glibc_version", s.glibc_version},
          {"perf_event_paranoid", s.perf_event_paranoid},
          {"hardware_pmu", s.hardware_pmu},
          {"virtualization", OrNull(s.hypervisor)},
          {"free_page_reporting", OrNull(s.free_page_reporting)},
          {"mem_total_bytes", s.mem_total_bytes},
          {"mem_available_bytes", s.mem_available_bytes},
          {"cpufreq_governor", s.cpufreq_governor},
          {"cpufreq_driver", s.cpufreq_driver},
          {"cpu_boost", s.cpu_boost},
          {"root", s.root}};
}

// The buckets as [low_ns, high_ns, count] triples, and the percentiles the
// reports print, for a reader who wants them without the buckets.
json LatencyToJson(const LatencyDistribution& d) {
  json buckets = json::array();
  for (const LatencyBucket& b : d.buckets) buckets.push_back(json::array({b.low_ns, b.high_ns, b.count}));
  json percentiles = json::object();
  for (const auto& [label, fraction] : kLatencyPercentiles) percentiles[label] = LatencyPercentile(d, fraction);
  return {{"what", d.what},
          {"overhead_ns", d.overhead_ns},
          {"count", d.Count()},
          {"percentiles_ns", percentiles},
          {"buckets", buckets}};
}

json ProofToJson(const PageProof& p) {
  json flags = nullptr;
  if (p.flags) {
    flags = {{"sampled_pages", p.flags->sampled},   {"not_present", p.flags->not_present},
             {"normal_4k", p.flags->normal},        {"thp", p.flags->thp},
             {"hugetlb", p.flags->hugetlb},         {"zero_page", p.flags->zero},
             {"huge_zero_page", p.flags->huge_zero}};
  }
  json nodes = json::object();
  for (const auto& [node, pages] : p.node_pages) nodes[std::to_string(node)] = pages;
  return {{"region", p.region},
          {"requested", p.requested},
          {"method", p.method},
          {"method_note", OrNull(p.method_note)},
          {"mapped_bytes", p.mapped_bytes},
          {"resident_bytes", p.resident_bytes},
          {"huge_bytes", p.huge_bytes},
          {"huge_pct", p.huge_pct},
          {"page_flags", flags},
          {"honoured", p.honoured},
          {"verified", p.verified},
          {"split", p.split},
          {"node_pages", nodes},
          {"nodes_requested", OrNull(p.nodes_requested)},
          {"nodes_honoured", p.nodes_honoured},
          {"text", p.text}};
}

json SampleToJson(const Sample& s) {
  json counters = json::array();
  for (const auto& c : s.counters) {
    if (!c) {
      counters.push_back(nullptr);
      continue;
    }
    counters.push_back({{"value", c->raw},
                        {"enabled_ns", c->enabled_ns},
                        {"running_ns", c->running_ns},
                        {"scaled", c->counted() ? json(c->scaled) : json(nullptr)}});
  }
  json side_counts = json::array();
  for (const auto& count : s.side_counts) side_counts.push_back(count ? json(*count) : json(nullptr));
  return {{"invocation", s.invocation},
          {"wall_ns", s.wall_ns},
          {"tsc_ticks", s.tsc_ticks},
          {"user_ns", s.user_ns},
          {"system_ns", s.system_ns},
          {"loops", s.loops},
          {"work", s.work},
          {"worker_wall_ns", s.worker_wall_ns},
          {"start_skew_ns", s.start_skew_ns},
          {"phase_ns", s.phase_ns},
          {"side_counts", side_counts},
          {"counters", counters},
          {"kernel_window_ns", s.kernel_window_ns},
          {"kernel_deltas", s.kernel_deltas},
          {"profile_samples", s.profile_samples},
          {"profile_self", s.profile_self},
          {"program_rate", s.program_rate ? json(*s.program_rate) : json(nullptr)}};
}

const char* FigureName(SummaryFigure figure) {
  switch (figure) {
    case SummaryFigure::kMicrosPerOp:
      return "us_per_op";
    case SummaryFigure::kMicrosPerFault:
      return "us_per_fault";
    case SummaryFigure::kMegabytesPerSecond:
      return "mb_per_s";
  }
  return "?";
}

json MeasurementToJson(const Measurement& m, const RunResult& r) {
  // "point": name -> value, for readers; "params": the same in the order of
  // the matrix, with the text each value is shown as, for the report.
  json point = json::object();
  json params = json::array();
  for (const auto& [name, value] : m.point.values) {
    point[name] = value.numeric ? json(value.number) : json(value.text);
    params.push_back({{"name", name}, {"text", value.text}, {"number", value.number}, {"numeric", value.numeric}});
  }
  json samples = json::array();
  for (const auto& s : m.samples) samples.push_back(SampleToJson(s));
  const MeasurementStats st = ComputeMeasurementStats(m, r.events);
  json counter_stats = json::array();
  for (const auto& c : st.counters) {
    counter_stats.push_back({{"event", c.name},
                             {"supported", c.supported},
                             {"counted", c.counted},
                             {"running_pct", c.running_pct},
                             {"multiplexed", c.counted && c.running_pct < 99.995},
                             {"summary", c.counted ? SummaryToJson(c.summary) : json(nullptr)}});
  }
  json phases = json::array();
  for (const auto& phase : st.phases) {
    phases.push_back(
        {{"name", phase.name}, {"ns_per_unit", SummaryToJson(phase.ns_per_unit)}, {"share_pct", phase.share_pct}});
  }
  json side_counts = json::array();
  for (const auto& side : m.side_counts) {
    json entry = {{"name", side.name}, {"unit", UnitName(side.unit)}};
    if (side.kind != SideKind::kWorkload) entry["kind"] = SideKindName(side.kind);
    side_counts.push_back(entry);
  }
  json side_rates = json::array();
  for (const auto& side : st.side_rates) {
    side_rates.push_back({{"name", side.name},
                          {"unit", UnitName(side.unit)},
                          {"kind", SideKindName(side.kind)},
                          {"per_second", SummaryToJson(side.per_second)},
                          {"per_unit_of_work", side.per_unit ? json(*side.per_unit) : json(nullptr)}});
  }
  json proofs = json::array();
  for (const auto& p : m.page_proofs) proofs.push_back(ProofToJson(p));
  json workers = nullptr;
  if (st.workers) {
    workers = {{"count", st.workers->workers},
               {"sum_of_worker_rates", SummaryToJson(st.workers->sum_of_worker_rates)},
               {"worker_rate", SummaryToJson(st.workers->worker_rate)},
               {"start_skew_ns", SummaryToJson(st.workers->start_skew_ns)}};
  }
  return {{"workload", m.workload},
          {"point", point},
          {"params", params},
          {"work_unit", UnitName(m.unit)},
          {"rate_label", m.rate_label},
          {"loops_per_sample", m.loops},
          {"loops_calibrated", m.loops_calibrated},
          {"fresh_state_each_sample", m.fresh_state_each_sample},
          {"warmup_samples", m.warmup_samples},
          {"cpu_time_scope", m.cpu_time_scope},
          {"phases", m.phases},
          {"side_counts", side_counts},
          {"traffic", m.traffic ? json{{"requested_per_unit", m.traffic->requested_per_unit},
                                       {"memory_per_unit_estimated",
                                        m.traffic->memory_per_unit ? json(*m.traffic->memory_per_unit) : json(nullptr)},
                                       {"how", m.traffic->how}}
                                : json(nullptr)},
          {"latency", m.latency ? LatencyToJson(*m.latency) : json(nullptr)},
          {"samples", samples},
          {"first_sample", m.first_sample ? SampleToJson(*m.first_sample) : json(nullptr)},
          {"stats",
           {{"rate_per_second", SummaryToJson(st.rate)},
            {"samples_without_rate", st.samples_without_rate},
            {"wall_seconds", SummaryToJson(st.wall_seconds)},
            {"user_seconds", SummaryToJson(st.user_seconds)},
            {"system_seconds", SummaryToJson(st.system_seconds)},
            {"cycles_per_unit", st.cycles_per_unit},
            {"cycles_source", st.cycles_from_pmu ? "pmu" : "tsc-estimate"},
            {"faults_per_second", st.faults_per_second ? json(*st.faults_per_second) : json(nullptr)},
            {"ns_per_fault", st.ns_per_fault ? json(*st.ns_per_fault) : json(nullptr)},
            {"phases", phases},
            {"side_rates", side_rates},
            {"noise",
             {{"outliers", st.noise.outliers},
              {"trend_p", st.noise.trend_p ? json(*st.noise.trend_p) : json(nullptr)},
              {"bimodality", st.noise.bimodality ? json(*st.noise.bimodality) : json(nullptr)},
              {"warnings", st.noise.Warnings()}}},
            {"workers", workers},
            {"counters", counter_stats}}},
          {"precision", m.precision_target_pct ? json{{"target_pct", *m.precision_target_pct},
                                                      {"reached", m.precision_reached},
                                                      {"runs", m.samples.size()},
                                                      {"pilot_runs", m.precision_pilot_runs}}
                                               : json(nullptr)},
          {"summary_row", m.summary_row ? json{{"section", m.summary_row->section},
                                               {"label", m.summary_row->label},
                                               {"figure", FigureName(m.summary_row->figure)}}
                                        : json(nullptr)},
          {"page_proof", proofs},
          {"program_figure", m.program_figure ? json{{"kind", FigureKindName(m.program_figure->kind)},
                                                     {"pattern", m.program_figure->pattern},
                                                     {"unit", m.program_figure->unit}}
                                              : json(nullptr)},
          {"notes", m.notes}};
}

}  // namespace

const char* ResultKindName(ResultKind kind) {
  switch (kind) {
    case ResultKind::kRun:
      return "run";
    case ResultKind::kExec:
      return "exec";
    case ResultKind::kLmSummary:
      return "lmsummary";
  }
  return "?";
}

const char* SummaryFigureName(SummaryFigure figure) { return FigureName(figure); }

json ResultToJson(const RunResult& r) {
  json events = json::array();
  for (const auto& e : r.events) {
    events.push_back({{"name", e.name},
                      {"supported", e.supported},
                      {"reason", OrNull(e.reason)},
                      {"counted_modes", e.counted_modes},
                      {"in_group", e.in_group},
                      {"kernel_not_permitted", e.kernel_not_permitted},
                      {"hide_if_unsupported", e.hide_if_unsupported}});
  }
  json measurements = json::array();
  for (const auto& m : r.measurements) measurements.push_back(MeasurementToJson(m, r));
  json paired = json::array();
  if (r.interleaved) {
    for (const PairedRatio& p : PairedRatios(r.measurements, r.paired_by)) {
      paired.push_back({{"a", p.a},
                        {"b", p.b},
                        {"param", p.param},
                        {"rounds", p.rounds},
                        {"median_ratio", p.median_ratio},
                        {"confidence_pct", p.confidence_pct},
                        {"ci", p.ci ? json{p.ci->low, p.ci->high} : json(nullptr)},
                        {"verdict", p.verdict}});
    }
  }
  // Figures derived across measurements, as the text report prints them.
  std::vector<MeasurementStats> stats;
  std::vector<double> rates;
  for (const auto& m : r.measurements) {
    stats.push_back(ComputeMeasurementStats(m, r.events));
    rates.push_back(stats.back().rate.mean);
  }
  json parallelism = json::array();
  for (const ParallelismRow& row : MemoryParallelism(r.measurements, rates)) {
    parallelism.push_back({{"conditions", row.conditions},
                           {"chains", row.chains},
                           {"ns_per_load", row.ns_per_load},
                           {"latency_ns", row.latency_ns},
                           {"implied_mlp", row.implied_mlp}});
  }
  json curves = json::array();
  for (const LoadedCurve& curve : LoadedCurves(r.measurements, stats)) {
    json points = json::array();
    for (const LoadedCurvePoint& p : curve.points) {
      points.push_back(
          {{"delay", p.delay},
           {"requested_bytes_per_s", SummaryToJson(p.requested_bytes_per_s)},
           {"memory_bytes_per_s_estimated", SummaryToJson(p.memory_bytes_per_s)},
           {"latency_ns", p.latency_ns},
           {"latency_ci95_ns", {p.latency_low_ns, p.latency_high_ns ? json(*p.latency_high_ns) : json()}}});
    }
    curves.push_back({{"conditions", curve.conditions},
                      {"points", points},
                      {"knee_delay", curve.knee ? json(curve.points[*curve.knee].delay) : json(nullptr)},
                      {"no_knee_because", curve.knee ? json(nullptr) : json(curve.no_knee_because)}});
  }
  return {
      {"schema", kResultSchema},
      {"kind", ResultKindName(r.kind)},
      {"tool", {{"name", "membench"}, {"version", r.tool_version}}},
      {"command_line", r.command_line},
      {"started_at", r.started_at},
      {"tag", r.tag},
      {"labels", r.labels},
      {"interrupted", r.interrupted},
      {"failure", r.failure},
      {"interleaved", r.interleaved},
      {"invocations", r.invocations},
      {"paired_by", r.paired_by},
      {"paired_ratios", paired},
      {"memory_parallelism", parallelism},
      {"loaded_curves", curves},
      {"system", SystemToJson(r.system)},
      {"tsc_ghz", r.tsc_ghz},
      {"kernel_idle", r.kernel_idle ? json{{"window_ns", r.kernel_idle->window_ns}, {"deltas", r.kernel_idle->deltas}}
                                    : json(nullptr)},
      {"profile_event", r.profile_event},
      {"profile_scope", r.profile_scope},
      {"events", events},
      {"notes", r.notes},
      {"measurements", measurements}};
}

}  // namespace membench
