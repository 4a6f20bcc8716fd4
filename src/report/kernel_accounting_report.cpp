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
  if (!r.kernel_idle) return "(no idle interval was read)";
  return fmt::format("beyond {:.0f} ms of idle interval{}", static_cast<double>(r.kernel_idle->window_ns) * 1e-6,
                     r.invocations > 1 ? fmt::format(" ({} invocations')", r.invocations) : "");
}

// The point by the values of the parameters that vary over the run, as the
// brief table's row reads; the workload where none does.
std::string BriefLabel(const Measurement& m, const std::vector<std::string>& varying) {
  std::string label;
  for (const auto& [name, value] : m.point.values) {
    if (std::find(varying.begin(), varying.end(), name) != varying.end())
      label += (label.empty() ? "" : " ") + value.text;
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

namespace {

using NamedValues = std::vector<std::pair<std::string, std::vector<std::string>>>;

// "pages=4k: pgfault +16,384, pgalloc_normal +16,384; pages=thp: ..." with
// the first `per_point` values of the first `count` points.
std::string PointsText(const NamedValues& points, std::size_t per_point, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    const auto& [label, values] = points[i];
    text += (i ? "; " : "") + label + ":";
    for (std::size_t v = 0; v < std::min(per_point, values.size()); ++v) text += (v ? ", " : " ") + values[v];
  }
  return text;
}

}  // namespace

void WriteKernelAccountingBrief(std::ostream& out, const RunResult& r) {
  if (!AnyRead(r)) return;
  NamedValues points;
  std::size_t most = 0;
  const std::vector<std::string> varying = VaryingParams(PointsOf(r.measurements));
  for (const Measurement& m : r.measurements) {
    std::vector<std::string> named;
    for (const KernelCounterChange& c : SummarizeKernelDeltas(m.samples, r.kernel_idle)) {
      if (c.moved_with_sample && !KernelValueIsLevel(c.name))
        named.push_back(KernelValueLabel(c.name) + " " + KernelChangeText(c.name, c.mean_per_sample));
    }
    most = std::max(most, named.size());
    if (!named.empty()) points.emplace_back(BriefLabel(m, varying), std::move(named));
  }
  if (points.empty()) return;
  // One line, whatever the run, so that the brief output is as long as its
  // table: every point with as many of its values as fit (headline values
  // first), else as many points as fit with their first.
  const std::string prefix = "# kernel events a sample, beyond idle: ";
  const std::string more = "; more with -v";
  for (std::size_t per_point = most; per_point >= 1; --per_point) {
    const std::string line = prefix + PointsText(points, per_point, points.size()) + (per_point < most ? more : "");
    if (line.size() <= kBriefWidth) {
      out << line << "\n";
      return;
    }
  }
  for (std::size_t count = points.size() - 1; count >= 1; --count) {
    const std::string line = prefix + PointsText(points, 1, count) + more;
    if (line.size() <= kBriefWidth) {
      out << line << "\n";
      return;
    }
  }
  out << prefix << "-v lists them\n";
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
