// File: sys/collect_system_info.cpp
#include "sys/collect_system_info.h"

#include <fmt/chrono.h>
#include <gnu/libc-version.h>
#include <hwloc.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sstream>

#include "sys/cpu.h"
#include "sys/files.h"
#include "sys/free_page_reporting.h"
#include "sys/memory.h"
#include "sys/perf_events.h"

namespace membench::sys {
namespace {

std::vector<CacheLevel> ReadCaches() {
  std::vector<CacheLevel> out;
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return out;
  if (hwloc_topology_load(topo) == 0) {
    const struct {
      hwloc_obj_type_t type;
      const char* name;
    } levels[] = {{HWLOC_OBJ_L1CACHE, "L1d"}, {HWLOC_OBJ_L2CACHE, "L2"}, {HWLOC_OBJ_L3CACHE, "L3"}};
    for (const auto& level : levels) {
      hwloc_obj_t obj = hwloc_get_next_obj_by_type(topo, level.type, nullptr);
      if (obj != nullptr && obj->attr != nullptr) out.push_back({level.name, obj->attr->cache.size});
    }
  }
  hwloc_topology_destroy(topo);
  return out;
}

// /proc/stat's btime (seconds since the epoch), as ISO 8601 UTC.
std::string BootTime() {
  std::istringstream stat(ReadFile("/proc/stat").value_or(""));
  for (std::string line; std::getline(stat, line);) {
    long long seconds = 0;
    if (std::sscanf(line.c_str(), "btime %lld", &seconds) == 1) {
      return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(static_cast<std::time_t>(seconds)));
    }
  }
  return "";
}

// The microcode revision of the first CPU, as /proc/cpuinfo gives it.
std::string Microcode() {
  const auto text = ReadFile("/proc/cpuinfo");
  if (!text) return "";
  const auto pos = text->find("\nmicrocode");
  if (pos == std::string::npos) return "";
  const auto colon = text->find(':', pos);
  const auto end = text->find('\n', pos + 1);
  if (colon == std::string::npos || colon > end) return "";
  std::istringstream in(text->substr(colon + 1, end - colon - 1));
  std::string value;
  in >> value;
  return value;
}

// Turbo/boost where the cpufreq driver shows it: acpi-cpufreq and
// amd-pstate's global "boost", intel_pstate's inverted "no_turbo".
std::string CpuBoost() {
  if (auto boost = ReadInteger("/sys/devices/system/cpu/cpufreq/boost")) return *boost != 0 ? "on" : "off";
  if (auto no_turbo = ReadInteger("/sys/devices/system/cpu/intel_pstate/no_turbo"))
    return *no_turbo != 0 ? "off" : "on";
  return "";
}

}  // namespace

std::string SelectedSysfsChoice(const std::string& line) {
  const auto open = line.find('[');
  const auto close = line.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return line;
  return line.substr(open + 1, close - open - 1);
}

SystemInfo CollectSystemInfo() {
  SystemInfo info;
  utsname uts{};
  if (::uname(&uts) == 0) {
    info.hostname = uts.nodename;
    info.kernel_release = uts.release;
    info.kernel_version = uts.version;
    info.machine = uts.machine;
  }
  info.kernel_cmdline = ReadFirstLine("/proc/cmdline").value_or("");
  info.boot_id = ReadFirstLine("/proc/sys/kernel/random/boot_id").value_or("");
  info.boot_time = BootTime();
  const CpuInfo& cpu = Cpu();
  info.cpu_vendor = cpu.vendor;
  info.cpu_model = cpu.model_name;
  info.microcode = Microcode();
  info.hypervisor = cpu.hypervisor;
  const std::pair<bool, const char*> features[] = {
      {cpu.sse2, "sse2"}, {cpu.avx2, "avx2"}, {cpu.avx512f, "avx512f"}, {cpu.avx512bw, "avx512bw"},
      {cpu.erms, "erms"}, {cpu.fsrm, "fsrm"}, {cpu.clzero, "clzero"},   {cpu.invariant_tsc, "invariant_tsc"},
      {cpu.asimd, "asimd"}, {cpu.sve, "sve"}, {cpu.sve2, "sve2"},     {cpu.dczva_block_bytes != 0, "dczva"}};
  for (const auto& [has, name] : features) {
    if (has) info.cpu_features.emplace_back(name);
  }
  info.online_cpus = OnlineCpuCount();
  info.caches = ReadCaches();
  const std::string thp = "/sys/kernel/mm/transparent_hugepage/";
  for (const char* name : {"enabled", "defrag", "shmem_enabled"}) {
    if (auto line = ReadFirstLine(thp + name)) info.thp[name] = SelectedSysfsChoice(*line);
  }
  for (const char* name : {"use_zero_page", "khugepaged/defrag"}) {
    if (auto line = ReadFirstLine(thp + name)) info.thp[name] = *line;
  }
  // Multi-size THP: one directory per size, each with its own "enabled".
  std::error_code ec;
  for (const auto& dir : std::filesystem::directory_iterator(thp, ec)) {
    const std::string name = dir.path().filename().string();
    if (name.rfind("hugepages-", 0) != 0) continue;
    if (auto line = ReadFirstLine(dir.path().string() + "/enabled"))
      info.thp[name + "/enabled"] = SelectedSysfsChoice(*line);
  }
  for (const auto& dir : std::filesystem::directory_iterator("/sys/kernel/mm/hugepages", ec)) {
    const std::string name = dir.path().filename().string();
    for (const char* key : {"nr_hugepages", "free_hugepages", "resv_hugepages"}) {
      if (auto v = ReadInteger(dir.path().string() + "/" + key)) info.hugetlb_pools[name.substr(10)][key] = *v;
    }
  }
  info.glibc_version = gnu_get_libc_version();
  info.perf_event_paranoid = PerfEventParanoid();
  info.hardware_pmu = HasHardwarePmu();
  info.mem_total_bytes = MemInfoBytes("MemTotal");
  info.mem_available_bytes = MemAvailableBytes();
  info.cpufreq_governor =
      ReadFirstLine("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").value_or("unknown (no cpufreq)");
  info.cpufreq_driver = ReadFirstLine("/sys/devices/system/cpu/cpu0/cpufreq/scaling_driver").value_or("");
  info.cpu_boost = CpuBoost();
  info.root = IsRoot();
  info.free_page_reporting = DetectFreePageReporting().description;
  return info;
}

}  // namespace membench::sys
