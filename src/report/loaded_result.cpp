// File: report/loaded_result.cpp
#include "report/loaded_result.h"

#include <algorithm>

#include "core/kernel_accounting.h"
#include "core/name_lists.h"
#include "core/profile.h"

namespace membench {
namespace {

// The measurement's workload and point, without its figures.
LoadedMeasurement NamedPoint(const Measurement& m) {
  LoadedMeasurement named;
  named.workload = m.workload;
  named.unit = m.unit;
  named.time_of_process = m.program_figure && m.program_figure->kind == FigureKind::kRate;
  for (const auto& [name, value] : m.point.values) {
    named.point[name] = value.numeric ? std::to_string(value.number) : value.text;
    named.shown_point.emplace_back(name, value.text);
  }
  return named;
}

// One run per invocation of the result that measured the point.
LoadedMeasurement FiguresOf(const Measurement& m, const RunResult& result) {
  LoadedMeasurement figures = NamedPoint(m);
  std::vector<int> runs_of_invocation(static_cast<std::size_t>(std::max(result.invocations, 1)), -1);
  for (const Sample& s : m.samples) {
    if (s.invocation >= 0 && s.invocation < result.invocations) {
      runs_of_invocation[static_cast<std::size_t>(s.invocation)] = 0;
    }
  }
  int runs = 0;
  for (int& run : runs_of_invocation) {
    if (run == 0) run = runs++;
  }
  figures.rate.resize(static_cast<std::size_t>(runs));
  figures.ns_per_loop.resize(static_cast<std::size_t>(runs));
  std::map<std::string, bool> counted_always;
  for (const Sample& s : m.samples) {
    if (s.invocation < 0 || s.invocation >= result.invocations) continue;
    const auto run = static_cast<std::size_t>(runs_of_invocation[static_cast<std::size_t>(s.invocation)]);
    if (const auto rate = RatePerSecond(s)) figures.rate[run].push_back(*rate);
    // A sample the clock saw take no time has no time per loop either.
    if (s.program_rate && !figures.time_of_process) {
      figures.ns_per_loop[run].push_back(1e9 / *s.program_rate);
    } else if (s.loops > 0 && s.wall_ns > 0) {
      figures.ns_per_loop[run].push_back(static_cast<double>(s.wall_ns) / static_cast<double>(s.loops));
    }
    for (std::size_t e = 0; e < result.events.size() && e < s.counters.size(); ++e) {
      const std::string& event = result.events[e].name;
      if (!counted_always.count(event)) counted_always[event] = true;
      const auto& value = s.counters[e];
      if (!value || !value->counted() || s.loops == 0) {
        counted_always[event] = false;
        continue;
      }
      auto& per_run = figures.counters_per_loop[event];
      per_run.resize(static_cast<std::size_t>(runs));
      per_run[run].push_back(value->scaled / static_cast<double>(s.loops));
    }
  }
  for (auto it = figures.counters_per_loop.begin(); it != figures.counters_per_loop.end();) {
    it = counted_always[it->first] ? std::next(it) : figures.counters_per_loop.erase(it);
  }
  figures.kernel_per_loop.resize(static_cast<std::size_t>(runs));
  for (const Sample& s : m.samples) {
    if (s.invocation < 0 || s.invocation >= result.invocations || !ReadKernelAccounting(s)) continue;
    const auto run = static_cast<std::size_t>(runs_of_invocation[static_cast<std::size_t>(s.invocation)]);
    std::map<std::string, double> per_loop;
    for (const auto& [name, delta] : s.kernel_deltas) {
      per_loop[name] = static_cast<double>(delta) / static_cast<double>(s.loops);
    }
    figures.kernel_per_loop[run].push_back(std::move(per_loop));
  }
  for (const KernelCounterChange& c : SummarizeKernelDeltas(m.samples, result.kernel_idle)) {
    if (c.moved_with_sample) figures.kernel_moved.insert(c.name);
  }
  figures.run_boot.assign(static_cast<std::size_t>(runs), result.system.boot_id);
  figures.profile_share.resize(static_cast<std::size_t>(runs));
  for (const Sample& s : m.samples) {
    if (s.invocation < 0 || s.invocation >= result.invocations || s.profile_samples == 0) continue;
    const auto run = static_cast<std::size_t>(runs_of_invocation[static_cast<std::size_t>(s.invocation)]);
    std::map<std::string, double> shares;
    for (const auto& [symbol, count] : s.profile_self) {
      shares[symbol] = 100.0 * static_cast<double>(count) / static_cast<double>(s.profile_samples);
    }
    figures.profile_share[run].push_back(std::move(shares));
  }
  return figures;
}

void Append(std::vector<std::vector<double>>& to, const std::vector<std::vector<double>>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// Adds b's run to a's; a counter stays only where every run counted it.
void AddRun(LoadedMeasurement& a, const LoadedMeasurement& b) {
  Append(a.rate, b.rate);
  Append(a.ns_per_loop, b.ns_per_loop);
  a.kernel_per_loop.insert(a.kernel_per_loop.end(), b.kernel_per_loop.begin(), b.kernel_per_loop.end());
  a.kernel_moved.insert(b.kernel_moved.begin(), b.kernel_moved.end());
  a.profile_share.insert(a.profile_share.end(), b.profile_share.begin(), b.profile_share.end());
  a.run_boot.insert(a.run_boot.end(), b.run_boot.begin(), b.run_boot.end());
  for (auto it = a.counters_per_loop.begin(); it != a.counters_per_loop.end();) {
    const auto other = b.counters_per_loop.find(it->first);
    if (other == b.counters_per_loop.end()) {
      it = a.counters_per_loop.erase(it);
    } else {
      Append(it->second, other->second);
      ++it;
    }
  }
}

}  // namespace

LoadedResult FiguresOf(const std::vector<RunResult>& results, const std::string& name) {
  LoadedResult out;
  out.name = name;
  out.results = static_cast<int>(results.size());
  for (const RunResult& result : results) {
    out.runs += std::max(result.invocations, 1);
    if (std::find(out.boots.begin(), out.boots.end(), result.system.boot_id) == out.boots.end()) {
      out.boots.push_back(result.system.boot_id);
    }
    if (std::find(out.command_lines.begin(), out.command_lines.end(), result.command_line) == out.command_lines.end()) {
      out.command_lines.push_back(result.command_line);
    }
    for (const Measurement& m : result.measurements) {
      LoadedMeasurement figures = FiguresOf(m, result);
      const auto same = std::find_if(out.measurements.begin(), out.measurements.end(), [&](const LoadedMeasurement& o) {
        return o.workload == figures.workload && o.point == figures.point;
      });
      if (same != out.measurements.end() && &result != &results.front()) {
        AddRun(*same, figures);
      } else {
        out.measurements.push_back(std::move(figures));
      }
    }
  }
  return out;
}

namespace {

bool EveryBootKnown(const LoadedResult& side) {
  return !side.boots.empty() && std::find(side.boots.begin(), side.boots.end(), "") == side.boots.end();
}

// Each boot's runs' lists joined into one list, the boots in `boots`' order
// (those the measurement has runs in).
template <typename Item>
std::vector<std::vector<Item>> JoinedByBoot(const std::vector<std::vector<Item>>& runs,
                                            const std::vector<std::string>& run_boot,
                                            const std::vector<std::string>& boots) {
  std::vector<std::vector<Item>> joined;
  for (const std::string& boot : boots) {
    std::vector<Item> of_boot;
    for (std::size_t run = 0; run < runs.size() && run < run_boot.size(); ++run) {
      if (run_boot[run] == boot) of_boot.insert(of_boot.end(), runs[run].begin(), runs[run].end());
    }
    joined.push_back(std::move(of_boot));
  }
  return joined;
}

bool SidesInDifferentBoots(const LoadedResult& a, const LoadedResult& b) {
  return std::none_of(a.boots.begin(), a.boots.end(), [&](const std::string& boot) {
    return std::find(b.boots.begin(), b.boots.end(), boot) != b.boots.end();
  });
}

}  // namespace

bool BootsAreTheUnit(const LoadedResult& a, const LoadedResult& b) {
  return EveryBootKnown(a) && EveryBootKnown(b) && a.boots.size() >= 2 && b.boots.size() >= 2 &&
         SidesInDifferentBoots(a, b);
}

bool OneBootASideApart(const LoadedResult& a, const LoadedResult& b) {
  return EveryBootKnown(a) && EveryBootKnown(b) && (a.boots.size() == 1 || b.boots.size() == 1) &&
         SidesInDifferentBoots(a, b);
}

LoadedResult PooledByBoot(const LoadedResult& side) {
  LoadedResult pooled = side;
  pooled.boot_is_the_unit = true;
  pooled.runs = static_cast<int>(side.boots.size());
  for (LoadedMeasurement& m : pooled.measurements) {
    std::vector<std::string> boots;
    for (const std::string& boot : side.boots) {
      if (std::find(m.run_boot.begin(), m.run_boot.end(), boot) != m.run_boot.end()) boots.push_back(boot);
    }
    m.rate = JoinedByBoot(m.rate, m.run_boot, boots);
    m.ns_per_loop = JoinedByBoot(m.ns_per_loop, m.run_boot, boots);
    for (auto& [event, runs] : m.counters_per_loop) runs = JoinedByBoot(runs, m.run_boot, boots);
    m.kernel_per_loop = JoinedByBoot(m.kernel_per_loop, m.run_boot, boots);
    m.profile_share = JoinedByBoot(m.profile_share, m.run_boot, boots);
    m.run_boot = boots;
  }
  return pooled;
}

bool ReadKernelAccounting(const LoadedMeasurement& m) {
  return std::any_of(m.kernel_per_loop.begin(), m.kernel_per_loop.end(), [](const auto& run) { return !run.empty(); });
}

std::vector<std::string> KernelValueNames(const LoadedMeasurement& m) {
  std::vector<std::string> names;
  for (const auto& run : m.kernel_per_loop) {
    for (const auto& sample : run) {
      for (const auto& entry : sample) names.push_back(entry.first);
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

namespace {

// One name's value in each sample of each run, 0 where a sample lacks it;
// the runs without samples left out.
std::vector<std::vector<double>> ValuePerRun(const std::vector<std::vector<std::map<std::string, double>>>& runs,
                                             const std::string& name) {
  std::vector<std::vector<double>> values;
  for (const auto& run : runs) {
    if (run.empty()) continue;
    std::vector<double> per_sample;
    for (const auto& sample : run) {
      const auto it = sample.find(name);
      per_sample.push_back(it == sample.end() ? 0.0 : it->second);
    }
    values.push_back(std::move(per_sample));
  }
  return values;
}

}  // namespace

std::vector<std::vector<double>> KernelValuePerLoop(const LoadedMeasurement& m, const std::string& name) {
  return ValuePerRun(m.kernel_per_loop, name);
}

std::vector<std::string> ProfiledSymbols(const LoadedMeasurement& m, double min_pct) {
  std::map<std::string, double> sums;
  std::size_t samples = 0;
  for (const auto& run : m.profile_share) {
    for (const auto& sample : run) {
      ++samples;
      for (const auto& [symbol, share] : sample) sums[symbol] += share;
    }
  }
  std::vector<std::pair<double, std::string>> kept;
  for (const auto& [symbol, sum] : sums) {
    const double mean = sum / static_cast<double>(samples);
    if (mean >= min_pct && symbol != kOtherSymbols) kept.emplace_back(-mean, symbol);
  }
  std::sort(kept.begin(), kept.end());
  std::vector<std::string> symbols;
  for (const auto& entry : kept) symbols.push_back(entry.second);
  return symbols;
}

std::vector<std::vector<double>> SelfSharePerRun(const LoadedMeasurement& m, const std::string& symbol) {
  return ValuePerRun(m.profile_share, symbol);
}

std::string PointKey(const LoadedMeasurement& m, const std::vector<std::string>& ignore) {
  std::string key = m.workload;
  for (const auto& [name, value] : m.point) {
    if (!Contains(ignore, name)) key += " " + name + "=" + value;
  }
  return key;
}

std::string PointKey(const Measurement& m, const std::vector<std::string>& ignore) {
  return PointKey(NamedPoint(m), ignore);
}

std::string ShownPoint(const LoadedMeasurement& m, const std::vector<std::string>& ignore) {
  std::string shown = m.workload;
  for (const auto& [name, value] : m.shown_point) {
    if (!Contains(ignore, name)) shown += " " + name + "=" + value;
  }
  return shown;
}

}  // namespace membench
