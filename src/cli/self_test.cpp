// File: cli/self_test.cpp
#include "cli/self_test.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/machine_facts.h"
#include "core/self_test.h"
#include "engine/os.h"
#include "engine/separate_invocations.h"
#include "kernels/kernel.h"
#include "workloads/kernel_self_check.h"

namespace membench {
namespace {

// One short run of membench itself, judged; a run that fails is a failed
// check with membench's own error.
template <class Judge>
SelfCheck JudgedRun(const std::string& name, const std::vector<std::string>& args, const Judge& judge) {
  try {
    return judge(RunMembenchForResult(args, "self-test", "membench doctor --self-test: " + name));
  } catch (const Error& e) {
    return FailedRun(name, e.what());
  }
}

SelfCheck HardwareCounters(const MachineFacts& facts) {
  const std::string name = "hardware counters on a memcpy";
  if (!facts.system.hardware_pmu) {
    return NotHere(name, "no hardware PMU (a VM without a virtual PMU?): cycles and instructions are <not supported>");
  }
  return JudgedRun(
      name,
      {"run", "memcpy", "--size", "4M", "--impl", "libc", "-r", "3", "--invocations", "1", "-e", "cycles,instructions"},
      JudgeHardwareCounters);
}

std::vector<SelfCheck> NodePlacement(const MachineFacts& facts) {
  const std::string membind = "--membind to the second node";
  const std::string interleave = "--interleave over two nodes";
  if (facts.numa_nodes < 2) {
    const std::string why =
        facts.numa_nodes == 0 ? "the NUMA nodes are unknown here" : fmt::format("{} NUMA node", facts.numa_nodes);
    return {NotHere(membind, why), NotHere(interleave, why)};
  }
  const std::vector<std::string> run = {"run", "memset", "--size", "64M", "-r", "2", "--invocations", "1"};
  std::vector<std::string> bound = run;
  bound.insert(bound.end(), {"--membind", "1"});
  std::vector<std::string> spread = run;
  spread.insert(spread.end(), {"--interleave", "0,1"});
  return {JudgedRun(membind, bound, [&](const RunResult& r) { return JudgeNodePlacement(r, membind, "1"); }),
          JudgedRun(interleave, spread, [&](const RunResult& r) { return JudgeNodePlacement(r, interleave, "0,1"); })};
}

// `pool`: the pool's size as sysfs names it ("2048kB"); `pages`: the
// --pages value; `size`: two of its pages.
SelfCheck Hugetlb(const MachineFacts& facts, const std::string& pool, const std::string& pages,
                  const std::string& size) {
  const std::string name = "--pages " + pages + " through fault";
  const auto found = facts.system.hugetlb_pools.find(pool);
  if (found == facts.system.hugetlb_pools.end()) return NotHere(name, "this kernel offers no " + pool + " pages");
  const auto count = [&](const char* key) {
    const auto value = found->second.find(key);
    return value == found->second.end() ? std::int64_t{0} : value->second;
  };
  if (count("free_hugepages") - count("resv_hugepages") < 2) {
    return NotHere(name, fmt::format("fewer than 2 free pages in the {} pool (reserve them: echo 2 | sudo tee "
                                     "/sys/kernel/mm/hugepages/hugepages-{}/nr_hugepages)",
                                     pool, pool));
  }
  return JudgedRun(name, {"run", "fault", "--size", size, "--pages", pages, "-r", "2", "--invocations", "1"},
                   [&](const RunResult& r) { return JudgeHugetlb(r, name); });
}

SelfCheck Kernels() {
  const std::string name = fmt::format("the {} kernels against the reference", IsaName(kBuiltIsa));
  const KernelSelfCheck checked = CheckKernelsAgainstReference();
  if (!checked.failures.empty()) return FailedRun(name, fmt::format("{}", fmt::join(checked.failures, "; ")));
  std::string detail = fmt::format(
      "{} copy and fill kernels, every size to 320 bytes at each misalignment and large sizes, byte for byte",
      checked.kernels_checked);
  if (!checked.skipped.empty()) detail += fmt::format("; not run: {}", fmt::join(checked.skipped, ", "));
  return {name, CheckVerdict::kPassed, detail};
}

}  // namespace

int RunSelfTest() {
  fmt::print("membench doctor --self-test: the paths CI cannot run (docs/testing.md), on this machine\n");
  const MachineFacts facts = os::CollectMachineFacts();
  std::vector<SelfCheck> checks = {HardwareCounters(facts)};
  for (SelfCheck& check : NodePlacement(facts)) checks.push_back(std::move(check));
  checks.push_back(Hugetlb(facts, "2048kB", "hugetlb-2m", "4M"));
  checks.push_back(Hugetlb(facts, "1048576kB", "hugetlb-1g", "2G"));
  checks.push_back(Kernels());
  int failed = 0;
  for (const SelfCheck& check : checks) {
    fmt::print("  {:<44} {:<8} {}\n", check.name, VerdictWord(check.verdict), check.detail);
    failed += check.verdict == CheckVerdict::kFailed ? 1 : 0;
  }
  const auto count = [&](CheckVerdict v) {
    return std::count_if(checks.begin(), checks.end(), [&](const SelfCheck& c) { return c.verdict == v; });
  };
  fmt::print("{} passed, {} failed, {} not here\n", count(CheckVerdict::kPassed), failed,
             count(CheckVerdict::kNotHere));
  return failed == 0 ? 0 : 1;
}

}  // namespace membench
