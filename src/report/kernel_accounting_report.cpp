// File: report/kernel_accounting_report.cpp
#include "report/kernel_accounting_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/paired.h"
#include "core/units.h"
#include "report/text_report.h"

namespace membench {
namespace {

// How many moved values a brief line names.
constexpr std::size_t kBriefValues = 4;

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

// The point by the parameters that vary over the run, as the brief table
// names it; the workload where none does.
std::string BriefLabel(const Measurement& m, const std::vector<std::string>& varying) {
  std::string label;
  for (const auto& [name, value] : m.point.values) {
    if (std::find(varying.begin(), varying.end(), name) != varying.end())
      label += (label.empty() ? "" : " ") + name + "=" + value.text;
  }
  return label.empty() ? m.workload : label;
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
  std::vector<std::string> lines;
  const std::vector<std::string> varying = VaryingParams(PointsOf(r.measurements));
  for (const Measurement& m : r.measurements) {
    const std::vector<KernelCounterChange> changes = SummarizeKernelDeltas(m.samples, r.kernel_idle);
    std::vector<std::string> named;
    std::size_t moved = 0;
    for (const KernelCounterChange& c : changes) {
      if (!c.moved_with_sample || KernelValueIsLevel(c.name)) continue;
      if (++moved <= kBriefValues)
        named.push_back(KernelValueLabel(c.name) + " " + KernelChangeText(c.name, c.mean_per_sample));
    }
    if (named.empty()) continue;
    std::string line = "#   " + BriefLabel(m, varying) + ": ";
    for (std::size_t i = 0; i < named.size(); ++i) line += (i ? ", " : "") + named[i];
    if (moved > named.size()) line += fmt::format(" (+{} more)", moved - named.size());
    lines.push_back(line);
  }
  if (lines.empty()) return;
  fmt::print(out,
             "\n# Kernel events a sample (vmstat, numastat; machine-wide) that moved with the samples {}; "
             "-v lists all values\n",
             IdleText(r));
  for (const std::string& line : lines) out << line << "\n";
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
               c.moved_with_sample ? "" : ": not beyond idle");
  }
  out << "\n";
}

}  // namespace membench
