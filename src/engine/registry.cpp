// File: engine/registry.cpp
#include "engine/registry.h"

#include <algorithm>

#include "core/error.h"
#include "core/suggest.h"

namespace membench {
namespace {

// A function-local static: registrars run during static initialisation, in
// no particular order across files.
std::vector<WorkloadInfoFactory>& Factories() {
  static std::vector<WorkloadInfoFactory> factories;
  return factories;
}

}  // namespace

WorkloadRegistrar::WorkloadRegistrar(WorkloadInfoFactory factory) { Factories().push_back(factory); }

const std::vector<WorkloadInfo>& Workloads() {
  static const std::vector<WorkloadInfo> workloads = [] {
    std::vector<WorkloadInfo> out;
    for (const WorkloadInfoFactory factory : Factories()) out.push_back(factory());
    std::sort(out.begin(), out.end(), [](const WorkloadInfo& a, const WorkloadInfo& b) { return a.name < b.name; });
    for (std::size_t i = 1; i < out.size(); ++i) {
      if (out[i].name == out[i - 1].name) throw Error("two workloads are registered as '" + out[i].name + "'");
    }
    return out;
  }();
  return workloads;
}

const WorkloadInfo& FindWorkload(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& w : Workloads()) {
    if (w.name == name) return w;
    names.push_back(w.name);
  }
  const std::string guess = ClosestName(name, names);
  throw Error("unknown workload '" + name + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
              " (membench list workloads shows them all)");
}

}  // namespace membench
