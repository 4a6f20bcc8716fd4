// File: cli/workload_points.cpp
#include "cli/workload_points.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/kernel_setting.h"
#include "engine/placement.h"
#include "engine/workers.h"

namespace membench {

std::vector<Point> WorkloadPoints(const WorkloadInfo& info, std::map<std::string, std::string> values,
                                  std::vector<std::string>& notes) {
  std::vector<ParamSpec> specs = info.params;
  std::map<std::string, std::string> settings;
  for (auto it = values.begin(); it != values.end();) {
    if (!IsKernelSetting(it->first)) {
      ++it;
      continue;
    }
    const std::string name = KernelSettingName(it->first);
    if (settings.count(name) != 0) throw Error("the setting " + name + " is given twice");
    settings[name] = it->second;
    it = values.erase(it);
  }
  if (values.count(kProcsParam) != 0 && values.count(kThreadsParam) != 0) {
    throw Error("give --procs or --threads, not both");
  }
  for (const char* name : {kProcsParam, kThreadsParam}) {
    if (values.count(name) == 0) continue;
    if (info.own_workers) {
      throw Error(fmt::format("--{}: {} places its own workers (see membench list params {}); run it without "
                              "--procs and --threads",
                              name, info.name, info.name));
    }
    specs.push_back(WorkerCountParam(name));
  }
  if (values.count(kRemapParam) != 0) {
    if (values.count(kProcsParam) != 0 || values.count(kThreadsParam) != 0) {
      throw Error("--remap measures one worker's memory afresh each sample; it does not take --procs or --threads");
    }
    if (info.own_workers) {
      throw Error(fmt::format("--remap: {} places its own workers and memory; run it without --remap", info.name));
    }
    specs.push_back(RemapParam());
  }
  const auto own = [&](const char* name) {
    return std::any_of(info.params.begin(), info.params.end(), [&](const ParamSpec& p) { return p.name == name; });
  };
  if (values.count(kMembindParam) != 0 && values.count(kInterleaveParam) != 0 && !own(kMembindParam)) {
    throw Error("--membind takes every page from one node, --interleave spreads them over several: give one of them");
  }
  for (const char* name : kPlacementParams) {
    if (values.count(name) == 0 || own(name)) continue;
    if (info.own_workers) {
      throw Error(fmt::format("--{}: {} places its own workers and memory (see membench list params {})", name,
                              info.name, info.name));
    }
    specs.push_back(PlacementParam(name));
  }
  for (const ParamSpec& p : info.params) {
    if (values.count(p.name) != 0 || info.machine_default == nullptr) continue;
    std::string note;
    const std::string machine_value = info.machine_default(p.name, note);
    if (!machine_value.empty()) values[p.name] = machine_value;
    if (!note.empty()) notes.push_back(note);
  }
  // Last, so they vary fastest: a setting's values sit side by side.
  for (const auto& [name, list] : settings) {
    specs.push_back(KernelSettingParam(name, list));
    values[name] = list;
  }
  return ExpandMatrix(specs, values);
}

}  // namespace membench
