// File: report/node_matrix_report.cpp
#include "report/node_matrix_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <string>

#include "core/node_matrix.h"
#include "report/rate_text.h"
#include "report/text_columns.h"

namespace membench {
namespace {

// What a cell holds, said once above the matrix, and the figure of one point.
struct CellFigure {
  std::string what;
  double (*of)(double per_second, double divisor);
  double divisor = 1;
};

CellFigure FigureFor(const Measurement& m, ByteRateUnit bytes) {
  if (m.unit == WorkUnit::kBytes) {
    return {std::string(ByteRateName(bytes)) + " " + m.rate_label, [](double rate, double d) { return rate / d; },
            ByteRateDivisor(bytes)};
  }
  return {fmt::format("ns a {}", UnitSingular(m.unit)), [](double rate, double) { return 1e9 / rate; }, 1};
}

// Four significant digits, trailing zeros kept, so a column's figures align
// as the table's above do: 13.02, 140.0.
std::string FourDigits(double value) {
  const int decimals = value < 10 ? 3 : value < 100 ? 2 : value < 1000 ? 1 : 0;
  return fmt::format("{:.{}f}", value, decimals);
}

}  // namespace

void WriteNodeMatrices(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                       ByteRateUnit bytes) {
  for (const NodeMatrix& matrix : NodeMatricesOf(r.measurements)) {
    const Measurement& first = r.measurements[matrix.cells.begin()->second];
    const CellFigure figure = FigureFor(first, bytes);
    fmt::print(out, "\n# node x node{}: {}; rows: the workers' CPUs' node (--cpunodebind), columns: the memory's "
                    "node (--membind)\n",
               matrix.label.empty() ? "" : " (" + matrix.label + ")", figure.what);
    std::vector<std::string> headers = {"cpu\\mem"};
    std::vector<bool> right = {false};
    for (const int node : matrix.memory_nodes) {
      headers.push_back(std::to_string(node));
      right.push_back(true);
    }
    std::vector<std::vector<std::string>> rows;
    for (const int cpu : matrix.cpu_nodes) {
      std::vector<std::string> row = {std::to_string(cpu)};
      for (const int memory : matrix.memory_nodes) {
        const auto cell = matrix.cells.find({cpu, memory});
        const double rate = cell == matrix.cells.end() ? 0 : stats[cell->second].rate.mean;
        row.push_back(rate > 0 ? FourDigits(figure.of(rate, figure.divisor)) : "-");
      }
      rows.push_back(std::move(row));
    }
    WriteColumns(out, headers, rows, right, 2);
  }
}

}  // namespace membench
