// File: report/profile_report.cpp
#include "report/profile_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <vector>

#include "core/paired.h"
#include "core/profile.h"
#include "report/brief_report.h"
#include "report/text_report.h"

namespace membench {
namespace {

// A symbol is named in the brief line from this share on, at most this
// many a point: below it, sampling noise reorders them from run to run.
constexpr double kBriefShare = 0.05;
constexpr std::size_t kBriefSymbols = 4;
// -v lists a point's symbols down to this share, at least kVerboseSymbols.
constexpr double kVerboseShare = 0.005;
constexpr std::size_t kVerboseSymbols = 10;

std::string ShareText(double share) { return fmt::format("{:.1f}%", share * 100); }
// The brief line's: whole percents, so that more points fit.
std::string BriefShareText(double share) { return fmt::format("{:.0f}%", share * 100); }

}  // namespace

std::string ShownSymbol(const std::string& symbol) {
  std::string shown = symbol;
  for (const std::string& prefix : {std::string("membench::"), std::string("(anonymous namespace)::")}) {
    if (shown.rfind(prefix, 0) == 0) shown.erase(0, prefix.size());
  }
  return shown;
}

void WriteProfileBrief(std::ostream& out, const RunResult& r) {
  if (r.profile_event.empty()) return;
  std::vector<NamedPointValues> points;
  std::size_t most = 0;
  const std::vector<std::string> varying = VaryingParams(PointsOf(r.measurements));
  for (const Measurement& m : r.measurements) {
    std::vector<std::string> named;
    for (const SelfShare& s : SelfShares(m.samples)) {
      if (named.size() == kBriefSymbols || s.share < kBriefShare) break;
      if (s.symbol != kOtherSymbols) named.push_back(ShownSymbol(s.symbol) + " " + BriefShareText(s.share));
    }
    most = std::max(most, named.size());
    if (!named.empty()) points.push_back({BriefPointLabel(m, varying), std::move(named)});
  }
  if (points.empty()) return;
  out << PointsOnOneLine("# profile, self (" + r.profile_event + "): ", points, most) << "\n";
}

void WriteProfileBlock(std::ostream& out, const RunResult& r, const Measurement& m) {
  if (r.profile_event.empty()) return;
  const std::vector<SelfShare> shares = SelfShares(m.samples);
  const std::uint64_t total = ProfileSampleCount(m.samples);
  fmt::print(out, " where the time went: {} {} samples, self shares ({}):\n", CountText(static_cast<double>(total)),
             r.profile_event, r.profile_scope);
  for (std::size_t i = 0; i < shares.size(); ++i) {
    if (i >= kVerboseSymbols && shares[i].share < kVerboseShare) break;
    fmt::print(out, "{:>18}      {}\n", ShareText(shares[i].share), ShownSymbol(shares[i].symbol));
  }
  out << "\n";
}

}  // namespace membench
