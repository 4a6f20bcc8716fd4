// File: report/json_report.cpp
#include "report/json_report.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "core/error.h"
#include "core/measurement_stats.h"
#include "core/paired.h"

namespace membench {
namespace {

nlohmann::json SummaryToJson(const Summary& s) {
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

nlohmann::json SystemToJson(const SystemInfo& s) {
  nlohmann::json caches = nlohmann::json::object();
  for (const auto& c : s.caches) caches[c.name] = c.size_bytes;
  return {{"hostname", s.hostname},
          {"kernel_release", s.kernel_release},
          {"kernel_version", s.kernel_version},
          {"kernel_cmdline", s.kernel_cmdline},
          {"machine", s.machine},
          {"cpu_vendor", s.cpu_vendor},
          {"cpu_model", s.cpu_model},
          {"cpu_features", s.cpu_features},
          {"online_cpus", s.online_cpus},
          {"caches_bytes", caches},
          {"caches_source", s.caches_source},
          {"thp", s.thp},
          {"hugetlb_pools", s.hugetlb_pools},
          {"glibc_version", s.glibc_version},
          {"perf_event_paranoid", s.perf_event_paranoid},
          {"hardware_pmu", s.hardware_pmu},
          {"virtualization", s.hypervisor.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.hypervisor)},
          {"free_page_reporting",
           s.free_page_reporting.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.free_page_reporting)},
          {"mem_total_bytes", s.mem_total_bytes},
          {"mem_available_bytes", s.mem_available_bytes},
          {"cpufreq_governor", s.cpufreq_governor},
          {"root", s.root}};
}

nlohmann::json ProofToJson(const PageProof& p) {
  nlohmann::json flags = nullptr;
  if (p.flags) {
    flags = {{"sampled_pages", p.flags->sampled},   {"not_present", p.flags->not_present},
             {"normal_4k", p.flags->normal},        {"thp", p.flags->thp},
             {"hugetlb", p.flags->hugetlb},         {"zero_page", p.flags->zero},
             {"huge_zero_page", p.flags->huge_zero}};
  }
  return {{"region", p.region},
          {"requested", p.requested},
          {"method", p.method},
          {"method_note", p.method_note.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.method_note)},
          {"mapped_bytes", p.mapped_bytes},
          {"resident_bytes", p.resident_bytes},
          {"huge_bytes", p.huge_bytes},
          {"huge_pct", p.huge_pct},
          {"page_flags", flags},
          {"honoured", p.honoured},
          {"verified", p.verified},
          {"split", p.split},
          {"text", p.text}};
}

nlohmann::json SampleToJson(const Sample& s) {
  nlohmann::json counters = nlohmann::json::array();
  for (const auto& c : s.counters) {
    if (!c) {
      counters.push_back(nullptr);
      continue;
    }
    const ScaledCount scaled = Scale(*c);
    counters.push_back({{"value", c->raw},
                        {"enabled_ns", c->enabled_ns},
                        {"running_ns", c->running_ns},
                        {"scaled", scaled.counted ? nlohmann::json(scaled.value) : nlohmann::json(nullptr)}});
  }
  return {{"wall_ns", s.wall_ns}, {"tsc_ticks", s.tsc_ticks}, {"user_ns", s.user_ns}, {"system_ns", s.system_ns},
          {"loops", s.loops},     {"work", s.work},           {"worker_wall_ns", s.worker_wall_ns}, {"phase_ns", s.phase_ns},
          {"counters", counters}};
}

nlohmann::json MeasurementToJson(const Measurement& m, const RunResult& r) {
  nlohmann::json point = nlohmann::json::object();
  for (const auto& [name, value] : m.point.values) {
    point[name] = value.numeric ? nlohmann::json(value.number) : nlohmann::json(value.text);
  }
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& s : m.samples) samples.push_back(SampleToJson(s));
  const MeasurementStats st = ComputeMeasurementStats(m, r.events);
  nlohmann::json counter_stats = nlohmann::json::array();
  for (const auto& c : st.counters) {
    counter_stats.push_back({{"event", c.name},
                             {"supported", c.supported},
                             {"counted", c.counted},
                             {"running_pct", c.running_pct},
                             {"multiplexed", c.counted && c.running_pct < 99.995},
                             {"summary", c.counted ? SummaryToJson(c.summary) : nlohmann::json(nullptr)}});
  }
  nlohmann::json phases = nlohmann::json::array();
  for (const auto& phase : st.phases) {
    phases.push_back(
        {{"name", phase.name}, {"ns_per_unit", SummaryToJson(phase.ns_per_unit)}, {"share_pct", phase.share_pct}});
  }
  nlohmann::json proofs = nlohmann::json::array();
  for (const auto& p : m.page_proofs) proofs.push_back(ProofToJson(p));
  return {{"workload", m.workload},
          {"point", point},
          {"work_unit", m.work_unit},
          {"loops_per_sample", m.loops},
          {"loops_calibrated", m.loops_calibrated},
          {"fresh_state_each_sample", m.fresh_state_each_sample},
          {"warmup_samples", m.warmup_samples},
          {"samples", samples},
          {"first_sample", m.first_sample ? SampleToJson(*m.first_sample) : nlohmann::json(nullptr)},
          {"stats",
           {{"rate_per_second", SummaryToJson(st.rate)},
            {"wall_seconds", SummaryToJson(st.wall_seconds)},
            {"user_seconds", SummaryToJson(st.user_seconds)},
            {"system_seconds", SummaryToJson(st.system_seconds)},
            {"cycles_per_unit", st.cycles_per_unit},
            {"cycles_source", st.cycles_from_pmu ? "pmu" : "tsc-estimate"},
            {"faults_per_second", st.faults_per_second ? nlohmann::json(*st.faults_per_second) : nlohmann::json(nullptr)},
            {"ns_per_fault", st.ns_per_fault ? nlohmann::json(*st.ns_per_fault) : nlohmann::json(nullptr)},
            {"phases", phases},
            {"noise",
             {{"outliers", st.noise.outliers},
              {"trend_p", st.noise.trend_p ? nlohmann::json(*st.noise.trend_p) : nlohmann::json(nullptr)},
              {"bimodality", st.noise.bimodality ? nlohmann::json(*st.noise.bimodality) : nlohmann::json(nullptr)},
              {"warnings", st.noise.Warnings()}}},
            {"workers", st.workers ? nlohmann::json{{"count", st.workers->workers},
                                                    {"sum_of_worker_rates", SummaryToJson(st.workers->sum_of_worker_rates)},
                                                    {"worker_rate", SummaryToJson(st.workers->worker_rate)}}
                                   : nlohmann::json(nullptr)},
            {"counters", counter_stats}}},
          {"precision", m.precision_target_pct
                            ? nlohmann::json{{"target_pct", *m.precision_target_pct}, {"reached", m.precision_reached},
                                             {"runs", m.samples.size()}}
                            : nlohmann::json(nullptr)},
          {"page_proof", proofs},
          {"notes", m.notes}};
}

std::string TempPathFor(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

}  // namespace

nlohmann::json ResultToJson(const RunResult& r) {
  nlohmann::json events = nlohmann::json::array();
  for (const auto& e : r.events) {
    events.push_back({{"name", e.name},
                      {"supported", e.supported},
                      {"reason", e.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.reason)},
                      {"counted_modes", e.counted_modes},
                      {"in_group", e.in_group},
                      {"kernel_not_permitted", e.kernel_not_permitted}});
  }
  nlohmann::json measurements = nlohmann::json::array();
  for (const auto& m : r.measurements) measurements.push_back(MeasurementToJson(m, r));
  nlohmann::json paired = nlohmann::json::array();
  if (r.interleaved) {
    for (const PairedRatio& p : PairedRatios(r.measurements)) {
      paired.push_back({{"a", p.a},
                        {"b", p.b},
                        {"param", p.param},
                        {"rounds", p.rounds},
                        {"median_ratio", p.median_ratio},
                        {"confidence_pct", p.confidence_pct},
                        {"ci", p.ci ? nlohmann::json{p.ci->low, p.ci->high} : nlohmann::json(nullptr)},
                        {"verdict", p.verdict}});
    }
  }
  return {{"schema", kResultSchema},
          {"tool", {{"name", "membench"}, {"version", r.tool_version}}},
          {"command_line", r.command_line},
          {"started_at", r.started_at},
          {"interrupted", r.interrupted},
          {"interleaved", r.interleaved},
          {"paired_ratios", paired},
          {"system", SystemToJson(r.system)},
          {"tsc_ghz", r.tsc_ghz},
          {"events", events},
          {"notes", r.notes},
          {"measurements", measurements}};
}

void CheckJsonPathWritable(const std::string& path) {
  const std::string temp = TempPathFor(path);
  std::FILE* f = std::fopen(temp.c_str(), "w");
  if (f == nullptr) {
    throw Error("cannot write --json " + path + ": " + std::strerror(errno) +
                " (choose a path in a writable directory)");
  }
  std::fclose(f);
  std::remove(temp.c_str());
}

void WriteJsonFile(const RunResult& result, const std::string& path) {
  const std::string temp = TempPathFor(path);
  {
    std::ofstream out(temp);
    out << ResultToJson(result).dump(2) << "\n";
    if (!out) {
      std::remove(temp.c_str());
      throw Error("writing " + temp + " failed (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temp.c_str());
    throw Error("cannot rename " + temp + " to " + path + ": " + why);
  }
}

}  // namespace membench
