// File: tests/machine_checks_test.cpp
// The doctor's judgements on synthetic machines: a tuned bare-metal box, a
// noisy desktop, a VM like CI's, and one where nothing could be read.
#include "core/machine_checks.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/machine_checks_report.h"

namespace membench {
namespace {

const MachineCheck& Find(const std::vector<MachineCheck>& checks, const std::string& name) {
  for (const MachineCheck& check : checks) {
    if (check.name == name) return check;
  }
  throw std::runtime_error("no check named " + name);
}

MachineFacts TunedMachine() {
  MachineFacts f;
  f.system.hostname = "bench1";
  f.system.cpu_model = "Some CPU";
  f.system.online_cpus = 16;
  f.system.kernel_cmdline = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=3 nohz_full=3";
  f.system.cpu_features = {"avx2", "invariant_tsc"};
  f.system.thp = {{"enabled", "madvise"}, {"defrag", "defer+madvise"}, {"use_zero_page", "1"}};
  f.system.hugetlb_pools["2048kB"] = {{"nr_hugepages", 512}, {"free_hugepages", 512}};
  f.system.hardware_pmu = true;
  f.system.perf_event_paranoid = 1;
  f.system.cpu_boost = "off";
  f.system.mem_total_bytes = 64ull << 30;
  f.system.mem_available_bytes = 60ull << 30;
  f.system.caches = {{"L1d", 48 << 10}, {"L2", 2 << 20}};
  f.governors = {"performance"};
  f.smt_control = "off";
  f.smt_active = false;
  f.isolated_cpus = "3";
  f.nohz_full_cpus = "3";
  f.clocksource = "tsc";
  f.cpuidle_driver = "intel_idle";
  f.idle_states = {{"POLL", 0, false}, {"C1", 1, false}, {"C6", 170, true}};
  f.aslr = 2;
  f.nmi_watchdog = 0;
  f.pmu_general_counters = 8;
  f.pmu_fixed_counters = 4;
  f.tracefs_root = "/sys/kernel/tracing";
  f.ksm_run = 0;
  f.zswap_enabled = false;
  f.numa_nodes = 1;
  f.numa_balancing = 0;
  f.allowed_cpus = 16;
  f.steal_pct = 0;
  f.busy_pct = 0.5;
  f.kernel_config_source = "/proc/config.gz";
  f.kernel_config = {{"CONFIG_INIT_ON_ALLOC_DEFAULT_ON", "n"}, {"CONFIG_INIT_ON_FREE_DEFAULT_ON", "n"}};
  f.zero_page_in_use = true;
  f.caches.cpuid = f.caches.sysfs = f.caches.hwloc = f.system.caches;
  return f;
}

TEST(MachineChecks, ATunedMachineHasNoWarnings) {
  const auto checks = CheckMachine(TunedMachine());
  for (const MachineCheck& check : checks) {
    EXPECT_NE(check.standing, Standing::kWarning) << check.name << ": " << check.value;
    EXPECT_NE(check.standing, Standing::kUnknown) << check.name;
    EXPECT_FALSE(check.effect.empty()) << check.name;
  }
  EXPECT_EQ(Find(checks, "hardware PMU").value, "present; CPUID announces 8 general and 4 fixed counters");
  EXPECT_EQ(Find(checks, "idle states").standing, Standing::kGood) << "a disabled C6 does not count";
}

TEST(MachineChecks, EverySettingThatDisturbsIsAWarningWithAFix) {
  MachineFacts f = TunedMachine();
  f.governors = {"powersave", "schedutil"};
  f.system.cpufreq_driver = "intel_pstate";
  f.system.cpu_boost = "on";
  f.smt_active = true;
  f.smt_control = "on";
  f.clocksource = "hpet";
  f.nmi_watchdog = 1;
  f.ksm_run = 1;
  f.ksm_pages_sharing = 42;
  f.swap_total_bytes = 8ull << 30;
  f.swap_free_bytes = 7ull << 30;
  f.system.free_page_reporting = "virtio-balloon free page reporting";
  f.zero_page_in_use = false;
  f.zero_page_evidence = "reading 8 MiB left 8192 KiB resident";
  f.numa_nodes = 2;
  f.numa_balancing = 1;
  f.cgroup.cpu_quota_cpus = 1.5;
  f.steal_pct = 4.2;
  f.busy_pct = 37;
  f.kernel_config["CONFIG_INIT_ON_ALLOC_DEFAULT_ON"] = "y";
  f.kernel_config["CONFIG_KASAN"] = "y";
  const auto checks = CheckMachine(f);
  for (const char* name : {"frequency governor", "boost/turbo", "SMT (hyper-threading)", "clock source", "NMI watchdog",
                           "swap", "free page reporting", "zero page", "NUMA balancing", "cgroup cpu.max", "steal time",
                           "other load", "debug options"}) {
    const MachineCheck& check = Find(checks, name);
    EXPECT_EQ(check.standing, Standing::kWarning) << name;
    EXPECT_FALSE(check.fix.empty()) << name;
  }
  EXPECT_EQ(Find(checks, "frequency governor").value, "powersave, schedutil (intel_pstate)");
  EXPECT_EQ(Find(checks, "boost/turbo").fix, "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo");
  EXPECT_EQ(Find(checks, "cgroup cpu.max").value, "1.50 CPUs");
  EXPECT_EQ(Find(checks, "KSM").value, "running, 42 pages shared");
  EXPECT_EQ(Find(checks, "swap").value, "8.0 GiB (1.0 GiB used)");
  EXPECT_EQ(Find(checks, "NUMA nodes").standing, Standing::kNote);
  // Worth knowing, but membench's own buffers are not merged, and user
  // pages are zeroed once with init_on_alloc too.
  EXPECT_EQ(Find(checks, "KSM").standing, Standing::kNote);
  EXPECT_EQ(Find(checks, "init_on_alloc").standing, Standing::kNote);
}

TEST(MachineChecks, DebugOptionsBuiltInButOffAreNoWarning) {
  MachineFacts f = TunedMachine();
  f.kernel_config["CONFIG_PAGE_POISONING"] = "y";
  f.kernel_config["CONFIG_DEBUG_PAGEALLOC"] = "y";
  f.system.kernel_cmdline = "root=/dev/vda page_poison=0 debug_pagealloc=off";
  EXPECT_EQ(Find(CheckMachine(f), "debug options").standing, Standing::kGood);
  f.system.kernel_cmdline = "root=/dev/vda page_poison=1";
  EXPECT_EQ(Find(CheckMachine(f), "debug options").value, "page_poison=1");
}

TEST(MachineChecks, TheCommandLineOverridesTheBuiltInDefaultAndIsExplained) {
  MachineFacts f = TunedMachine();
  f.kernel_config["CONFIG_INIT_ON_ALLOC_DEFAULT_ON"] = "y";
  f.system.kernel_cmdline = "root=/dev/vda init_on_alloc=0 pvm_no_zero_page=1 mitigations=off -- init_on_free=1";
  const auto checks = CheckMachine(f);
  EXPECT_EQ(Find(checks, "init_on_alloc").value, "off (command line)");
  EXPECT_EQ(Find(checks, "init_on_alloc").standing, Standing::kGood);
  EXPECT_EQ(Find(checks, "init_on_free").value, "off (CONFIG_INIT_ON_FREE_DEFAULT_ON=n)")
      << "what follows -- goes to init, not the kernel";
  const MachineCheck& flags = Find(checks, "command-line flags");
  EXPECT_EQ(flags.value, "pvm_no_zero_page=1 mitigations=off init_on_alloc=0");
  EXPECT_NE(flags.effect.find("read faults allocate"), std::string::npos) << flags.effect;
}

TEST(MachineChecks, AVmLikeCisIsDescribedAsSuch) {
  MachineFacts f = TunedMachine();
  f.system.hypervisor = "KVMKVMKVM";
  f.system.hardware_pmu = false;
  f.pmu_general_counters = 0;
  f.pmu_fixed_counters = 0;
  f.governors.clear();
  f.system.cpu_boost.clear();
  f.smt_control = "notsupported";
  f.isolated_cpus.clear();
  f.nohz_full_cpus.clear();
  f.cpuidle_driver = "none";
  f.system.hugetlb_pools.clear();
  f.cgroup.memory_max = 4ull << 30;
  f.cgroup.memory_high = 3ull << 30;
  f.cgroup.path = "/machine.slice/vm";
  f.allowed_cpus = 2;
  f.system.online_cpus = 2;
  f.caches.cpuid = {{"L1d", 48 << 10}, {"L2", 2 << 20}, {"L3", 105 << 20}};
  const auto checks = CheckMachine(f);
  EXPECT_EQ(Find(checks, "hypervisor").standing, Standing::kNote);
  EXPECT_EQ(Find(checks, "hardware PMU").standing, Standing::kWarning);
  EXPECT_EQ(Find(checks, "hardware PMU").value, "none; CPUID announces 0 general counters");
  EXPECT_EQ(Find(checks, "frequency governor").standing, Standing::kNote);
  EXPECT_EQ(Find(checks, "hugetlb pools").standing, Standing::kNote);
  EXPECT_NE(Find(checks, "hugetlb pools").fix.find("nr_hugepages"), std::string::npos);
  EXPECT_EQ(Find(checks, "cgroup memory.max").value, "4.0 GiB (cgroup /machine.slice/vm)");
  EXPECT_EQ(Find(checks, "cgroup memory.high").value, "3.0 GiB (cgroup /machine.slice/vm)");
  EXPECT_EQ(Find(checks, "cgroup memory.high").standing, Standing::kNote);
  const MachineCheck& caches = Find(checks, "cache sizes (CPUID / sysfs / hwloc)");
  EXPECT_EQ(caches.standing, Standing::kNote);
  EXPECT_EQ(caches.value, "L1d 48 KiB / 48 KiB / 48 KiB, L2 2 MiB / 2 MiB / 2 MiB, L3 105 MiB / - / -");
}

// arm64 cannot tell a VM from bare metal: unknown, never "bare metal".
TEST(MachineChecks, OnArm64NoHypervisorSeenIsUnknown) {
  MachineFacts f = TunedMachine();
  f.system.machine = "aarch64";
  f.system.hypervisor.clear();
  const auto checks = CheckMachine(f);
  EXPECT_EQ(Find(checks, "hypervisor").standing, Standing::kUnknown);
  EXPECT_EQ(Find(checks, "hypervisor").value, "unknown");
  EXPECT_EQ(HypervisorText(f.system), "VM or bare metal: not detectable");
  f.system.machine = "x86_64";
  EXPECT_EQ(HypervisorText(f.system), "bare metal");
}

// arm64 has no CPUID: its caches are compared as sysfs and hwloc see them,
// and agreeing there is agreeing.
TEST(MachineChecks, WithoutCpuidTheCachesAreSysfsBesideHwloc) {
  MachineFacts f = TunedMachine();
  f.caches.cpuid.clear();
  const auto checks = CheckMachine(f);
  const MachineCheck& caches = Find(checks, "cache sizes (sysfs / hwloc)");
  EXPECT_EQ(caches.standing, Standing::kGood);
  EXPECT_EQ(caches.value, "L1d 48 KiB / 48 KiB, L2 2 MiB / 2 MiB");
}

TEST(MachineChecks, WhatCouldNotBeReadIsUnknownNotGuessed) {
  MachineFacts f;  // nothing read at all
  const auto checks = CheckMachine(f);
  EXPECT_FALSE(checks.empty());
  for (const char* name : {"SMT (hyper-threading)", "ASLR", "NMI watchdog", "zero page", "NUMA nodes", "init_on_alloc",
                           "cache sizes (sysfs / hwloc)", "THP defrag"}) {
    EXPECT_EQ(Find(checks, name).standing, Standing::kUnknown) << name;
  }
  for (const MachineCheck& check : checks) EXPECT_FALSE(check.value.empty()) << check.name;
}

TEST(MachineChecks, AnUnprivilegedUserIsToldWhatItCannotCount) {
  MachineFacts f = TunedMachine();
  f.system.perf_event_paranoid = 2;
  f.tracefs_root.clear();
  f.tracefs_mounted_at = "/sys/kernel/tracing";
  const auto checks = CheckMachine(f);
  EXPECT_EQ(Find(checks, "perf_event_paranoid").standing, Standing::kWarning);
  EXPECT_EQ(Find(checks, "perf_event_paranoid").fix, "sudo sysctl kernel.perf_event_paranoid=1");
  EXPECT_EQ(Find(checks, "tracefs").value, "mounted at /sys/kernel/tracing, not readable by this user");
  f.system.root = true;
  EXPECT_EQ(Find(CheckMachine(f), "perf_event_paranoid").standing, Standing::kGood);
}

TEST(MachineChecksReport, TextGroupsByAreaAndGivesEachFix) {
  MachineFacts f = TunedMachine();
  f.swap_total_bytes = 1ull << 30;
  const auto checks = CheckMachine(f);
  const std::string text = MachineChecksText(f.system, checks);
  EXPECT_NE(text.find("membench doctor: bench1, Some CPU (16 CPUs)"), std::string::npos) << text;
  EXPECT_NE(text.find("\nmemory\n"), std::string::npos);
  EXPECT_NE(text.find("  WARN  swap "), std::string::npos) << text;
  EXPECT_NE(text.find("        fix: sudo swapoff -a\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1 warning, "), std::string::npos);
  EXPECT_NE(text.find("Nothing was changed"), std::string::npos);
}

TEST(MachineChecksReport, JsonHasEveryCheckWithItsStanding) {
  MachineFacts f = TunedMachine();
  f.swap_total_bytes = 1ull << 30;
  const auto checks = CheckMachine(f);
  const auto doc = nlohmann::json::parse(MachineChecksJson(f.system, checks));
  EXPECT_EQ(doc["schema"], "membench-doctor/1");
  EXPECT_EQ(doc["host"], "bench1");
  ASSERT_EQ(doc["checks"].size(), checks.size());
  bool found = false;
  for (const auto& check : doc["checks"]) {
    for (const char* key : {"area", "name", "value", "standing", "effect", "fix"}) EXPECT_TRUE(check.contains(key));
    if (check["name"] == "swap") {
      found = true;
      EXPECT_EQ(check["standing"], "warning");
      EXPECT_EQ(check["area"], "memory");
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace membench
