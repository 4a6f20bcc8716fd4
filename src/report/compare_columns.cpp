// File: report/compare_columns.cpp
#include "report/compare_columns.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "report/text_columns.h"

namespace membench {
namespace {

// A column's header: the side's name where it is short, else its number.
constexpr std::size_t kLongestHeader = 18;
constexpr std::size_t kCompareWidth = 100;

// "faster", "lower", "n.s.", "?": the verdict's first word.
std::string VerdictWord(const Comparison& c) {
  switch (c.finding) {
    case Finding::kBetter:
    case Finding::kWorse:
    case Finding::kChanged:
      return c.verdict.substr(0, c.verdict.find(' '));
    case Finding::kNoChange:
      return "n.s.";
    case Finding::kInconclusive:
    case Finding::kInvocationsDiffer:
      break;
  }
  return "?";
}

const FigureRow* Find(const CompareResult& result, const std::string& point, const std::string& figure) {
  for (const FigureRow& row : result.rows) {
    if (row.point == point && row.figure == figure) return &row;
  }
  return nullptr;
}

void WriteSide(std::ostream& out, const std::string& label, const LoadedResult& side) {
  fmt::print(out, "# {}: {}: {} run{}\n", label, side.name, side.runs, side.runs == 1 ? "" : "s");
  for (const auto& command : side.command_lines) fmt::print(out, "#    {}\n", command);
}

}  // namespace

void WriteCompareColumns(const LoadedResult& base, const std::vector<ComparedColumn>& columns, bool verbose,
                         std::ostream& table) {
  // The header's lines wrapped to 100 columns; the table as wide as its
  // columns.
  std::ostringstream out;
  WriteSide(out, "base", base);
  std::vector<std::string> headers = {"figure", "base"};
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string label = std::to_string(i + 1);
    WriteSide(out, label, *columns[i].side);
    headers.push_back(columns[i].side->name.size() <= kLongestHeader ? columns[i].side->name : label);
  }
  fmt::print(out,
             "# each column against the base, as compare BASE SIDE decides it: the side's figure, its change and "
             "the verdict (n.s.: no significant change; ?: inconclusive; -: not measured there){}\n",
             verbose ? "" : "; rows as compare shows them without -v, where any column does");
  table << WrapLines(out.str(), kCompareWidth);
  // The points and figures in the order the comparisons give them.
  std::vector<std::string> points;
  std::vector<std::pair<std::string, std::string>> figures;
  for (const ComparedColumn& column : columns) {
    for (const FigureRow& row : column.result->rows) {
      if (std::find(points.begin(), points.end(), row.point) == points.end()) points.push_back(row.point);
      const std::pair<std::string, std::string> figure{row.point, row.figure};
      if (std::find(figures.begin(), figures.end(), figure) == figures.end()) figures.push_back(figure);
    }
  }
  for (const std::string& point : points) {
    std::vector<std::vector<std::string>> cells;
    for (const auto& [figure_point, figure] : figures) {
      if (figure_point != point) continue;
      std::vector<std::string> line = {figure, "-"};
      bool shown = verbose;
      for (const ComparedColumn& column : columns) {
        const FigureRow* row = Find(*column.result, point, figure);
        if (row == nullptr) {
          line.push_back("-");
          continue;
        }
        const Comparison& c = row->comparison;
        if (line[1] == "-") line[1] = MeanAndSpread(c.a);
        line.push_back(fmt::format("{} {} {}", CompactNumber(c.b.mean), Signed(c.change_pct), VerdictWord(c)));
        shown = shown || RowShownBriefly(*row);
      }
      if (shown) cells.push_back(std::move(line));
    }
    if (cells.empty()) continue;
    fmt::print(table, "\n{}\n", columns.front().result->Shown(point));
    std::vector<bool> right(headers.size(), false);
    right[1] = true;
    WriteColumns(table, headers, cells, right);
  }
  for (std::size_t i = 0; i < columns.size(); ++i) {
    for (const std::string& point : columns[i].result->only_in_a) {
      fmt::print(table, "# only in the base, not in {}: {}\n", headers[i + 2], columns[i].result->Shown(point));
    }
    for (const std::string& point : columns[i].result->only_in_b) {
      fmt::print(table, "# only in {}, not in the base: {}\n", headers[i + 2], columns[i].result->Shown(point));
    }
  }
}

}  // namespace membench
