// File: core/machine_checks.cpp
#include "core/machine_checks.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <sstream>

#include "core/units.h"

namespace membench {
namespace {

// Steal or other load above these, seen over the doctor's short window,
// is enough to move a figure by several percent.
constexpr double kStealWarnPct = 1.0;
constexpr double kBusyWarnPct = 10.0;
// Idle states slower to leave than this delay a worker's start and the
// first accesses after a pause (intel_idle's C6 is ~100 us, C1 ~1 us).
constexpr std::int64_t kDeepIdleExitUs = 10;

class CheckList {
 public:
  void Add(const char* area, std::string name, std::string value, Standing standing, std::string effect,
           std::string fix = "") {
    checks_.push_back({area, std::move(name), std::move(value), standing, std::move(effect), std::move(fix)});
  }
  std::vector<MachineCheck> Take() { return std::move(checks_); }

 private:
  std::vector<MachineCheck> checks_;
};

std::string Join(const std::vector<std::string>& items, const char* separator = ", ") {
  return fmt::format("{}", fmt::join(items, separator));
}

std::string SettingOr(const std::map<std::string, std::string>& settings, const std::string& key,
                      const std::string& fallback) {
  const auto it = settings.find(key);
  return it == settings.end() ? fallback : it->second;
}

// A boolean kernel parameter as kstrtobool reads it: 1/y/Y/on/true.
bool KernelTrue(const std::string& value) {
  return value == "1" || value == "y" || value == "Y" || value == "on" || value == "true" || value == "";
}

// The kernel command line's "name=value" (or bare "name") tokens, up to a
// lone "--" (what follows goes to init).
std::map<std::string, std::string> CommandLineFlags(const std::string& cmdline) {
  std::map<std::string, std::string> flags;
  std::istringstream in(cmdline);
  std::string token;
  while (in >> token && token != "--") {
    const auto equals = token.find('=');
    flags[token.substr(0, equals)] = equals == std::string::npos ? "" : token.substr(equals + 1);
  }
  return flags;
}

void CheckFrequency(const MachineFacts& f, CheckList& list) {
  const SystemInfo& s = f.system;
  if (f.governors.empty()) {
    list.Add("cpu", "frequency governor", "none (no cpufreq)", Standing::kNote,
             "this kernel does not set the frequency; in a VM the host does, unseen: compare ratios measured in one "
             "session");
  } else if (f.governors.size() == 1 && f.governors.front() == "performance") {
    list.Add("cpu", "frequency governor", "performance", Standing::kGood, "the clock stays at its highest P-state");
  } else {
    list.Add("cpu", "frequency governor",
             Join(f.governors) + (s.cpufreq_driver.empty() ? "" : " (" + s.cpufreq_driver + ")"), Standing::kWarning,
             "the clock follows load: the first samples after a pause run slower, and a rate depends on what ran "
             "before it",
             "sudo cpupower frequency-set -g performance");
  }
  if (s.cpu_boost.empty()) {
    list.Add("cpu", "boost/turbo", "not visible", Standing::kNote,
             "no cpufreq boost control here; a host may still boost this CPU");
  } else if (s.cpu_boost == "off") {
    list.Add("cpu", "boost/turbo", "off", Standing::kGood, "the clock does not rise with thermal headroom");
  } else {
    list.Add("cpu", "boost/turbo", "on", Standing::kWarning,
             "the clock rises while power and thermal headroom last: long runs slow down, and two runs differ with "
             "the load on the other cores",
             // intel_pstate, active or passive (intel_cpufreq), has no cpufreq/boost
             s.cpufreq_driver.rfind("intel_", 0) == 0
                 ? "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo"
                 : "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost");
  }
}

void CheckScheduling(const MachineFacts& f, CheckList& list, const std::map<std::string, std::string>& flags) {
  if (!f.smt_active) {
    list.Add("cpu", "SMT (hyper-threading)", "unknown", Standing::kUnknown, "no /sys/devices/system/cpu/smt");
  } else if (*f.smt_active) {
    list.Add("cpu", "SMT (hyper-threading)", "active (" + f.smt_control + ")", Standing::kWarning,
             "a sibling thread shares the measuring core's L1, L2 and execution units: whatever runs there shows up "
             "in the figures",
             "echo off | sudo tee /sys/devices/system/cpu/smt/control");
  } else {
    list.Add("cpu", "SMT (hyper-threading)", "inactive" + (f.smt_control.empty() ? "" : " (" + f.smt_control + ")"),
             Standing::kGood, "each CPU is a core of its own");
  }
  if (f.isolated_cpus.empty()) {
    list.Add("cpu", "isolated CPUs", "none", Standing::kNote,
             "the scheduler may run other tasks on the measuring CPU; on a busy machine, isolate one and pin to it",
             "boot with isolcpus=N nohz_full=N, then membench run ... --cpu N");
  } else {
    list.Add("cpu", "isolated CPUs", f.isolated_cpus, Standing::kGood,
             "pin membench to them (--cpu) so nothing else runs there");
  }
  const std::string hz = SettingOr(f.kernel_config, "CONFIG_HZ", "");
  if (f.nohz_full_cpus.empty()) {
    list.Add("cpu", "nohz_full CPUs", "none", Standing::kNote,
             fmt::format("the scheduler tick interrupts every sample{}: a fraction of a percent, more for short "
                         "samples",
                         hz.empty() ? "" : " " + hz + " times a second"),
             "boot with nohz_full=N (with isolcpus=N)");
  } else {
    list.Add("cpu", "nohz_full CPUs", f.nohz_full_cpus, Standing::kGood, "no tick while one task runs there");
  }
  if (f.cpuidle_driver.empty() || f.cpuidle_driver == "none") {
    list.Add("cpu", "idle states", "none (no cpuidle driver)", Standing::kGood,
             "the kernel does not put CPUs in deep sleep (in a VM the host may)");
  } else {
    std::vector<std::string> deep;
    for (const IdleState& state : f.idle_states) {
      if (!state.disabled && state.exit_latency_us > kDeepIdleExitUs)
        deep.push_back(fmt::format("{} {} us", state.name, state.exit_latency_us));
    }
    if (deep.empty()) {
      list.Add("cpu", "idle states", f.cpuidle_driver + ", none deeper than 10 us", Standing::kGood,
               "waking a CPU is quick");
    } else {
      list.Add("cpu", "idle states", f.cpuidle_driver + ": " + Join(deep), Standing::kNote,
               "waking a CPU from a deep state delays a worker's start and the first accesses after a pause",
               "sudo cpupower idle-set -D 10");
    }
  }
  // The clock sources the vDSO reads without entering the kernel.
  const bool vdso_clock = f.clocksource == "tsc" || f.clocksource == "kvm-clock" ||
                          f.clocksource == "hyperv_clocksource_tsc_page" || f.clocksource == "arch_sys_counter";
  if (vdso_clock) {
    list.Add("cpu", "clock source", f.clocksource, Standing::kGood, "clock reads stay in user space (vDSO)");
  } else {
    list.Add("cpu", "clock source", f.clocksource.empty() ? "unknown" : f.clocksource,
             f.clocksource.empty() ? Standing::kUnknown : Standing::kWarning,
             "every clock read may enter the kernel or a slow device: timers add microseconds to each sample",
             "echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource");
  }
  const bool invariant_tsc = std::find(f.system.cpu_features.begin(), f.system.cpu_features.end(), "invariant_tsc") !=
                             f.system.cpu_features.end();
  const std::string timer = CycleTimerName(f.system);
  list.Add("cpu", "invariant " + timer, invariant_tsc ? "yes" : "no", invariant_tsc ? Standing::kGood : Standing::kWarning,
           invariant_tsc ? "the " + timer + " ticks at a constant rate: membench's " + timer + " cycle estimates hold"
                         : "the " + timer + " rate may change with frequency: cycle estimates from the " + timer +
                               " are wrong");
  if (!f.aslr) {
    list.Add("cpu", "ASLR", "unknown", Standing::kUnknown, "no /proc/sys/kernel/randomize_va_space");
  } else if (*f.aslr == 0 || flags.count("norandmaps") != 0) {
    list.Add("cpu", "ASLR", "off", Standing::kNote,
             "addresses repeat between invocations: runs agree more with each other than with a user's",
             "sudo sysctl kernel.randomize_va_space=2");
  } else {
    list.Add("cpu", "ASLR", *f.aslr == 2 ? "on (full)" : "on (partial)", Standing::kGood,
             "addresses, and so cache-set placement, change between invocations; compare's runs-as-unit model "
             "counts that as between-run variation (setarch -R membench ... turns it off for one run)");
  }
}

void CheckCounters(const MachineFacts& f, CheckList& list) {
  const SystemInfo& s = f.system;
  const std::string announced =
      f.pmu_general_counters < 0
          ? "CPUID does not say how many"
          : fmt::format("CPUID announces {} general{}", f.pmu_general_counters,
                        f.pmu_fixed_counters > 0 ? fmt::format(" and {} fixed", f.pmu_fixed_counters) : "") +
                " counters";
  if (s.hardware_pmu) {
    list.Add("counters", "hardware PMU", "present; " + announced, Standing::kGood,
             "cycles, instructions and cache events are counted; more events than counters are multiplexed (and "
             "membench says so)");
  } else {
    list.Add("counters", "hardware PMU", "none; " + announced, Standing::kWarning,
             "hardware events show <not supported>; cycles are TSC estimates and say so",
             "a VM needs a virtual PMU (QEMU/KVM: -cpu host,pmu=on); Firecracker offers none");
  }
  if (s.root) {
    list.Add("counters", "perf_event_paranoid", std::to_string(s.perf_event_paranoid) + " (running as root)",
             Standing::kGood, "root may count kernel events and read tracepoints");
  } else if (s.perf_event_paranoid >= 3) {
    list.Add("counters", "perf_event_paranoid", std::to_string(s.perf_event_paranoid), Standing::kWarning,
             "this kernel refuses every perf event to unprivileged users (a distribution patch): no counters at all, "
             "software events included",
             "sudo sysctl kernel.perf_event_paranoid=1");
  } else if (s.perf_event_paranoid == 2) {
    list.Add("counters", "perf_event_paranoid", std::to_string(s.perf_event_paranoid), Standing::kWarning,
             "as this user, kernel-side counts (:k, faults inside the kernel) and tracepoints are refused",
             "sudo sysctl kernel.perf_event_paranoid=1");
  } else {
    list.Add("counters", "perf_event_paranoid", std::to_string(s.perf_event_paranoid), Standing::kGood,
             "this user may count kernel events");
  }
  if (!f.nmi_watchdog) {
    list.Add("counters", "NMI watchdog", "unknown", Standing::kUnknown, "no /proc/sys/kernel/nmi_watchdog");
  } else if (*f.nmi_watchdog != 0 && s.hardware_pmu) {
    list.Add("counters", "NMI watchdog", "on", Standing::kWarning,
             "it keeps one hardware counter busy: membench's groups multiplex one event sooner",
             "sudo sysctl kernel.nmi_watchdog=0");
  } else {
    list.Add("counters", "NMI watchdog", *f.nmi_watchdog != 0 ? "on (no PMU to take a counter from)" : "off",
             Standing::kGood, "every hardware counter is free for membench");
  }
  if (!f.tracefs_root.empty()) {
    list.Add("counters", "tracefs", "mounted at " + f.tracefs_root, Standing::kGood,
             "tracepoint events (-e kmem:mm_page_alloc) can be counted");
  } else if (!f.tracefs_mounted_at.empty()) {
    list.Add("counters", "tracefs", "mounted at " + f.tracefs_mounted_at + ", not readable by this user",
             Standing::kNote, "tracepoint events cannot be counted by this user",
             "run membench as root, or give a group of yours access: sudo mount -o remount,gid=GROUP " +
                 f.tracefs_mounted_at);
  } else if (s.root) {
    list.Add("counters", "tracefs", "not mounted", Standing::kGood,
             "membench mounts it for a run that asks for tracepoints, where only that run sees it");
  } else {
    list.Add("counters", "tracefs", "not mounted", Standing::kNote, "tracepoint events cannot be counted",
             "sudo mount -t tracefs nodev /sys/kernel/tracing");
  }
}

void CheckHugePages(const MachineFacts& f, CheckList& list) {
  const auto& thp = f.system.thp;
  const std::string enabled = SettingOr(thp, "enabled", "");
  if (enabled.empty()) {
    list.Add("memory", "THP", "not built in", Standing::kWarning, "--pages thp and the huge zero page are unavailable");
  } else if (enabled == "never") {
    list.Add("memory", "THP", "never", Standing::kWarning, "--pages thp cannot be measured",
             "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled");
  } else {
    list.Add("memory", "THP", enabled, enabled == "always" ? Standing::kNote : Standing::kGood,
             enabled == "always"
                 ? "memory nobody advised becomes huge where aligned; membench marks --pages 4k buffers "
                   "MADV_NOHUGEPAGE, so only --pages default follows this setting"
                 : "membench asks for huge pages per buffer (--pages thp) and forbids them for --pages 4k");
  }
  const std::string defrag = SettingOr(thp, "defrag", "");
  if (!defrag.empty()) {
    // madvise and defer+madvise compact synchronously for MADV_HUGEPAGE
    // regions, which --pages thp buffers are.
    const bool stalls = defrag == "always" || defrag == "madvise" || defrag == "defer+madvise";
    list.Add("memory", "THP defrag", defrag, stalls ? Standing::kNote : Standing::kGood,
             stalls ? "a THP fault that finds no free 2 MiB block compacts memory first: THP fault times include "
                      "compaction when memory is fragmented (the page proof counts the huge pages obtained)"
                    : "THP faults never wait for compaction; they fall back to 4 KiB pages instead");
  } else {
    list.Add("memory", "THP defrag", "unknown", Standing::kUnknown, "no transparent_hugepage/defrag");
  }
  const std::string zero = SettingOr(thp, "use_zero_page", "");
  if (!zero.empty()) {
    list.Add("memory", "THP huge zero page", zero == "1" ? "on" : "off",
             zero == "1" ? Standing::kGood : Standing::kNote,
             zero == "1" ? "reads of untouched THP memory map the huge zero page"
                         : "reads of untouched THP memory allocate real huge pages: zeropage --pages thp measures that",
             zero == "1" ? "" : "echo 1 | sudo tee /sys/kernel/mm/transparent_hugepage/use_zero_page");
  }
  std::vector<std::string> mthp;
  bool any_size = false;
  for (const auto& [key, value] : thp) {
    if (key.rfind("hugepages-", 0) != 0) continue;
    any_size = true;
    // The PMD size is the THP setting above; inherit follows it.
    const std::string resolved = value == "inherit" ? enabled : value;
    if (key != "hugepages-2048kB/enabled" && resolved != "never")
      mthp.push_back(key.substr(10, key.find('/') - 10) + " " + value);
  }
  if (!any_size) {
    list.Add("memory", "mTHP sizes", "not supported by this kernel", Standing::kGood,
             "anonymous faults get 4 KiB or 2 MiB pages only; --pages mthp-NNk is unavailable");
  } else {
    list.Add("memory", "mTHP sizes", mthp.empty() ? "all never" : Join(mthp), Standing::kGood,
             mthp.empty()
                 ? "anonymous faults get 4 KiB or 2 MiB pages only; membench enables a size for --pages mthp-64k "
                   "runs and restores it"
                 : "anonymous faults may get these sizes; membench sets them per run for --pages mthp-NNk and "
                   "restores them");
  }
  if (!f.khugepaged.empty() && enabled != "never" && !enabled.empty()) {
    list.Add("memory", "khugepaged",
             fmt::format("scans {} pages every {} ms, max_ptes_none {}", SettingOr(f.khugepaged, "pages_to_scan", "?"),
                         SettingOr(f.khugepaged, "scan_sleep_millisecs", "?"),
                         SettingOr(f.khugepaged, "max_ptes_none", "?")),
             Standing::kNote,
             enabled == "always"
                 ? "it collapses small pages into huge ones in the background: a long --pages default run can end "
                   "partly huge (--pages 4k buffers are exempt); the page proof shows what was used"
                 : "it collapses small pages of MADV_HUGEPAGE regions in the background: a --pages thp buffer that "
                   "faulted in 4 KiB pages can become huge during a run; the page proof shows what was used");
  }
  std::vector<std::string> pools;
  for (const auto& [size, counts] : f.system.hugetlb_pools) {
    const auto total = counts.find("nr_hugepages");
    const auto free = counts.find("free_hugepages");
    if (total != counts.end() && total->second > 0)
      pools.push_back(fmt::format("{}: {} ({} free)", size, total->second, free == counts.end() ? 0 : free->second));
  }
  if (pools.empty()) {
    list.Add("memory", "hugetlb pools", "none reserved", Standing::kNote,
             "--pages hugetlb-2m and hugetlb-1g fail until pages are reserved",
             "echo 512 | sudo tee /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages");
  } else {
    list.Add("memory", "hugetlb pools", Join(pools), Standing::kGood,
             "reserved pages are taken from general use: less memory for everything else");
  }
}

void CheckMemoryManagement(const MachineFacts& f, CheckList& list) {
  if (!f.ksm_run) {
    list.Add("memory", "KSM", "not built in", Standing::kGood, "no page merging daemon");
  } else if (*f.ksm_run == 1) {
    list.Add("memory", "KSM", fmt::format("running, {} pages shared", f.ksm_pages_sharing.value_or(0)), Standing::kNote,
             "ksmd takes CPU time while it scans (membench's buffers are not MADV_MERGEABLE, so none of them is "
             "merged)",
             "echo 0 | sudo tee /sys/kernel/mm/ksm/run");
  } else {
    list.Add("memory", "KSM", "stopped", Standing::kGood, "no page merging during a run");
  }
  if (f.swap_total_bytes > 0) {
    list.Add("memory", "swap",
             fmt::format("{} ({} used)", FormatSizeApprox(f.swap_total_bytes),
                         FormatSizeApprox(f.swap_total_bytes - std::min(f.swap_free_bytes, f.swap_total_bytes))),
             Standing::kWarning,
             "under memory pressure a buffer can be swapped out between samples, and its next touch measures the "
             "disk; membench refuses sizes beyond free memory, other tasks can still push it out",
             "sudo swapoff -a");
  } else {
    list.Add("memory", "swap", "none", Standing::kGood, "nothing is swapped out during a run");
  }
  if (!f.zswap_enabled) {
    list.Add("memory", "zswap", "not built in", Standing::kGood, "no compressed swap cache");
  } else {
    list.Add(
        "memory", "zswap", *f.zswap_enabled ? "enabled" : "disabled",
        *f.zswap_enabled && f.swap_total_bytes > 0 ? Standing::kNote : Standing::kGood,
        *f.zswap_enabled ? "pages on their way to swap are compressed in memory: CPU time under pressure"
                         : "no compressed swap cache",
        *f.zswap_enabled && f.swap_total_bytes > 0 ? "echo N | sudo tee /sys/module/zswap/parameters/enabled" : "");
  }
  if (!f.system.free_page_reporting.empty()) {
    list.Add("memory", "free page reporting", f.system.free_page_reporting, Standing::kWarning,
             "the host takes back memory the guest freed: the next first touch of it faults on the host too, "
             "several times slower; fault and zeropage figures depend on how long ago memory was freed (membench "
             "waits for the host between fresh-memory samples)",
             "on the host: start the VM's virtio-balloon without free page reporting");
  } else if (f.balloon) {
    list.Add("memory", "balloon", "virtio-balloon, no free page reporting", Standing::kNote,
             "the host can take memory away by inflating the balloon during a run");
  } else {
    list.Add("memory", "free page reporting", "none", Standing::kGood, "freed memory stays with this machine");
  }
  if (f.zero_page_in_use) {
    list.Add("memory", "zero page", *f.zero_page_in_use ? "in use" : "NOT used",
             *f.zero_page_in_use ? Standing::kGood : Standing::kWarning,
             *f.zero_page_in_use ? "reads of untouched memory map the shared zero page (" + f.zero_page_evidence + ")"
                                 : "reads of untouched memory allocate zeroed pages (" + f.zero_page_evidence +
                                       "): zeropage and read-fault figures measure allocation, not the zero page",
             *f.zero_page_in_use ? "" : "boot without the flag that disables it (e.g. pvm_no_zero_page=1)");
  } else {
    list.Add("memory", "zero page", "unknown", Standing::kUnknown, f.zero_page_evidence);
  }
  if (f.numa_nodes == 0) {
    list.Add("memory", "NUMA nodes", "unknown", Standing::kUnknown, "no /sys/devices/system/node/online");
  } else if (f.numa_nodes == 1) {
    list.Add("memory", "NUMA nodes", "1", Standing::kGood, "all memory is equally near every CPU");
  } else {
    list.Add("memory", "NUMA nodes", std::to_string(f.numa_nodes), Standing::kNote,
             "a buffer may land on a remote node: bind memory and CPUs to one node",
             "numactl --membind=0 --cpunodebind=0 membench ...");
  }
  if (f.numa_balancing && *f.numa_balancing != 0 && f.numa_nodes > 1) {
    list.Add("memory", "NUMA balancing", "on", Standing::kWarning,
             "the kernel unmaps pages to sample accesses and migrates them between nodes during a run",
             "sudo sysctl kernel.numa_balancing=0");
  }
  const std::uint64_t total = f.system.mem_total_bytes;
  const std::uint64_t available = f.system.mem_available_bytes;
  list.Add("memory", "available memory", fmt::format("{} of {}", FormatSizeApprox(available), FormatSizeApprox(total)),
           available * 4 < total ? Standing::kNote : Standing::kGood,
           available * 4 < total ? "other processes hold most memory: large sizes are refused or reclaim while they run"
                                 : "membench refuses sizes beyond what is available");
}

void CheckLimits(const MachineFacts& f, CheckList& list) {
  const CgroupLimits& c = f.cgroup;
  const std::string where = c.path.empty() ? "" : " (cgroup " + c.path + ")";
  if (c.memory_max && *c.memory_max < f.system.mem_total_bytes) {
    list.Add("limits", "cgroup memory.max", FormatSizeApprox(*c.memory_max) + where, Standing::kNote,
             "a run larger than this limit reclaims its own pages or is killed; membench refuses sizes beyond what the "
             "group has left under it",
             "raise memory.max of the group that sets it (this group or an ancestor, under /sys/fs/cgroup), or of "
             "the container");
  } else {
    list.Add("limits", "cgroup memory.max", "no limit below the machine's memory" + where, Standing::kGood,
             "the whole machine's memory is usable");
  }
  if (c.memory_high && *c.memory_high < f.system.mem_total_bytes) {
    list.Add("limits", "cgroup memory.high", FormatSizeApprox(*c.memory_high) + where, Standing::kNote,
             "above this the kernel throttles the group's allocations and reclaims its pages, so a run that large "
             "times reclaim; membench refuses sizes beyond what the group has left under it",
             "raise memory.high of the group that sets it (this group or an ancestor, under /sys/fs/cgroup)");
  } else {
    list.Add("limits", "cgroup memory.high", "no limit below the machine's memory" + where, Standing::kGood,
             "no throttling below the machine's memory");
  }
  if (c.cpu_quota_cpus) {
    const bool throttles = *c.cpu_quota_cpus < f.allowed_cpus;
    list.Add("limits", "cgroup cpu.max", fmt::format("{:.2f} CPUs{}", *c.cpu_quota_cpus, where),
             throttles ? Standing::kWarning : Standing::kNote,
             throttles ? "the group is throttled when its tasks together spend the quota: a timed sample can stop "
                         "mid-way for up to a period"
                       : "the quota is at least the CPUs this process may use: a run on those CPUs is not throttled",
             throttles ? "raise the quota of the group that sets it (this group or an ancestor: cpu.max under "
                         "/sys/fs/cgroup), or of the container"
                       : "");
  } else {
    list.Add("limits", "cgroup cpu.max", "no quota" + where, Standing::kGood, "no throttling");
  }
  const int online = f.system.online_cpus;
  list.Add("limits", "allowed CPUs",
           fmt::format("{} of {} online{}", f.allowed_cpus, online,
                       c.cpuset_cpus.empty() ? "" : " (cpuset " + c.cpuset_cpus + ")"),
           f.allowed_cpus < online ? Standing::kNote : Standing::kGood,
           f.allowed_cpus < online ? "an affinity mask or cpuset leaves some CPUs out: --cpu and --procs use only these"
                                   : "membench may use every CPU");
}

void CheckVirtualisation(const MachineFacts& f, CheckList& list) {
  if (f.system.hypervisor.empty() && !HypervisorDetectable(f.system)) {
    list.Add("virtualisation", "hypervisor", "unknown", Standing::kUnknown,
             "arm64 has no CPUID hypervisor bit: whether a host is between membench and the machine is not known");
  } else if (f.system.hypervisor.empty()) {
    list.Add("virtualisation", "hypervisor", "none (bare metal)", Standing::kGood,
             "no host between membench and the machine");
  } else {
    list.Add("virtualisation", "hypervisor", f.system.hypervisor, Standing::kNote,
             "a guest: the host's other guests, its frequency and its own page tables (two-level faults) are part of "
             "every figure; compare ratios measured in one session, not figures from another day");
  }
  if (f.steal_pct) {
    const bool stolen = *f.steal_pct > kStealWarnPct;
    list.Add("load", "steal time", fmt::format("{:.1f}% just now", *f.steal_pct),
             stolen ? Standing::kWarning : Standing::kGood,
             stolen ? "the host ran something else on these CPUs: samples taken now are slowed unevenly"
                    : "the host gave these CPUs their full time while the doctor looked",
             stolen ? "measure when the host is quiet, or on a dedicated host" : "");
  }
  if (f.busy_pct) {
    const bool busy = *f.busy_pct > kBusyWarnPct;
    list.Add("load", "other load", fmt::format("{:.1f}% of CPU time just now", *f.busy_pct),
             busy ? Standing::kWarning : Standing::kGood,
             busy ? "other tasks are running: they compete for CPUs, caches and memory bandwidth"
                  : fmt::format("other tasks used less than {:.0f}% while the doctor looked", kBusyWarnPct),
             busy ? "stop them (top -o %CPU shows which), or pin membench away from them with --cpu" : "");
  }
}

// Options that change what a fault or a clear costs, whether set on the
// command line or built in as the default.
void CheckKernel(const MachineFacts& f, CheckList& list, const std::map<std::string, std::string>& flags) {
  const auto& config = f.kernel_config;
  const bool config_known = !f.kernel_config_source.empty();
  struct InitOption {
    const char* flag;
    const char* config;
    const char* effect;
  };
  for (const InitOption& option :
       {InitOption{"init_on_alloc", "CONFIG_INIT_ON_ALLOC_DEFAULT_ON",
                   "the kernel zeroes the pages it allocates for itself (slab, page tables, page cache) as well: "
                   "mapping, fault-path and file figures cost more than on a kernel without it (user pages are "
                   "zeroed once either way)"},
        InitOption{"init_on_free", "CONFIG_INIT_ON_FREE_DEFAULT_ON",
                   "every page freed is zeroed: unmapping and exits cost more, and a test that frees measures it"}}) {
    std::string value, source;
    if (const auto it = flags.find(option.flag); it != flags.end()) {
      value = KernelTrue(it->second) ? "on" : "off";
      source = "command line";
    } else if (config_known) {
      value = SettingOr(config, option.config, "n") == "y" ? "on" : "off";
      source = std::string(option.config) + "=" + SettingOr(config, option.config, "n");
    }
    if (value.empty()) {
      list.Add("kernel", option.flag, "unknown", Standing::kUnknown,
               "neither the command line nor a readable kernel config says");
    } else {
      list.Add(
          "kernel", option.flag, value + " (" + source + ")", value == "on" ? Standing::kNote : Standing::kGood,
          value == "on"
              ? option.effect
              : "no zeroing beyond what each allocation asks for; state it when comparing with kernels that have it on",
          value == "on" ? std::string("boot with ") + option.flag + "=0 to compare" : "");
    }
  }
  std::vector<std::string> debug;
  // Page poisoning and DEBUG_PAGEALLOC are built in by many distribution
  // kernels but off unless booted with them; KASAN is always on when built.
  if (SettingOr(config, "CONFIG_KASAN", "n") == "y") debug.push_back("CONFIG_KASAN");
  if (SettingOr(config, "CONFIG_DEBUG_PAGEALLOC_ENABLE_DEFAULT", "n") == "y" && flags.count("debug_pagealloc") == 0)
    debug.push_back("CONFIG_DEBUG_PAGEALLOC_ENABLE_DEFAULT");
  for (const char* flag : {"page_poison", "debug_pagealloc", "slub_debug"}) {
    const auto it = flags.find(flag);
    const bool on = it != flags.end() && (std::string(flag) == "slub_debug" || KernelTrue(it->second));
    if (on) debug.push_back(it->second.empty() ? it->first : it->first + "=" + it->second);
  }
  if (!debug.empty()) {
    list.Add("kernel", "debug options", Join(debug), Standing::kWarning,
             "a debugging kernel: allocation and freeing are far slower than in production",
             "measure on a kernel built without them");
  } else if (config_known) {
    list.Add("kernel", "debug options", "none", Standing::kGood,
             "no allocation debugging (from " + f.kernel_config_source + ")");
  }
  // Flags that change what membench measures, and how.
  struct KnownFlag {
    const char* name;
    const char* meaning;
  };
  const KnownFlag known[] = {{"pvm_no_zero_page", "read faults allocate instead of mapping the zero page"},
                             {"mitigations", "speculation mitigations change syscall, fault and context-switch costs"},
                             {"transparent_hugepage", "the boot-time THP mode"},
                             {"hugepages", "hugetlb pages reserved at boot"},
                             {"default_hugepagesz", "the default hugetlb page size"},
                             {"isolcpus", "CPUs kept from the scheduler"},
                             {"nohz_full", "CPUs without the tick"},
                             {"idle", "the idle loop (idle=poll never sleeps)"},
                             {"intel_idle.max_cstate", "the deepest C-state"},
                             {"processor.max_cstate", "the deepest C-state"},
                             {"nosmt", "SMT off"},
                             {"numa_balancing", "automatic NUMA page migration"},
                             {"norandmaps", "no address randomisation"},
                             {"page_reporting.page_reporting_order", "the smallest free block given back to the host"},
                             {"intel_pstate", "the Intel frequency driver's mode"},
                             {"amd_pstate", "the AMD frequency driver's mode"},
                             {"cpufreq.default_governor", "the frequency governor"},
                             {"mem", "memory limited at boot"},
                             {"preempt", "the preemption model"},
                             {"init_on_alloc", "zeroing at allocation"},
                             {"init_on_free", "zeroing at free"}};
  std::vector<std::string> found;
  std::vector<std::string> meanings;
  for (const KnownFlag& flag : known) {
    const auto it = flags.find(flag.name);
    if (it == flags.end()) continue;
    found.push_back(it->second.empty() ? it->first : it->first + "=" + it->second);
    meanings.push_back(found.back() + ": " + flag.meaning);
  }
  list.Add("kernel", "command-line flags", found.empty() ? "none that matter" : Join(found, " "),
           found.empty() ? Standing::kGood : Standing::kNote,
           found.empty() ? "a default kernel as far as membench's workloads go" : Join(meanings, "; "));
}

std::string CacheRow(const std::vector<CacheLevel>& caches, const std::string& level) {
  for (const CacheLevel& c : caches) {
    if (c.name == level) return FormatSize(c.size_bytes);
  }
  return "-";
}

void CheckCaches(const MachineFacts& f, CheckList& list) {
  std::vector<std::string> levels;
  for (const auto* view : {&f.caches.hwloc, &f.caches.sysfs, &f.caches.cpuid}) {
    for (const CacheLevel& c : *view) {
      if (std::find(levels.begin(), levels.end(), c.name) == levels.end()) levels.push_back(c.name);
    }
  }
  std::sort(levels.begin(), levels.end());
  // arm64 has no CPUID: its caches are compared as sysfs and hwloc see them.
  const bool with_cpuid = !f.caches.cpuid.empty();
  const std::string what = with_cpuid ? "cache sizes (CPUID / sysfs / hwloc)" : "cache sizes (sysfs / hwloc)";
  std::vector<std::string> rows;
  bool agree = true;
  for (const std::string& level : levels) {
    const std::string cpuid = CacheRow(f.caches.cpuid, level);
    const std::string sysfs = CacheRow(f.caches.sysfs, level);
    const std::string hwloc = CacheRow(f.caches.hwloc, level);
    agree = agree && (!with_cpuid || cpuid == sysfs) && sysfs == hwloc;
    rows.push_back(with_cpuid ? fmt::format("{} {} / {} / {}", level, cpuid, sysfs, hwloc)
                              : fmt::format("{} {} / {}", level, sysfs, hwloc));
  }
  if (levels.empty()) {
    list.Add("caches", what, "unknown", Standing::kUnknown,
             "no source describes the caches: size sweeps have no cache boundaries marked");
    return;
  }
  list.Add("caches", what, Join(rows, ", "), agree ? Standing::kGood : Standing::kNote,
           agree ? "the sources agree; sweeps mark these boundaries"
                 : "the sources disagree: membench marks boundaries with hwloc's; a VM's CPUID may describe the "
                   "host's caches rather than what this guest's CPUs share");
}

}  // namespace

const char* StandingLabel(Standing standing) {
  switch (standing) {
    case Standing::kGood:
      return "ok";
    case Standing::kNote:
      return "note";
    case Standing::kWarning:
      return "WARN";
    case Standing::kUnknown:
      return "?";
  }
  return "?";
}

const char* StandingName(Standing standing) {
  switch (standing) {
    case Standing::kGood:
      return "good";
    case Standing::kNote:
      return "note";
    case Standing::kWarning:
      return "warning";
    case Standing::kUnknown:
      return "unknown";
  }
  return "unknown";
}

std::vector<MachineCheck> CheckMachine(const MachineFacts& facts) {
  const auto flags = CommandLineFlags(facts.system.kernel_cmdline);
  CheckList list;
  CheckFrequency(facts, list);
  CheckScheduling(facts, list, flags);
  CheckCounters(facts, list);
  CheckHugePages(facts, list);
  CheckMemoryManagement(facts, list);
  CheckLimits(facts, list);
  CheckVirtualisation(facts, list);
  CheckKernel(facts, list, flags);
  CheckCaches(facts, list);
  return list.Take();
}

}  // namespace membench
