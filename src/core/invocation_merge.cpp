// File: core/invocation_merge.cpp
#include "core/invocation_merge.h"

#include <algorithm>
#include <string>

#include "core/stats.h"

namespace membench {
namespace {

void AddOnce(std::vector<std::string>& notes, const std::vector<std::string>& more) {
  for (const std::string& note : more) {
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
  }
}

bool SamePoint(const Measurement& a, const Measurement& b) {
  return a.workload == b.workload && a.point.Label() == b.point.Label();
}

}  // namespace

RunResult MergeInvocations(std::vector<RunResult> parts) {
  if (parts.empty()) return {};
  RunResult merged = std::move(parts.front());
  merged.invocations = static_cast<int>(parts.size());
  for (Measurement& m : merged.measurements) {
    for (Sample& s : m.samples) s.invocation = 0;
  }
  std::vector<double> tsc_rates;
  if (merged.tsc_ghz > 0) tsc_rates.push_back(merged.tsc_ghz);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    RunResult& part = parts[i];
    AddOnce(merged.notes, part.notes);
    merged.interrupted = merged.interrupted || part.interrupted;
    if (merged.failure.empty()) merged.failure = part.failure;
    if (part.tsc_ghz > 0) tsc_rates.push_back(part.tsc_ghz);
    if (part.kernel_idle) {
      if (!merged.kernel_idle) merged.kernel_idle.emplace();
      merged.kernel_idle->window_ns += part.kernel_idle->window_ns;
      for (const auto& [name, delta] : part.kernel_idle->deltas) merged.kernel_idle->deltas[name] += delta;
    }
    for (Measurement& m : part.measurements) {
      for (Sample& s : m.samples) s.invocation = static_cast<int>(i);
      const auto same = std::find_if(merged.measurements.begin(), merged.measurements.end(),
                                     [&](const Measurement& into) { return SamePoint(into, m); });
      if (same == merged.measurements.end()) {
        merged.measurements.push_back(std::move(m));
        continue;
      }
      AddOnce(same->notes, m.notes);
      if (m.latency) {
        if (!same->latency) same->latency.emplace();
        MergeLatencies(*same->latency, *m.latency);
      }
      same->samples.insert(same->samples.end(), m.samples.begin(), m.samples.end());
    }
  }
  if (!tsc_rates.empty()) merged.tsc_ghz = Summarize(tsc_rates).median;
  return merged;
}

}  // namespace membench
