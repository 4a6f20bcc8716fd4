// File: store/measurement_rows.cpp
#include "store/measurement_rows.h"

#include <fmt/format.h>

#include <string>

#include "core/result_decoder.h"
#include "core/stats.h"

namespace membench {

void InsertMeasurementRows(Database& db, std::int64_t run_id, const RunResult& result) {
  for (std::size_t i = 0; i < result.measurements.size(); ++i) {
    const Measurement& m = result.measurements[i];
    std::vector<double> rates;
    for (const Sample& s : m.samples) {
      if (const auto rate = RatePerSecond(s)) rates.push_back(*rate);
    }
    SqlValue mean;
    if (!rates.empty()) mean = fmt::format("{:.17g}", Summarize(rates).mean);
    db.Query(
        "INSERT INTO measurements (run_id, position, workload, point, unit, samples, mean_rate) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        {std::to_string(run_id), std::to_string(i), m.workload, m.point.Label(), std::string(UnitName(m.unit)),
         std::to_string(m.samples.size()), mean});
  }
}

void BackfillMeasurementRows(Database& db) {
  for (const SqlRow& row : db.Query("SELECT id, result FROM runs ORDER BY id")) {
    const std::string id = row.at(0).value_or("0");
    const RunResult result = ParseResult(row.at(1).value_or(""), db.name() + " run " + id);
    InsertMeasurementRows(db, std::stoll(id), result);
  }
}

}  // namespace membench
