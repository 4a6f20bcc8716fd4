// File: report/csv_report.cpp
#include "report/csv_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/measurement_stats.h"
#include "core/units.h"
#include "report/csv_fields.h"

namespace membench {
namespace {

// Nanoseconds as seconds, exactly as far as a double goes.
std::string Seconds(std::int64_t ns) { return CsvNumber(static_cast<double>(ns) / 1e9); }

void AddOnce(std::vector<std::string>& list, const std::string& name) {
  if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
}

struct Columns {
  std::vector<std::string> params;
  std::vector<std::string> events;
  std::vector<std::string> sides;  // side counts (loaded's load traffic), as rates
};

// The table's own columns after the parameters; a parameter of the same
// name (hackbench's loops) is written param_NAME so no two columns share one.
const std::vector<std::string>& FixedColumns() {
  static const std::vector<std::string> names = {"sample",
                                                 "samples",
                                                 "work_unit",
                                                 "loops",
                                                 "work",
                                                 "wall_s",
                                                 "user_s",
                                                 "system_s",
                                                 "rate_per_s",
                                                 "rate_median_per_s",
                                                 "rate_ci95_low_per_s",
                                                 "rate_ci95_high_per_s",
                                                 "rate_rsem_pct",
                                                 "cycles_per_unit",
                                                 "cycles_source"};
  return names;
}

std::string ParamColumn(const std::string& name) {
  const auto& fixed = FixedColumns();
  const bool taken = std::find(fixed.begin(), fixed.end(), name) != fixed.end() || name == "result" || name == "row" ||
                     name == "workload" || name == "label";
  return taken ? "param_" + name : name;
}

Columns ColumnsOf(const std::vector<RunResult>& results) {
  Columns c;
  for (const RunResult& r : results) {
    for (const Measurement& m : r.measurements) {
      for (const auto& [name, value] : m.point.values) AddOnce(c.params, name);
      for (const SideCount& side : m.side_counts) AddOnce(c.sides, side.name);
    }
    for (const EventStatus& e : r.events) AddOnce(c.events, e.name);
  }
  return c;
}

class CsvWriter {
 public:
  CsvWriter(std::ostream& out, const Columns& columns) : out_(out), columns_(columns) {}

  void Header() {
    std::vector<std::string> names = {"result", "row", "workload", "label"};
    for (const std::string& param : columns_.params) names.push_back(ParamColumn(param));
    names.insert(names.end(), FixedColumns().begin(), FixedColumns().end());
    for (const std::string& event : columns_.events) {
      names.push_back(event);
      names.push_back(event + " running_pct");
    }
    for (const std::string& side : columns_.sides) names.push_back(side + " per_s");
    Line(names);
  }

  void Samples(int result, const RunResult& r, const Measurement& m) {
    for (std::size_t k = 0; k < m.samples.size(); ++k) {
      const Sample& s = m.samples[k];
      std::vector<std::string> cells = Leading(result, "sample", m);
      const auto rate = RatePerSecond(s);
      cells.insert(cells.end(),
                   {fmt::format("{}", k + 1), "", std::string(UnitName(m.unit)), fmt::format("{}", s.loops),
                    fmt::format("{}", s.work), Seconds(s.wall_ns), Seconds(s.user_ns), Seconds(s.system_ns),
                    rate ? CsvNumber(*rate) : "", "", "", "", "", "", ""});
      for (const std::string& event : columns_.events) {
        const std::optional<CounterValue>* value = CounterOf(r, s, event);
        const bool counted = value != nullptr && value->has_value() && (*value)->counted();
        cells.push_back(counted ? CsvNumber((*value)->scaled) : "");
        cells.push_back(value != nullptr && value->has_value() && (*value)->enabled_ns > 0
                            ? CsvNumber(100.0 * static_cast<double>((*value)->running_ns) /
                                        static_cast<double>((*value)->enabled_ns))
                            : "");
      }
      for (const std::string& side : columns_.sides) {
        const auto found = std::find_if(m.side_counts.begin(), m.side_counts.end(),
                                        [&](const SideCount& c) { return c.name == side; });
        const auto index = static_cast<std::size_t>(found - m.side_counts.begin());
        const bool known =
            found != m.side_counts.end() && index < s.side_counts.size() && s.side_counts[index] && s.wall_ns > 0;
        cells.push_back(
            known ? CsvNumber(static_cast<double>(*s.side_counts[index]) * 1e9 / static_cast<double>(s.wall_ns)) : "");
      }
      Line(cells);
    }
  }

  void Summary(int result, const RunResult& r, const Measurement& m) {
    const MeasurementStats st = ComputeMeasurementStats(m, r.events);
    std::vector<std::string> cells = Leading(result, "summary", m);
    // Unknown is blank, never 0: no spread from one sample, no cycles
    // where neither the PMU nor the TSC gave any.
    const bool spread = st.rate.n >= 2;
    const bool cycles = st.cycles_per_unit > 0;
    cells.insert(cells.end(),
                 {"", fmt::format("{}", st.rate.n), std::string(UnitName(m.unit)), fmt::format("{}", m.loops),
                  CsvNumber(st.work_per_sample), CsvNumber(st.wall_seconds.mean), CsvNumber(st.user_seconds.mean),
                  CsvNumber(st.system_seconds.mean), CsvNumber(st.rate.mean), CsvNumber(st.rate.median),
                  spread ? CsvNumber(st.rate.ci95_low) : "", spread ? CsvNumber(st.rate.ci95_high) : "",
                  spread ? CsvNumber(st.rate.rel_sem_pct) : "", cycles ? CsvNumber(st.cycles_per_unit) : "",
                  cycles ? (st.cycles_from_pmu ? "pmu" : "tsc-estimate") : ""});
    for (const std::string& event : columns_.events) {
      const auto found =
          std::find_if(st.counters.begin(), st.counters.end(), [&](const CounterStats& c) { return c.name == event; });
      const bool counted = found != st.counters.end() && found->counted;
      cells.push_back(counted ? CsvNumber(found->summary.mean) : "");
      cells.push_back(counted ? CsvNumber(found->running_pct) : "");
    }
    for (const std::string& side : columns_.sides) {
      const auto found = std::find_if(st.side_rates.begin(), st.side_rates.end(),
                                      [&](const SideRateStats& rate) { return rate.name == side; });
      cells.push_back(found != st.side_rates.end() && found->per_second.n > 0 ? CsvNumber(found->per_second.mean) : "");
    }
    Line(cells);
  }

 private:
  std::vector<std::string> Leading(int result, const char* row, const Measurement& m) const {
    std::vector<std::string> cells = {fmt::format("{}", result), row, m.workload,
                                      m.summary_row ? m.summary_row->label : ""};
    for (const std::string& name : columns_.params) {
      const auto found = std::find_if(m.point.values.begin(), m.point.values.end(),
                                      [&](const auto& value) { return value.first == name; });
      cells.push_back(found == m.point.values.end() ? ""
                      : found->second.numeric       ? fmt::format("{}", found->second.number)
                                                    : found->second.text);
    }
    return cells;
  }

  // The sample's reading of `event`, or nullptr where the result has no
  // such event.
  static const std::optional<CounterValue>* CounterOf(const RunResult& r, const Sample& s, const std::string& event) {
    for (std::size_t i = 0; i < r.events.size() && i < s.counters.size(); ++i) {
      if (r.events[i].name == event) return &s.counters[i];
    }
    return nullptr;
  }

  void Line(const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) line += (i == 0 ? "" : ",") + CsvField(cells[i]);
    out_ << line << kCsvLineEnd;
  }

  std::ostream& out_;
  const Columns& columns_;
};

}  // namespace

void WriteCsvReport(const std::vector<RunResult>& results, std::ostream& out) {
  const Columns columns = ColumnsOf(results);
  CsvWriter writer(out, columns);
  writer.Header();
  for (std::size_t i = 0; i < results.size(); ++i) {
    for (const Measurement& m : results[i].measurements) {
      writer.Samples(static_cast<int>(i + 1), results[i], m);
      writer.Summary(static_cast<int>(i + 1), results[i], m);
    }
  }
}

}  // namespace membench
