// File: engine/plan_checks.cpp
#include "engine/plan_checks.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/page_policy.h"
#include "core/units.h"

namespace membench {
namespace {

std::uint64_t PressureTotal(const RunResources& r) {
  return static_cast<std::uint64_t>(r.pressure_processes) * r.pressure_bytes_each;
}

}  // namespace

std::uint64_t FileDescriptorsOf(const PointNeeds& p, const RunResources& r) {
  // Process workers open theirs in their own processes; threads share one table.
  return (r.events + p.each.file_descriptors) * static_cast<std::uint64_t>(p.thread_workers ? p.workers : 1);
}

std::uint64_t PointNeeds::HugetlbPages(std::size_t page_bytes) const {
  const auto it = each.hugetlb_pages.find(page_bytes);
  return it == each.hugetlb_pages.end() ? 0 : it->second * static_cast<std::uint64_t>(workers);
}

std::uint64_t PressureBufferBytes(std::uint64_t largest_cache_bytes) {
  return std::max<std::uint64_t>(2 * largest_cache_bytes, 64u << 20);
}

void CheckEachPointFits(const std::vector<PointNeeds>& points, const MachineCapacity& machine,
                        const RunResources& resources) {
  const std::uint64_t pressure = PressureTotal(resources);
  for (const PointNeeds& p : points) {
    const std::uint64_t files = FileDescriptorsOf(p, resources);
    if (machine.open_files_left != 0 && files + kSpareFileDescriptors > machine.open_files_left) {
      throw Error(fmt::format("{} needs {} file descriptors (its counters{}{}) but {} are left under ulimit -n; raise "
                              "it with ulimit -n, or use fewer workers or events",
                              p.label, files, p.each.file_descriptors ? " and its channels" : "",
                              p.thread_workers ? ", for every worker thread" : "", machine.open_files_left));
    }
    if (machine.process_limit != 0 && static_cast<std::uint64_t>(p.workers) > machine.process_limit) {
      throw Error(fmt::format("{}: {} workers exceed this user's process limit of {} (ulimit -u); raise it with "
                              "ulimit -u, or run fewer workers",
                              p.label, p.workers, machine.process_limit));
    }
    // Not waived by --force: the run would end in SIGBUS, not in a slow run.
    if (machine.scratch_free_bytes && p.ScratchDiskBytes() > *machine.scratch_free_bytes) {
      throw Error(
          fmt::format("{} writes {} to files in {}{} but its disk has {} free; choose a scratch directory "
                      "with more room (TMPDIR=DIR), or a smaller size or fewer workers",
                      p.label, FormatSize(p.ScratchDiskBytes()), machine.scratch_directory,
                      p.workers > 1 ? fmt::format(" ({} workers, a file each)", p.workers) : "",
                      FormatSizeApprox(*machine.scratch_free_bytes)));
    }
    for (const auto& [page, unused] : p.each.hugetlb_pages) {
      const std::uint64_t needed = p.HugetlbPages(page);
      const auto pool = machine.hugetlb_pools.find(page);
      if (pool == machine.hugetlb_pools.end()) {
        throw Error(fmt::format("{}: this kernel offers no {} hugetlb pages (the sizes depend on the CPU and the base "
                                "page: 1 GiB needs pdpe1gb on x86-64)",
                                p.label, FormatSize(page)));
      }
      if (needed > pool->second.free_pages) {
        throw Error(fmt::format(
            "hugetlb: {} free {} pages are needed ({}) but {} are free in the pool; reserve them as root: echo {} > "
            "{}/nr_hugepages{}",
            needed, FormatSize(page), p.label, pool->second.free_pages,
            pool->second.total_pages + needed - pool->second.free_pages, pool->second.sysfs_dir,
            page == kPage2m ? " (or /proc/sys/vm/nr_hugepages)" : ""));
      }
    }
  }
  if (machine.mem_available_bytes == 0 || resources.force) return;
  if (pressure > machine.mem_available_bytes) {
    throw Error(fmt::format("--pressure {} needs {} ({} per process) but only {} is available ({}); "
                            "use fewer pressure processes",
                            resources.pressure_processes, FormatSize(pressure),
                            FormatSize(resources.pressure_bytes_each), FormatSizeApprox(machine.mem_available_bytes),
                            machine.mem_available_source));
  }
  for (const PointNeeds& p : points) {
    const std::uint64_t needed = p.MemoryBytes();
    if (needed + pressure > machine.mem_available_bytes) {
      throw Error(fmt::format(
          "{} needs {}{} but only {} is available ({}); choose a smaller size, or pass --force to try "
          "anyway",
          p.label, FormatSize(needed), pressure == 0 ? "" : " plus " + FormatSize(pressure) + " for --pressure",
          FormatSizeApprox(machine.mem_available_bytes), machine.mem_available_source));
    }
  }
}

OrderDecision DecideOrder(SampleOrder requested, const std::vector<PointNeeds>& points, const MachineCapacity& machine,
                          const RunResources& resources) {
  OrderDecision out{requested, OrderDecision::Reason::kNone, ""};
  if (requested == SampleOrder::kSequential || points.size() < 2) return out;
  auto sequential = [&](OrderDecision::Reason reason, std::string why) {
    out.order = SampleOrder::kSequential;
    out.reason = reason;
    out.note = std::move(why) + ": measured one after another (--order sequential), not interleaved";
    return out;
  };
  for (const PointNeeds& p : points) {
    if (p.each.only_mthp_size) {
      return sequential(OrderDecision::Reason::kMachineSettings,
                        "mTHP points change machine-wide settings for their duration");
    }
  }
  for (const PointNeeds& p : points) {
    // A team forks its workers before its lead maps anything, but a point
    // opened later would fork them from a lead that holds the earlier
    // points' memory: shared copy-on-write, those points' next writes would
    // fault (and split their THPs).
    if (p.workers > 1 && !p.thread_workers) {
      return sequential(OrderDecision::Reason::kWorkerProcesses,
                        "worker processes are forked for each point, and would share the other points' memory "
                        "copy-on-write");
    }
  }
  std::uint64_t memory = PressureTotal(resources);
  std::map<std::size_t, std::uint64_t> hugetlb;
  std::uint64_t files = 0;
  for (const PointNeeds& p : points) {
    memory += p.MemoryBytes();
    for (const auto& [page, unused] : p.each.hugetlb_pages) hugetlb[page] += p.HugetlbPages(page);
    files += FileDescriptorsOf(p, resources);
  }
  if (!resources.force && machine.mem_available_bytes != 0 && memory > machine.mem_available_bytes) {
    return sequential(OrderDecision::Reason::kMemory,
                      fmt::format("the points need {} together but {} is available", FormatSize(memory),
                                  FormatSizeApprox(machine.mem_available_bytes)));
  }
  for (const auto& [page, pages] : hugetlb) {
    const auto pool = machine.hugetlb_pools.find(page);
    if (pool != machine.hugetlb_pools.end() && pages > pool->second.free_pages) {
      return sequential(OrderDecision::Reason::kHugetlbPages,
                        fmt::format("the points need {} {} hugetlb pages together but the pool has {} free", pages,
                                    FormatSize(page), pool->second.free_pages));
    }
  }
  if (machine.open_files_left != 0 && files + kSpareFileDescriptors > machine.open_files_left) {
    return sequential(OrderDecision::Reason::kFileDescriptors,
                      fmt::format("the points' counters need {} file descriptors together but {} are left under "
                                  "ulimit -n",
                                  files, machine.open_files_left));
  }
  return out;
}

}  // namespace membench
