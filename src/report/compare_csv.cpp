// File: report/compare_csv.cpp
#include "report/compare_csv.h"

#include <optional>
#include <string>
#include <vector>

#include "report/csv_fields.h"

namespace membench {
namespace {

std::string OptionalNumber(const std::optional<double>& value) { return value ? CsvNumber(*value) : ""; }

std::string PValue(const std::optional<TestResult>& test) {
  return OptionalNumber(test ? std::optional<double>(test->p_value) : std::nullopt);
}

void WriteLine(std::ostream& out, const std::vector<std::string>& cells) {
  std::string line;
  for (const std::string& cell : cells) line += (line.empty() ? "" : ",") + cell;
  out << line << kCsvLineEnd;
}

}  // namespace

void WriteCompareCsv(const CompareResult& compared, std::ostream& out) {
  WriteLine(out, {"point", "figure", "is_rate", "a_n", "a_mean", "a_stddev", "b_n", "b_mean", "b_stddev", "change_pct",
                  "p_mann_whitney", "p_welch", "ratio_ci95_low", "ratio_ci95_high", "significant", "verdict",
                  "detectable_pct", "invocations_needed", "needed_for_pct"});
  for (const FigureRow& row : compared.rows) {
    const Comparison& c = row.comparison;
    WriteLine(out, {CsvField(compared.Shown(row.point)), CsvField(row.figure), row.is_rate ? "1" : "0",
                    CsvNumber(static_cast<double>(c.a.n)), CsvNumber(c.a.mean), CsvNumber(c.a.stddev),
                    CsvNumber(static_cast<double>(c.b.n)), CsvNumber(c.b.mean), CsvNumber(c.b.stddev),
                    CsvNumber(c.change_pct), PValue(c.mann_whitney), PValue(c.welch),
                    OptionalNumber(c.ratio_ci95 ? std::optional<double>(c.ratio_ci95->low) : std::nullopt),
                    OptionalNumber(c.ratio_ci95 ? std::optional<double>(c.ratio_ci95->high) : std::nullopt),
                    c.significant ? "1" : "0", CsvField(c.verdict), OptionalNumber(row.detectable_pct),
                    OptionalNumber(row.invocations_needed ? std::optional<double>(*row.invocations_needed)
                                                          : std::nullopt),
                    OptionalNumber(row.needed_for_pct > 0 ? std::optional<double>(row.needed_for_pct) : std::nullopt)});
  }
}

}  // namespace membench
