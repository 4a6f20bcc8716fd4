// File: report/kernel_accounting_report.cpp
#include "report/kernel_accounting_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/paired.h"
#include "core/units.h"
#include "report/brief_report.h"
#include "report/text_report.h"

namespace membench {
namespace {

bool AnyRead(const RunResult& r) {
  for (const Measurement& m : r.measurements) {
    for (const Sample& s : m.samples) {
      if (s.kernel_window_ns > 0) return true;
    }
  }
  return false;
}

std::string IdleText(const RunResult& r) {
  if (!r.kernel_idle) return "no idle interval was read";
  return fmt::format("beyond {:.0f} ms of idle interval{}", static_cast<double>(r.kernel_idle->window_ns) * 1e-6,
                     r.invocations > 1 ? fmt::format(" ({} invocations')", r.invocations) : "");
}

}  // namespace

std::string KernelChangeText(const std::string& name, double change) {
  if (change == 0) return "0";
  const std::string sign = change < 0 ? "-" : "+";
  if (KernelValueIsBytes(name)) {
    return sign + FormatSizeApprox(static_cast<std::uint64_t>(std::llround(std::fabs(change))));
  }
  return sign + CountText(std::fabs(change));
}

void WriteKernelAccountingBrief(std::ostream& out, const RunResult& r) {
  if (!AnyRead(r)) return;
  std::vector<NamedPointValues> points;
  std::size_t most = 0;
  const std::vector<std::string> varying = VaryingParams(PointsOf(r.measurements));
  for (const Measurement& m : r.measurements) {
    std::vector<std::string> named;
    for (const KernelCounterChange& c : SummarizeKernelDeltas(m.samples, r.kernel_idle)) {
      if (c.moved_with_sample && !KernelValueIsLevel(c.name))
        named.push_back(KernelValueLabel(c.name) + " " + KernelChangeText(c.name, c.mean_per_sample));
    }
    most = std::max(most, named.size());
    if (!named.empty()) points.push_back({BriefPointLabel(m, varying), std::move(named)});
  }
  // One line, whatever the run, so that the brief output is as long as its
  // table.
  const std::string prefix = r.kernel_idle ? "# kernel events a sample, beyond idle: "
                                           : "# kernel events a sample (no idle interval read): ";
  if (!points.empty()) out << PointsOnOneLine(prefix, points, most) << "\n";
}

void WriteKernelAccountingBlock(std::ostream& out, const RunResult& r, const Measurement& m) {
  const std::vector<KernelCounterChange> changes = SummarizeKernelDeltas(m.samples, r.kernel_idle);
  if (changes.empty()) return;
  fmt::print(out, " kernel accounting, mean change a sample over {} samples (machine-wide; {}):\n",
             changes.front().samples, IdleText(r));
  for (const KernelCounterChange& c : changes) {
    const std::string idle =
        c.idle_per_sample ? "idle " + KernelChangeText(c.name, *c.idle_per_sample) : std::string("no idle reading");
    fmt::print(out, "{:>18}      {:<32} # {}, moved in {} of {}{}\n", KernelChangeText(c.name, c.mean_per_sample),
               KernelValueLabel(c.name), idle, c.samples_moved, c.samples,
               c.moved_with_sample ? "" : ": not named (" + c.why_not + ")");
  }
  out << "\n";
}

}  // namespace membench
