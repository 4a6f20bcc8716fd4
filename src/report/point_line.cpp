// File: report/point_line.cpp
#include "report/point_line.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/text_report.h"

namespace membench {

double BytesPerSecondIn(ByteRateUnit unit) { return unit == ByteRateUnit::kGiBps ? 1073741824.0 : 1e9; }

std::string_view ByteRateUnitName(ByteRateUnit unit) { return kByteRateUnitNames[static_cast<int>(unit)]; }

std::string RateIn(WorkUnit unit, double per_second, ByteRateUnit bytes_as) {
  if (unit != WorkUnit::kBytes) return RateText(unit, per_second);
  return fmt::format("{:.3f} {}", per_second / BytesPerSecondIn(bytes_as), ByteRateUnitName(bytes_as));
}

std::string PagesWord(const std::vector<PageProof>& proofs) {
  if (proofs.empty()) return "-";
  const auto all = [&](auto pred) { return std::all_of(proofs.begin(), proofs.end(), pred); };
  if (!all([](const PageProof& p) { return p.honoured; })) return "WRONG";
  if (!all([](const PageProof& p) { return p.verified; })) return "unverified";
  return "ok";
}

}  // namespace membench
