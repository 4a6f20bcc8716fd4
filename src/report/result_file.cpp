// File: report/result_file.cpp
#include "report/result_file.h"

namespace membench {

LoadedResult FiguresOf(const RunResult& result, const std::string& path) {
  LoadedResult out;
  out.path = path;
  out.command_line = result.command_line;
  for (const Measurement& m : result.measurements) {
    LoadedMeasurement figures;
    figures.workload = m.workload;
    figures.unit = m.unit;
    for (const auto& [name, value] : m.point.values) {
      figures.point[name] = value.numeric ? std::to_string(value.number) : value.text;
    }
    std::map<std::string, bool> counted_always;
    for (const Sample& s : m.samples) {
      if (const auto rate = RatePerSecond(s)) figures.rate.push_back(*rate);
      // A sample the clock saw take no time has no time per loop either.
      if (s.loops > 0 && s.wall_ns > 0) {
        figures.ns_per_loop.push_back(static_cast<double>(s.wall_ns) / static_cast<double>(s.loops));
      }
      for (std::size_t e = 0; e < result.events.size() && e < s.counters.size(); ++e) {
        const std::string& event = result.events[e].name;
        if (!counted_always.count(event)) counted_always[event] = true;
        const auto& value = s.counters[e];
        if (!value || !value->counted() || s.loops == 0) {
          counted_always[event] = false;
          continue;
        }
        figures.counters_per_loop[event].push_back(value->scaled / static_cast<double>(s.loops));
      }
    }
    for (auto it = figures.counters_per_loop.begin(); it != figures.counters_per_loop.end();) {
      it = counted_always[it->first] ? std::next(it) : figures.counters_per_loop.erase(it);
    }
    out.measurements.push_back(std::move(figures));
  }
  return out;
}

}  // namespace membench
