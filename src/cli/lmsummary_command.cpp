// File: cli/lmsummary_command.cpp
#include "cli/lmsummary_command.h"

#include <map>
#include <string>

#include "engine/registry.h"

namespace membench {
namespace {

struct Row {
  SummaryRow row;
  std::string workload;
  std::map<std::string, std::string> params;
};

const char* kProcesses = "Processes - times in microseconds";
const char* kContext = "Context switching - times in microseconds";
const char* kLatency = "Local communication latencies in microseconds";
const char* kVm = "File & VM system latencies in microseconds";
const char* kBandwidth = "Local communication bandwidths in MB/s (10^6 B/s)";

// lmbench's "2p/16K" less the hop without a switch; membench's figure is
// the whole hop, and the label says so (ctxswitch --ring 1 measures the rest).
Row ContextRow(const std::string& ring, const std::string& footprint) {
  return {{kContext, ring + "p/" + footprint + " (incl. pipe + sum)", SummaryFigure::kMicrosPerOp},
          "ctxswitch",
          {{"ring", ring}, {"footprint", footprint}}};
}

Row FileRow(const std::string& size, const std::string& op, const std::string& verb) {
  return {{kVm, size + " File " + verb, SummaryFigure::kMicrosPerOp}, "fileops", {{"op", op}, {"file-size", size}}};
}

std::vector<Row> Rows() {
  using F = SummaryFigure;
  return {
      {{kProcesses, "null call", F::kMicrosPerOp}, "syscall", {{"op", "null"}}},
      // lmbench prints one "null I/O", the mean of the two.
      {{kProcesses, "null I/O read", F::kMicrosPerOp}, "syscall", {{"op", "read"}}},
      {{kProcesses, "null I/O write", F::kMicrosPerOp}, "syscall", {{"op", "write"}}},
      {{kProcesses, "stat", F::kMicrosPerOp}, "syscall", {{"op", "stat"}}},
      {{kProcesses, "open clos", F::kMicrosPerOp}, "syscall", {{"op", "open-close"}}},
      {{kProcesses, "sig inst", F::kMicrosPerOp}, "syscall", {{"op", "sig-install"}}},
      {{kProcesses, "sig hndl (tgkill to itself)", F::kMicrosPerOp}, "syscall", {{"op", "sig-handle"}}},
      {{kProcesses, "fork proc", F::kMicrosPerOp}, "spawn", {{"how", "fork"}}},
      {{kProcesses, "exec proc", F::kMicrosPerOp}, "spawn", {{"how", "exec"}}},
      {{kProcesses, "sh proc", F::kMicrosPerOp}, "spawn", {{"how", "shell"}}},
      ContextRow("2", "0K"),
      ContextRow("2", "16K"),
      ContextRow("2", "64K"),
      ContextRow("8", "16K"),
      ContextRow("8", "64K"),
      ContextRow("16", "16K"),
      ContextRow("16", "64K"),
      {{kLatency, "Pipe", F::kMicrosPerOp}, "ipc", {{"kind", "pipe"}, {"measure", "latency"}}},
      {{kLatency, "AF UNIX", F::kMicrosPerOp}, "ipc", {{"kind", "unix"}, {"measure", "latency"}}},
      FileRow("0K", "create", "Create"),
      FileRow("0K", "delete", "Delete"),
      FileRow("10K", "create", "Create"),
      FileRow("10K", "delete", "Delete"),
      {{kVm, "mmap latency (anon, 1 MiB)", F::kMicrosPerOp}, "mapping", {{"kind", "anon"}, {"size", "1M"}}},
      {{kVm, "mmap latency (file, 1 MiB)", F::kMicrosPerOp}, "mapping", {{"kind", "file"}, {"size", "1M"}}},
      {{kVm, "prot fault", F::kMicrosPerOp}, "protfault", {{"recovery", "skip"}}},
      {{kVm, "page fault (anon, 4 KiB)", F::kMicrosPerFault},
       "fault",
       {{"case", "anon-w-seq"}, {"size", "64M"}, {"pages", "4k"}, {"touch", "4K"}}},
      {{kVm, "page fault (file, page cache)", F::kMicrosPerFault},
       "fault",
       {{"case", "file-r-seq"}, {"size", "64M"}, {"touch", "4K"}}},
      {{kVm, "page fault (anon, 2 MiB THP)", F::kMicrosPerFault},
       "fault",
       {{"case", "anon-w-seq"}, {"size", "256M"}, {"pages", "thp"}, {"touch", "4K"}}},
      {{kBandwidth, "Pipe", F::kMegabytesPerSecond}, "ipc", {{"kind", "pipe"}, {"measure", "bandwidth"}}},
      {{kBandwidth, "AF UNIX", F::kMegabytesPerSecond}, "ipc", {{"kind", "unix"}, {"measure", "bandwidth"}}},
      {{kBandwidth, "bcopy (libc)", F::kMegabytesPerSecond}, "memcpy", {{"size", "8M"}, {"impl", "libc"}}},
      {{kBandwidth, "bcopy (hand: unrolled loop)", F::kMegabytesPerSecond},
       "memcpy",
       {{"size", "8M"}, {"impl", "unrolled"}}},
      {{kBandwidth, "mem read", F::kMegabytesPerSecond}, "read", {{"size", "8M"}}},
      {{kBandwidth, "mem write", F::kMegabytesPerSecond}, "memset", {{"size", "8M"}, {"impl", "libc"}}},
  };
}

}  // namespace

void MeasureLmSummary(Invocation& invocation, const RunOptions& options) {
  for (const Row& row : Rows()) {
    if (invocation.Interrupted() || invocation.Failed()) break;
    const WorkloadInfo& info = FindWorkload(row.workload);
    invocation.Measure(info, ExpandMatrix(info.params, row.params), options, row.row);
  }
}

}  // namespace membench
