// File: sys/zero_page.h
// Whether read faults on untouched anonymous memory map the shared zero page
// (4 KiB) or the huge zero page (THP), or allocate real zeroed pages. Not
// every kernel maps them: a command line with pvm_no_zero_page=1 makes read
// faults allocate (RSS grows, thp_zero_page_alloc stays 0), and THP's
// use_zero_page=0 turns the huge one off. Decided by experiment: map a small
// region with the page policy, read it, and look at what backs it.
#pragma once

#include <cstdint>
#include <string>

#include "sys/memory.h"

namespace membench::sys {

struct ZeroPageProbe {
  bool in_use = false;   // read faults mapped a zero page
  std::string evidence;  // what was observed, for the report
};

// Cached per policy and, for THP, per value of use_zero_page: the answer
// changes only with that setting while membench runs.
const ZeroPageProbe& ProbeZeroPage(PagePolicy policy);

// A /proc/vmstat counter, or -1 when absent.
std::int64_t VmstatCounter(const std::string& name);

}  // namespace membench::sys
