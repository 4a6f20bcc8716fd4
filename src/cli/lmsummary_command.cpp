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
const char* kVm = "File & VM system latencies in microseconds";
const char* kBandwidth = "Local communication bandwidths in MB/s (10^6 B/s)";

std::vector<Row> Rows() {
  using F = SummaryFigure;
  return {
      {{kProcesses, "fork proc", F::kMicrosPerOp}, "spawn", {{"how", "fork"}}},
      {{kProcesses, "exec proc", F::kMicrosPerOp}, "spawn", {{"how", "exec"}}},
      {{kProcesses, "sh proc", F::kMicrosPerOp}, "spawn", {{"how", "shell"}}},
      {{kVm, "mmap latency (anon, 1 MiB)", F::kMicrosPerOp}, "mapping", {{"kind", "anon"}, {"size", "1M"}}},
      {{kVm, "mmap latency (file, 1 MiB)", F::kMicrosPerOp}, "mapping", {{"kind", "file"}, {"size", "1M"}}},
      {{kVm, "prot fault", F::kMicrosPerOp}, "protfault", {{"recovery", "skip"}}},
      {{kVm, "page fault (anon, 4 KiB)", F::kMicrosPerFault},
       "fault",
       {{"case", "anon-w-seq"}, {"size", "64M"}, {"pages", "4k"}, {"touch", "page"}}},
      {{kVm, "page fault (file, page cache)", F::kMicrosPerFault},
       "fault",
       {{"case", "file-r-seq"}, {"size", "64M"}, {"touch", "page"}}},
      {{kVm, "page fault (anon, 2 MiB THP)", F::kMicrosPerFault},
       "fault",
       {{"case", "anon-w-seq"}, {"size", "256M"}, {"pages", "thp"}, {"touch", "page"}}},
      {{kBandwidth, "bcopy (libc)", F::kMegabytesPerSecond}, "memcpy", {{"size", "8M"}, {"impl", "libc"}}},
      {{kBandwidth, "bcopy (hand: unrolled loop)", F::kMegabytesPerSecond},
       "memcpy",
       {{"size", "8M"}, {"impl", "unrolled"}}},
      {{kBandwidth, "mem read", F::kMegabytesPerSecond}, "read", {{"size", "8M"}, {"impl", "sse2"}}},
      {{kBandwidth, "mem write", F::kMegabytesPerSecond}, "memset", {{"size", "8M"}, {"impl", "libc"}}},
  };
}

}  // namespace

void MeasureLmSummary(Invocation& invocation, const RunOptions& options) {
  for (const Row& row : Rows()) {
    if (invocation.Interrupted()) break;
    const WorkloadInfo& info = FindWorkload(row.workload);
    invocation.Measure(info, ExpandMatrix(info.params, row.params), options, row.row);
  }
}

}  // namespace membench
