// File: engine/event_list.cpp
#include "engine/event_list.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>

#include "engine/memory_traffic.h"
#include "sys/events.h"
#include "sys/perf_events.h"
#include "sys/tracefs.h"

namespace membench {

void PrintEventList(std::ostream& out) {
  const auto known = sys::ListKnownEvents();
  fmt::print(out, "Generic events (perf's names; probed on this machine, user+kernel where permitted):\n");
  for (const auto& e : known) {
    if (e.source == "libpfm4") continue;
    const sys::PerfEventSet probe({sys::ResolveEvent(e.name)});
    const auto& status = probe.statuses().front();
    fmt::print(out, "  {:<26} {:<9} {:<16} {}\n", e.name, e.source, status.supported ? "supported" : "<not supported>",
               status.supported ? e.description : status.reason);
  }
  fmt::print(out, "\nNamed sets (-e NAME; combine with commas; {{a,b}} counts PMU events as one group):\n");
  for (const auto& set : sys::EventSets()) {
    std::string joined;
    for (const auto& e : set.events) joined += (joined.empty() ? "" : ",") + e;
    fmt::print(out, "  {:<8} {}: {}\n", set.name, set.description, joined);
  }
  std::size_t pfm_count = 0;
  for (const auto& e : known) {
    if (e.source != "libpfm4") continue;
    if (pfm_count++ == 0) fmt::print(out, "\nlibpfm4 events of this machine's PMU (-e NAME or -e PMU::NAME:UMASK):\n");
    fmt::print(out, "  {:<40} {}\n", e.name, e.description.substr(0, 80));
  }
  if (pfm_count == 0) {
    fmt::print(out, "\nlibpfm4: no hardware PMU found on this machine{}\n",
               sys::HasHardwarePmu() ? "" : " (a VM without a virtual PMU?)");
  }
  // Opened for real, so the listing says whether a run could count them.
  std::string why_not;
  if (const auto meter = MemoryTrafficMeter::Open(MemoryTrafficMode::kAuto, why_not)) {
    fmt::print(out, "\nmemory traffic (--memory-traffic, machine-wide): {}\n", meter->source());
  } else {
    fmt::print(out, "\nmemory traffic (--memory-traffic): not measurable here: {}\n", why_not);
  }
  // As root, tracefs is mounted for the listing as for a run, where only
  // this process sees it.
  const sys::TracefsMount mount;
  const std::string tracefs = sys::TracefsRoot();
  if (tracefs.empty()) {
    fmt::print(out,
               "\ntracepoints: tracefs is not readable (run as root, or mount -t tracefs nodev /sys/kernel/tracing)\n");
  } else {
    std::size_t count = 0;
    std::error_code ec;
    for (const auto& sub : std::filesystem::directory_iterator(tracefs + "/events", ec)) {
      if (!sub.is_directory()) continue;
      for (const auto& ev : std::filesystem::directory_iterator(sub.path(), ec)) count += ev.is_directory() ? 1 : 0;
    }
    fmt::print(out, "\ntracepoints: {} under {}/events; use -e subsys:name. Those memory experiments use:\n", count,
               tracefs);
    for (const char* name : {"exceptions:page_fault_user", "exceptions:page_fault_kernel", "tlb:tlb_flush",
                             "huge_memory:mm_khugepaged_scan_pmd", "kmem:mm_page_alloc", "kmem:kmalloc"}) {
      const std::string colon = name;
      const std::string dir =
          tracefs + "/events/" + colon.substr(0, colon.find(':')) + "/" + colon.substr(colon.find(':') + 1);
      fmt::print(out, "  {:<40} {}\n", name, std::filesystem::exists(dir) ? "available" : "<not on this kernel>");
    }
  }
}

}  // namespace membench
