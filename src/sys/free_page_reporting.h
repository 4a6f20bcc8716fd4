// File: sys/free_page_reporting.h
// Whether this machine is a guest whose host takes back the memory it
// frees: virtio-balloon's free page reporting (feature bit 5) hands free
// guest pages of at least 2^page_reporting_order pages to the host, so the
// next touch of such memory faults on the host too and costs several times
// a touch of memory freed just before. First-touch figures depend on it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace membench::sys {

struct FreePageReporting {
  bool active = false;
  std::string description;  // "virtio-balloon free page reporting, order 11 (8 MiB blocks)"
};

FreePageReporting DetectFreePageReporting();

// Bytes reported to the host so far, where the kernel counts them
// (/sys/module/page_reporting/parameters/reported_kib; not upstream).
std::optional<std::uint64_t> ReportedBytes();

// After memory was freed: waits until the host has taken back `bytes` more
// than `reported_before`, at most timeout_ns; where nothing counts reported
// bytes, waits twice the kernel's reporting delay (2 s). Returns the wait.
std::int64_t WaitForHostReclaim(std::optional<std::uint64_t> reported_before, std::uint64_t bytes,
                                std::int64_t timeout_ns);

}  // namespace membench::sys
