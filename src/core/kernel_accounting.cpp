// File: core/kernel_accounting.cpp
#include "core/kernel_accounting.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

#include "core/result.h"
#include "core/stats.h"

namespace membench {
namespace {

// Each line of `text`, without its newline. Read with string views and
// from_chars: a sample reads the files twice, and istringstream took three
// times as long as the reads themselves (bench/RESULTS.md).
template <class Each>
void ForEachLine(std::string_view text, Each each) {
  while (!text.empty()) {
    const auto end = text.find('\n');
    each(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

std::string_view SkipBlanks(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

// The whole number at the start of `text` (after blanks), and the rest.
std::optional<std::int64_t> LeadingInteger(std::string_view& text) {
  text = SkipBlanks(text);
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc()) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return value;
}

// "name value" lines, each key given `prefix`.
KernelReading ParsePairs(const std::string& prefix, std::string_view text) {
  KernelReading out;
  ForEachLine(text, [&](std::string_view line) {
    const auto space = line.find(' ');
    if (space == std::string_view::npos || space == 0) return;
    std::string_view rest = line.substr(space);
    if (const auto value = LeadingInteger(rest)) out.emplace(prefix + std::string(line.substr(0, space)), *value);
  });
  return out;
}

constexpr const char* kMeminfoPrefix = "meminfo.";

// What mm developers look for first in a report (the values the kernel test
// robot's reports lead with): named first, in this order, where they moved.
constexpr std::array<std::string_view, 19> kHeadlineValues = {
    "vmstat.thp_fault_alloc", "vmstat.thp_fault_fallback", "vmstat.pgfault",
    "vmstat.pgmajfault",      "vmstat.thp_collapse_alloc", "vmstat.thp_split_pmd",
    "vmstat.compact_stall",   "vmstat.compact_fail",       "vmstat.pgmigrate_success",
    "vmstat.pgmigrate_fail",  "vmstat.allocstall_normal",  "vmstat.pgscan_direct",
    "vmstat.pgsteal_direct",  "vmstat.numa_hint_faults",   "vmstat.numa_pages_migrated",
    "vmstat.numa_miss",       "vmstat.numa_foreign",       "vmstat.thp_zero_page_alloc",
    "vmstat.pgalloc_normal",
};

}  // namespace

KernelReading ParseVmstat(const std::string& text) { return ParsePairs("vmstat.", text); }

KernelReading ParseNumastat(int node, const std::string& text) {
  return ParsePairs("node" + std::to_string(node) + ".", text);
}

KernelReading ParseMeminfo(const std::string& text) {
  KernelReading out;
  ForEachLine(text, [&](std::string_view line) {
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return;
    std::string_view rest = line.substr(colon + 1);
    const auto value = LeadingInteger(rest);
    if (!value) return;
    const bool kilobytes = SkipBlanks(rest).substr(0, 2) == "kB";
    out.emplace(kMeminfoPrefix + std::string(line.substr(0, colon)), kilobytes ? *value * 1024 : *value);
  });
  return out;
}

KernelReading ParseKernelAccounting(const KernelAccountingText& text) {
  KernelReading reading = ParseVmstat(text.vmstat);
  reading.merge(ParseMeminfo(text.meminfo));
  for (const auto& [node, numastat] : text.numastat) reading.merge(ParseNumastat(node, numastat));
  return reading;
}

std::map<std::string, std::int64_t> KernelDeltas(const KernelReading& before, const KernelReading& after) {
  std::map<std::string, std::int64_t> out;
  for (const auto& [name, value] : after) {
    const auto it = before.find(name);
    if (it != before.end() && it->second != value) out[name] = value - it->second;
  }
  return out;
}

std::vector<KernelCounterChange> SummarizeKernelDeltas(const std::vector<Sample>& samples,
                                                       const std::optional<KernelIdleInterval>& idle) {
  std::vector<const Sample*> read;
  std::map<std::string, bool> names;
  double window_ns = 0;
  for (const Sample& s : samples) {
    if (s.kernel_window_ns <= 0) continue;
    read.push_back(&s);
    window_ns += static_cast<double>(s.kernel_window_ns);
    for (const auto& entry : s.kernel_deltas) names[entry.first] = true;
  }
  std::vector<KernelCounterChange> out;
  if (read.empty()) return out;
  window_ns /= static_cast<double>(read.size());
  for (const auto& entry : names) {
    const std::string& name = entry.first;
    KernelCounterChange c;
    c.name = name;
    c.samples = static_cast<int>(read.size());
    std::vector<double> values;
    for (const Sample* s : read) {
      const auto it = s->kernel_deltas.find(name);
      const double v = it == s->kernel_deltas.end() ? 0.0 : static_cast<double>(it->second);
      if (v != 0) ++c.samples_moved;
      values.push_back(v);
    }
    const Summary summary = Summarize(values);
    c.mean_per_sample = summary.mean;
    c.sem = values.size() >= 2 ? summary.sem : 0.0;
    double idle_bound = 0;
    if (idle && idle->window_ns > 0) {
      const auto it = idle->deltas.find(name);
      const double idle_delta = it == idle->deltas.end() ? 0.0 : static_cast<double>(it->second);
      const double scale = window_ns / static_cast<double>(idle->window_ns);
      // Counted in pages where meminfo gives bytes: the kernel moves them
      // a page at a time.
      const double unit = KernelValueIsBytes(name) ? 4096.0 : 1.0;
      const double k = std::fabs(idle_delta) / unit;
      c.idle_per_sample = idle_delta * scale;
      c.idle_bound_per_sample = (k + 2 * std::sqrt(k) + 3) * unit * scale;
      idle_bound = *c.idle_bound_per_sample;
    }
    const double change = std::fabs(c.mean_per_sample);
    if (2 * c.samples_moved < c.samples) {
      c.why_not = fmt::format("moved in {} of {} samples", c.samples_moved, c.samples);
    } else if (change < 1) {
      c.why_not = "under 1 a sample";
    } else if (change <= idle_bound + 2 * c.sem) {
      c.why_not = "within what idle explains";
    } else {
      c.moved_with_sample = true;
    }
    out.push_back(std::move(c));
  }
  // Those that moved with the samples first: the headline values in their
  // order, then the rest, the change largest beside its noise (the idle
  // change and the standard error) first.
  const auto strength = [](const KernelCounterChange& c) {
    return std::fabs(c.mean_per_sample) / (1.0 + c.idle_bound_per_sample.value_or(0.0) + c.sem);
  };
  std::stable_sort(out.begin(), out.end(), [&](const KernelCounterChange& a, const KernelCounterChange& b) {
    if (a.moved_with_sample != b.moved_with_sample) return a.moved_with_sample;
    if (!a.moved_with_sample) return false;  // by name, as they came
    const std::size_t rank_a = KernelHeadlineRank(a.name);
    const std::size_t rank_b = KernelHeadlineRank(b.name);
    if (rank_a != rank_b) return rank_a < rank_b;
    return strength(a) > strength(b);
  });
  return out;
}

bool ReadKernelAccounting(const Sample& s) { return s.kernel_window_ns > 0 && s.loops > 0; }

std::vector<double> KernelValuePerLoop(const std::vector<Sample>& samples, const std::string& name) {
  std::vector<double> values;
  for (const Sample& s : samples) {
    if (!ReadKernelAccounting(s)) continue;
    const auto it = s.kernel_deltas.find(name);
    values.push_back(it == s.kernel_deltas.end() ? 0.0
                                                 : static_cast<double>(it->second) / static_cast<double>(s.loops));
  }
  return values;
}

bool KernelValueIsBytes(const std::string& name) {
  if (name.rfind(kMeminfoPrefix, 0) != 0) return false;
  // meminfo's counts of pages have no kB.
  return name.find("HugePages_") == std::string::npos;
}

bool KernelValueIsLevel(const std::string& name) {
  // vmstat's nr_ values that count events, and the level without nr_.
  static const std::array<std::string_view, 4> kEventsNamedNr = {
      "vmstat.nr_dirtied", "vmstat.nr_written", "vmstat.nr_foll_pin_acquired", "vmstat.nr_foll_pin_released"};
  if (name == "vmstat.workingset_nodes") return true;
  if (std::find(kEventsNamedNr.begin(), kEventsNamedNr.end(), name) != kEventsNamedNr.end()) return false;
  return name.rfind(kMeminfoPrefix, 0) == 0 || name.rfind("vmstat.nr_", 0) == 0;
}

std::string KernelValueLabel(const std::string& name) {
  const auto dot = name.find('.');
  if (dot == std::string::npos) return name;
  const std::string source = name.substr(0, dot);
  if (source == "vmstat" || source == "meminfo") return name.substr(dot + 1);
  return source + " " + name.substr(dot + 1);
}

bool IsKernelValueName(const std::string& name) {
  const auto dot = name.find('.');
  if (dot == std::string::npos || dot + 1 == name.size()) return false;
  const std::string_view source(name.data(), dot);
  if (source == "vmstat" || source == "meminfo") return true;
  const std::string_view node = source.substr(0, 4);
  return node == "node" && source.size() > 4 &&
         std::all_of(source.begin() + 4, source.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::size_t KernelHeadlineRank(const std::string& name) {
  const auto it = std::find(kHeadlineValues.begin(), kHeadlineValues.end(), name);
  return static_cast<std::size_t>(it - kHeadlineValues.begin());
}

}  // namespace membench
