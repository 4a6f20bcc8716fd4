// File: sys/free_page_reporting.h
// Whether this machine is a guest whose host takes back the memory it
// frees: virtio-balloon's free page reporting (feature bit 5) hands free
// guest pages of at least 2^page_reporting_order pages to the host, so the
// next touch of such memory faults on the host too and costs several times
// a touch of memory freed just before. First-touch figures depend on it.
#pragma once

#include <string>

namespace membench::sys {

struct FreePageReporting {
  bool active = false;
  std::string description;  // "virtio-balloon free page reporting, order 11 (8 MiB blocks)"
};

FreePageReporting DetectFreePageReporting();

}  // namespace membench::sys
