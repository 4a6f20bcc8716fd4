// File: sys/cgroup_limits.cpp
#include "sys/cgroup_limits.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "sys/files.h"

namespace membench::sys {
namespace {

// "/a/b/c" -> "/a/b/c", "/a/b", "/a", "": the group and its ancestors.
std::vector<std::string> SelfAndAncestors(std::string path) {
  std::vector<std::string> out;
  while (!path.empty() && path != "/") {
    out.push_back(path);
    path = path.substr(0, path.rfind('/'));
  }
  out.emplace_back("");
  return out;
}

// The cgroup path of this process per controller ("" for the v2 unified
// hierarchy), from /proc/self/cgroup's "id:controllers:path" lines.
std::map<std::string, std::string> ControllerPaths(const std::string& self_cgroup) {
  std::map<std::string, std::string> out;
  std::istringstream in(self_cgroup);
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::istringstream controllers(line.substr(first + 1, second - first - 1));
    const std::string path = line.substr(second + 1);
    std::string controller;
    if (line.substr(first + 1, second - first - 1).empty()) out[""] = path;
    while (std::getline(controllers, controller, ',')) out[controller] = path;
  }
  return out;
}

std::optional<std::uint64_t> ParseUnsigned(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

void Tighten(std::optional<std::uint64_t>& limit, std::uint64_t value) {
  limit = limit ? std::min(*limit, value) : value;
}

void Tighten(std::optional<double>& limit, double value) { limit = limit ? std::min(*limit, value) : value; }

// What a group has left under one of its limits, kept where it is the least.
void TightenLeft(CgroupLimits& out, const std::string& group, std::uint64_t limit, std::uint64_t used,
                 const char* file) {
  CgroupMemoryLeft left{group.empty() ? "/" : group, file, limit, used};
  if (out.memory_left && out.memory_left->Bytes() <= left.Bytes()) return;
  out.memory_left = std::move(left);
}

void ReadV2(const std::string& root, const std::string& path, CgroupLimits& out) {
  for (const std::string& group : SelfAndAncestors(path)) {
    const std::string dir = root + group;
    const auto used = ParseUnsigned(ReadFirstLine(dir + "/memory.current").value_or("")).value_or(0);
    if (const auto memory = ParseUnsigned(ReadFirstLine(dir + "/memory.max").value_or("max"))) {
      Tighten(out.memory_max, *memory);
      TightenLeft(out, group, *memory, used, "memory.max");
    }
    if (const auto high = ParseUnsigned(ReadFirstLine(dir + "/memory.high").value_or("max"))) {
      Tighten(out.memory_high, *high);
      TightenLeft(out, group, *high, used, "memory.high");
    }
    // "max 100000" is no quota; "150000 100000" is 1.5 CPUs.
    std::istringstream cpu(ReadFirstLine(dir + "/cpu.max").value_or(""));
    std::string quota_text, period_text;
    cpu >> quota_text >> period_text;
    const auto quota = ParseUnsigned(quota_text);
    const auto period = ParseUnsigned(period_text);
    if (quota && period && *period > 0) Tighten(out.cpu_quota_cpus, double(*quota) / double(*period));
    if (out.cpuset_cpus.empty()) out.cpuset_cpus = ReadFirstLine(dir + "/cpuset.cpus.effective").value_or("");
  }
}

void ReadV1(const std::string& root, const std::map<std::string, std::string>& paths, CgroupLimits& out) {
  // v1 reports "no limit" as a page-rounded LONG_MAX.
  constexpr std::uint64_t kUnlimitedAbove = std::uint64_t{1} << 62;
  if (const auto it = paths.find("memory"); it != paths.end()) {
    for (const std::string& group : SelfAndAncestors(it->second)) {
      const std::string dir = root + "/memory" + group;
      const auto limit = ReadInteger(dir + "/memory.limit_in_bytes");
      if (limit && *limit > 0 && static_cast<std::uint64_t>(*limit) < kUnlimitedAbove) {
        const auto max = static_cast<std::uint64_t>(*limit);
        Tighten(out.memory_max, max);
        const auto used = static_cast<std::uint64_t>(std::max<std::int64_t>(
            ReadInteger(dir + "/memory.usage_in_bytes").value_or(0), 0));
        TightenLeft(out, group, max, used, "memory.limit_in_bytes");
      }
    }
  }
  if (const auto it = paths.find("cpu"); it != paths.end()) {
    for (const std::string& group : SelfAndAncestors(it->second)) {
      const std::string dir = root + "/cpu" + group;
      const auto quota = ReadInteger(dir + "/cpu.cfs_quota_us");
      const auto period = ReadInteger(dir + "/cpu.cfs_period_us");
      if (quota && period && *quota > 0 && *period > 0) Tighten(out.cpu_quota_cpus, double(*quota) / double(*period));
    }
  }
  if (const auto it = paths.find("cpuset"); it != paths.end()) {
    const std::string dir = root + "/cpuset" + it->second;
    out.cpuset_cpus = ReadFirstLine(dir + "/cpuset.effective_cpus").value_or("");
  }
}

}  // namespace

CgroupLimits ReadCgroupLimits() {
  return ReadCgroupLimits("/sys/fs/cgroup", ReadFile("/proc/self/cgroup").value_or(""));
}

CgroupLimits ReadCgroupLimits(const std::string& cgroup_root, const std::string& self_cgroup) {
  CgroupLimits out;
  const std::map<std::string, std::string> paths = ControllerPaths(self_cgroup);
  const auto unified = paths.find("");
  if (unified != paths.end()) out.path = unified->second;
  if (const auto memory = paths.find("memory"); memory != paths.end()) out.path = memory->second;
  // A v2 hierarchy mounted at the root has cgroup.controllers there.
  if (ReadFirstLine(cgroup_root + "/cgroup.controllers") && unified != paths.end()) {
    ReadV2(cgroup_root, unified->second, out);
  } else {
    ReadV1(cgroup_root, paths, out);
  }
  return out;
}

}  // namespace membench::sys
