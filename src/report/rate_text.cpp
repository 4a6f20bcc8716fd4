// File: report/rate_text.cpp
#include "report/rate_text.h"

#include <fmt/format.h>

#include "report/text_columns.h"

namespace membench {

double ByteRateDivisor(ByteRateUnit unit) { return unit == ByteRateUnit::kGiBps ? 1073741824.0 : 1e9; }

std::string_view ByteRateName(ByteRateUnit unit) { return kByteRateUnitNames[unit == ByteRateUnit::kGiBps ? 1 : 0]; }

RateScale ScaleFor(double per_second) {
  if (per_second >= 1e6) return {1e6, "M"};
  if (per_second >= 1e3) return {1e3, "K"};
  return {1, ""};
}

std::string RateText(WorkUnit unit, double per_second, ByteRateUnit bytes) {
  if (unit == WorkUnit::kBytes) {
    return fmt::format("{:.3f} {}", per_second / ByteRateDivisor(bytes), ByteRateName(bytes));
  }
  const RateScale scale = ScaleFor(per_second);
  return fmt::format("{:.3f} {}{}/s", per_second / scale.divisor, scale.prefix, UnitName(unit));
}

std::string RateText(const Measurement& m, double per_second, ByteRateUnit bytes) {
  return RateText(m.unit, per_second, bytes);
}

TimeUnit TimeUnitFor(double ns) {
  if (ns >= 1e9) return {1e9, "s"};
  if (ns >= 1e6) return {1e6, "ms"};
  if (ns >= 1e3) return {1e3, "us"};
  return {1, "ns"};
}

std::string TimeText(double ns) {
  const TimeUnit unit = TimeUnitFor(ns);
  return Significant(ns / unit.ns, 4) + " " + unit.name;
}

}  // namespace membench
