// File: report/derived_metrics.cpp
#include "report/derived_metrics.h"

#include <algorithm>

namespace membench {
namespace {

std::optional<double> Find(const std::map<std::string, double>& counts, const std::string& name) {
  const auto it = counts.find(name);
  if (it == counts.end()) return std::nullopt;
  return it->second;
}

std::optional<double> FindAny(const std::map<std::string, double>& counts, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    if (auto v = Find(counts, n)) return v;
  }
  return std::nullopt;
}

// perf's rate column: per second of task-clock, scaled to M, K or plain.
DerivedMetric Rate(double count, double seconds) {
  const double per_second = seconds > 0 ? count / seconds : 0;
  if (per_second >= 1e6) return {per_second / 1e6, "M/sec"};
  if (per_second >= 1e3) return {per_second / 1e3, "K/sec"};
  return {per_second, "/sec"};
}

DerivedMetric Percent(double part, double whole, const std::string& of) {
  return {whole > 0 ? 100.0 * part / whole : 0, "%  " + of, "{:7.2f}"};
}

}  // namespace

std::vector<DerivedMetric> DeriveMetrics(const std::string& event, const std::map<std::string, double>& counts,
                                         double wall_ns) {
  const auto value = Find(counts, event);
  if (!value) return {};
  const auto task_clock_ns = Find(counts, "task-clock");
  const double seconds = (task_clock_ns ? *task_clock_ns : wall_ns) * 1e-9;
  const auto cycles = FindAny(counts, {"cycles", "cpu-cycles"});
  if (event == "task-clock" || event == "cpu-clock") {
    return {{wall_ns > 0 ? *value / wall_ns : 0, "CPUs utilized"}};
  }
  if (event == "cycles" || event == "cpu-cycles") {
    if (!task_clock_ns || *task_clock_ns <= 0) return {};
    return {{*value / *task_clock_ns, "GHz"}};
  }
  if (event == "instructions") {
    std::vector<DerivedMetric> out;
    if (cycles && *cycles > 0) out.push_back({*value / *cycles, "insn per cycle", "{:8.2f}"});
    const auto fe = Find(counts, "stalled-cycles-frontend");
    const auto be = Find(counts, "stalled-cycles-backend");
    if ((fe || be) && *value > 0) {
      out.push_back({std::max(fe.value_or(0), be.value_or(0)) / *value, "stalled cycles per insn", "{:8.2f}"});
    }
    return out;
  }
  if (event == "stalled-cycles-frontend" && cycles) return {Percent(*value, *cycles, "frontend cycles idle")};
  if (event == "stalled-cycles-backend" && cycles) return {Percent(*value, *cycles, "backend cycles idle")};
  if (event == "branch-misses") {
    if (auto branches = FindAny(counts, {"branches", "branch-instructions"})) {
      return {Percent(*value, *branches, "of all branches")};
    }
  }
  if (event == "cache-misses") {
    if (auto refs = Find(counts, "cache-references")) return {Percent(*value, *refs, "of all cache refs")};
  }
  // <cache>-load-misses against <cache>-loads, as perf's cache ratios.
  for (const char* op : {"load", "store", "prefetch"}) {
    const std::string suffix = std::string("-") + op + "-misses";
    if (event.size() > suffix.size() && event.ends_with(suffix)) {
      const std::string cache = event.substr(0, event.size() - suffix.size());
      if (auto accesses = Find(counts, cache + "-" + op + "s")) {
        return {Percent(*value, *accesses, "of all " + cache + " accesses")};
      }
    }
  }
  return {Rate(*value, seconds)};
}

}  // namespace membench
