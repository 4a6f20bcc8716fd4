// File: report/report_style.h
// How a report is rendered, apart from what it holds: brief (a line a
// point, the run's notes once at its end) or verbose (perf stat's block per
// point, every counter and note), colour for the verdicts on a terminal,
// and the unit byte rates are printed in.
#pragma once

#include <string>
#include <string_view>

namespace membench {

// GB/s is 10^9 bytes/s, membench's default; GiB/s is 2^30 bytes/s, what
// perf bench mem prints as "GB/sec" (--unit GiB/s, to compare with it).
enum class ByteRateUnit { kGBps, kGiBps };

struct ReportStyle {
  bool verbose = false;
  bool colour = false;
  ByteRateUnit byte_rate_unit = ByteRateUnit::kGBps;
};

// "GB/s" or "GiB/s", as --unit takes them.
inline constexpr std::string_view kByteRateUnitNames[] = {"GB/s", "GiB/s"};
inline ByteRateUnit ParseByteRateUnit(std::string_view name) {
  return name == "GiB/s" ? ByteRateUnit::kGiBps : ByteRateUnit::kGBps;
}

}  // namespace membench
