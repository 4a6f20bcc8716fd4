// File: sys/collect_machine_facts.cpp
#include "sys/collect_machine_facts.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/cpu_list.h"
#include "core/error.h"
#include "core/units.h"
#include "sys/cgroup_limits.h"
#include "sys/collect_system_info.h"
#include "sys/cpu.h"
#include "sys/files.h"
#include "sys/kernel_config.h"
#include "sys/limits.h"
#include "sys/tracefs.h"
#include "sys/zero_page.h"

namespace membench::sys {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCpuDir = "/sys/devices/system/cpu";
// Long enough to see a busy neighbour or the host's steal, short enough to
// keep the doctor's whole list under a second.
constexpr useconds_t kActivityWindowUs = 250'000;

// Kernel options that change what membench's workloads cost.
const std::vector<std::string> kConfigOptions = {"CONFIG_INIT_ON_ALLOC_DEFAULT_ON", "CONFIG_INIT_ON_FREE_DEFAULT_ON",
                                                 "CONFIG_DEBUG_PAGEALLOC_ENABLE_DEFAULT", "CONFIG_KASAN", "CONFIG_HZ"};

std::vector<fs::path> Subdirectories(const std::string& dir, const std::string& prefix) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> DistinctGovernors() {
  std::set<std::string> seen;
  for (const fs::path& cpu : Subdirectories(kCpuDir, "cpu")) {
    if (auto governor = ReadFirstLine(cpu.string() + "/cpufreq/scaling_governor")) seen.insert(*governor);
  }
  return {seen.begin(), seen.end()};
}

std::vector<IdleState> IdleStates() {
  std::vector<IdleState> out;
  for (const fs::path& state : Subdirectories(std::string(kCpuDir) + "/cpu0/cpuidle", "state")) {
    IdleState s;
    s.name = ReadFirstLine(state.string() + "/name").value_or(state.filename().string());
    s.exit_latency_us = ReadInteger(state.string() + "/latency").value_or(0);
    s.disabled = ReadInteger(state.string() + "/disable").value_or(0) != 0;
    out.push_back(s);
  }
  return out;
}

// /proc/stat's first line: user nice system idle iowait irq softirq steal.
std::array<std::uint64_t, 8> ProcStatCpuTimes() {
  std::array<std::uint64_t, 8> times{};
  std::istringstream in(ReadFirstLine("/proc/stat").value_or(""));
  std::string label;
  in >> label;
  for (auto& t : times) in >> t;
  return times;
}

void SampleActivity(MachineFacts& facts) {
  const auto before = ProcStatCpuTimes();
  ::usleep(kActivityWindowUs);
  const auto after = ProcStatCpuTimes();
  std::array<double, 8> delta{};
  double total = 0;
  for (std::size_t i = 0; i < delta.size(); ++i) {
    // iowait may go backwards (proc(5)): a counter that did is left out.
    delta[i] = after[i] >= before[i] ? static_cast<double>(after[i] - before[i]) : 0.0;
    total += delta[i];
  }
  if (total <= 0) return;
  facts.busy_pct = 100 * (delta[0] + delta[1] + delta[2] + delta[5] + delta[6]) / total;
  facts.steal_pct = 100 * delta[7] / total;
}

// The mount point of the first tracefs in /proc/mounts, "" when none.
std::string TracefsMountPoint() {
  for (const MountedFilesystem& mount : MountTable()) {
    if (mount.type == "tracefs") return mount.mount_point;
  }
  return {};
}

bool HasBalloon() {
  for (const fs::path& dev : Subdirectories("/sys/bus/virtio/devices", "virtio")) {
    if (ReadFirstLine(dev.string() + "/device").value_or("") == "0x0005") return true;
  }
  return false;
}

std::optional<bool> YesNo(const std::optional<std::string>& text) {
  if (!text || text->empty()) return std::nullopt;
  return (*text)[0] == 'Y' || (*text)[0] == 'y' || (*text)[0] == '1';
}

std::optional<int> OptionalInt(const std::string& path) {
  const auto value = ReadInteger(path);
  if (!value) return std::nullopt;
  return static_cast<int>(*value);
}

}  // namespace

std::vector<CacheLevel> SysfsCaches() {
  std::vector<CacheLevel> out;
  for (const fs::path& index : Subdirectories(std::string(kCpuDir) + "/cpu0/cache", "index")) {
    const std::string type = ReadFirstLine(index.string() + "/type").value_or("");
    const auto level = ReadInteger(index.string() + "/level");
    const auto size = ReadFirstLine(index.string() + "/size");
    if (type == "Instruction" || !level || !size) continue;
    try {
      out.push_back({*level == 1 ? "L1d" : "L" + std::to_string(*level), ParseSize(*size)});
    } catch (const Error&) {
      // A size sysfs writes in a form we do not know: that level stays out.
    }
  }
  return out;
}

MachineFacts CollectMachineFacts() {
  MachineFacts facts;
  facts.system = CollectSystemInfo();
  facts.governors = DistinctGovernors();
  facts.smt_control = ReadFirstLine(std::string(kCpuDir) + "/smt/control").value_or("");
  if (const auto active = ReadInteger(std::string(kCpuDir) + "/smt/active")) facts.smt_active = *active != 0;
  facts.isolated_cpus = ReadFirstLine(std::string(kCpuDir) + "/isolated").value_or("");
  facts.nohz_full_cpus = ReadFirstLine(std::string(kCpuDir) + "/nohz_full").value_or("");
  if (facts.nohz_full_cpus == "(null)") facts.nohz_full_cpus.clear();
  facts.clocksource = ReadFirstLine("/sys/devices/system/clocksource/clocksource0/current_clocksource").value_or("");
  facts.cpuidle_driver = ReadFirstLine(std::string(kCpuDir) + "/cpuidle/current_driver").value_or("");
  facts.idle_states = IdleStates();
  facts.aslr = OptionalInt("/proc/sys/kernel/randomize_va_space");
  facts.nmi_watchdog = OptionalInt("/proc/sys/kernel/nmi_watchdog");
  facts.pmu_general_counters = Cpu().pmu_general_counters;
  facts.pmu_fixed_counters = Cpu().pmu_fixed_counters;
  facts.tracefs_root = TracefsRoot();
  facts.tracefs_mounted_at = TracefsMountPoint();
  const std::string khugepaged = "/sys/kernel/mm/transparent_hugepage/khugepaged/";
  for (const char* name : {"pages_to_scan", "scan_sleep_millisecs", "max_ptes_none"}) {
    if (auto value = ReadFirstLine(khugepaged + name)) facts.khugepaged[name] = *value;
  }
  facts.ksm_run = OptionalInt("/sys/kernel/mm/ksm/run");
  facts.ksm_pages_sharing = ReadInteger("/sys/kernel/mm/ksm/pages_sharing");
  facts.zswap_enabled = YesNo(ReadFirstLine("/sys/module/zswap/parameters/enabled"));
  facts.swap_total_bytes = MemInfoBytes("SwapTotal");
  facts.swap_free_bytes = MemInfoBytes("SwapFree");
  facts.balloon = HasBalloon();
  if (const auto nodes = ReadFirstLine("/sys/devices/system/node/online")) {
    try {
      facts.numa_nodes = static_cast<int>(ParseCpuList(*nodes).size());
    } catch (const Error&) {
      facts.numa_nodes = 0;
    }
  }
  facts.numa_balancing = OptionalInt("/proc/sys/kernel/numa_balancing");
  facts.cgroup = ReadCgroupLimits();
  facts.allowed_cpus = AllowedCpuCount();
  const KernelConfig config = ReadKernelConfig(facts.system.kernel_release, kConfigOptions);
  facts.kernel_config = config.options;
  facts.kernel_config_source = config.source;
  try {
    const ZeroPageProbe& probe = ProbeZeroPage(PagePolicy::k4k);
    facts.zero_page_in_use = probe.in_use;
    facts.zero_page_evidence = probe.evidence;
  } catch (const Error& e) {
    facts.zero_page_evidence = std::string("the experiment failed: ") + e.what();
  }
  facts.caches.cpuid = Cpu().caches;
  facts.caches.sysfs = SysfsCaches();
  facts.caches.hwloc = facts.system.caches;
  SampleActivity(facts);
  return facts;
}

}  // namespace membench::sys
