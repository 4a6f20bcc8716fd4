// File: report/rate_text.h
// Rates and times as the text and HTML reports write them: a byte rate in
// GB/s (10^9 B/s) or GiB/s (2^30 B/s, perf bench's "GB/sec", --unit GiB/s),
// other rates with the prefix that keeps them readable (1.904 Kpages/s),
// and a time per unit in the unit that fits (15.14 ms, not 15142600 ns).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "core/work_unit.h"
#include "report/report_style.h"

namespace membench {

// A rate as the report prints it: "9.812 GB/s", "1.904 Kpages/s".
std::string RateText(WorkUnit unit, double per_second, ByteRateUnit bytes = ByteRateUnit::kGBps);
std::string RateText(const Measurement& m, double per_second, ByteRateUnit bytes = ByteRateUnit::kGBps);

// Bytes per second in one `unit`: 1e9 or 2^30; and its name, "GB/s".
double ByteRateDivisor(ByteRateUnit unit);
std::string_view ByteRateName(ByteRateUnit unit);

// The prefix that keeps a rate of pages or loads readable: 1.9 Kpages/s,
// not 0.002 Mpages/s.
struct RateScale {
  double divisor;
  const char* prefix;
};
RateScale ScaleFor(double per_second);

// The unit a duration of `ns` reads best in: ns below 1 us, then us, ms, s.
struct TimeUnit {
  double ns;         // nanoseconds in one
  const char* name;  // "ns", "us", "ms", "s"
};
TimeUnit TimeUnitFor(double ns);

// A time with four significant digits in the unit that fits: "15.14 ms".
std::string TimeText(double ns);

}  // namespace membench
