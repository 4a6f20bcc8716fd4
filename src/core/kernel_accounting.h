// File: core/kernel_accounting.h
// The kernel's own accounting beside each rate, as the kernel test robot
// puts it beside its figures: /proc/vmstat's event counters, /proc/meminfo's
// levels and each NUMA node's numastat, read just before and just after
// every sample (sys/read_kernel_accounting.h), kept as the differences.
//
// Every one of them is machine-wide: another process's faults, the
// kernel's reclaim and compaction and the page cache's writeback all add to
// them. So each invocation also reads them across an idle interval of its
// own (nothing of membench's running), and a counter is said to have moved
// with the sample only where its change stands clear of what the idle
// interval saw over as long a window.
//
// Plain data and arithmetic: the parsers take the files' text and the
// summaries take samples, so they are tested with synthetic readings.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace membench {

// A reading, keyed by where each value comes from: "vmstat.pgfault",
// "meminfo.AnonHugePages" (in bytes: meminfo's kB times 1024; a value
// without a unit, such as HugePages_Total, as it stands),
// "node0.numa_hit".
using KernelReading = std::map<std::string, std::int64_t>;

// /proc/vmstat: "name value" a line. Lines it cannot read are skipped (a
// kernel may add any).
KernelReading ParseVmstat(const std::string& text);
// /proc/meminfo: "Name:   value kB" a line.
KernelReading ParseMeminfo(const std::string& text);
// /sys/devices/system/node/node<N>/numastat: "name value" a line.
KernelReading ParseNumastat(int node, const std::string& text);

// The three files' text as read, to be parsed after the timed region: a
// read is a few tens of microseconds, parsing it into a reading as long
// again (bench/RESULTS.md).
struct KernelAccountingText {
  std::string vmstat;
  std::string meminfo;
  std::vector<std::pair<int, std::string>> numastat;  // node, text
  // Every file was read: a window missing one is not kept (its values
  // would look unchanged).
  bool Complete() const {
    return !vmstat.empty() && !meminfo.empty() &&
           std::all_of(numastat.begin(), numastat.end(), [](const auto& node) { return !node.second.empty(); });
  }
};
KernelReading ParseKernelAccounting(const KernelAccountingText& text);

// after - before for every key both readings hold whose value changed.
std::map<std::string, std::int64_t> KernelDeltas(const KernelReading& before, const KernelReading& after);

// The accounting read across an idle interval: how much each value moves
// while membench does nothing. Summed over a run's invocations.
struct KernelIdleInterval {
  std::int64_t window_ns = 0;
  std::map<std::string, std::int64_t> deltas;  // only the values that moved
};

// One value's change over a measurement's samples.
struct KernelCounterChange {
  std::string name;            // "vmstat.pgfault"
  double mean_per_sample = 0;  // the samples' mean difference (0 where a sample did not move it)
  double sem = 0;              // the standard error of that mean (0 with one sample)
  int samples_moved = 0;       // samples where it changed at all
  int samples = 0;             // samples read
  // What the idle interval saw over a window as long as the samples'
  // mean: nullopt where no idle interval was read.
  std::optional<double> idle_per_sample;
  // The most the idle interval's background could bring to such a window:
  // the idle count k taken as a Poisson count and raised to k + 2 sqrt(k)
  // + 3 (about its 95% upper bound; 3 where idle saw nothing, as a quiet
  // 50 ms misses a background of a few events a second), scaled.
  std::optional<double> idle_bound_per_sample;
  // Whether the change stands clear of the idle one: it moved in at least
  // half the samples, by at least 1 a sample on average, and by more than
  // the idle bound plus twice the standard error. Where not, why not.
  bool moved_with_sample = false;
  std::string why_not;  // "moved in 1 of 4 samples", "under 1 a sample", "within what idle explains"
};

struct Sample;

// Every value that changed in any of the samples that were read: those
// that moved with the samples first (the values mm developers look for
// first in their order, then the largest beside their noise), then the
// rest by name. Empty where no sample was read.
std::vector<KernelCounterChange> SummarizeKernelDeltas(const std::vector<Sample>& samples,
                                                       const std::optional<KernelIdleInterval>& idle);

// Whether a sample read the accounting and did work to divide it by.
bool ReadKernelAccounting(const Sample& s);

// One value's change a loop in each sample that read the accounting (0
// where it did not change); empty where none did.
std::vector<double> KernelValuePerLoop(const std::vector<Sample>& samples, const std::string& name);

// The values whose readings are in bytes (meminfo's kB values).
bool KernelValueIsBytes(const std::string& name);

// Whether a value is a level (meminfo's, vmstat's nr_* but the few nr_
// counts of events such as nr_dirtied, and workingset_nodes: pages in use
// now) rather than a count of events (pgfault, thp_fault_alloc, numa_hit).
// The kernel folds a level's per-CPU differences into the figure it prints
// only past a threshold or once a second (vmstat_update), so a level lags
// the events behind it: 4 KiB faults can leave MemFree unmoved where huge
// pages move it at once. The brief text and compare name counts of events
// only; -v shows the levels.
bool KernelValueIsLevel(const std::string& name);

// "vmstat.pgfault" -> "pgfault", "meminfo.AnonHugePages" ->
// "AnonHugePages", "node0.numa_hit" -> "node0 numa_hit": the short name the
// text uses, where the prefix says nothing a reader needs.
std::string KernelValueLabel(const std::string& name);

// Where `name` stands among the values mm developers look for first
// (thp_fault_alloc, thp_fault_fallback, pgfault, ...): 0 for the first;
// past them all for any other value.
std::size_t KernelHeadlineRank(const std::string& name);

// Whether `name` is a key the readings use: "vmstat.<name>",
// "meminfo.<Name>" or "node<N>.<name>".
bool IsKernelValueName(const std::string& name);

}  // namespace membench
