// File: fuzz/fuzz_compare.cpp
// What compare does with two result files: load both (the input holds A,
// a NUL byte, then B; without one, B is A), take their figures, match and
// compare them, render the verdicts as text, JSON and HTML. Properties: a
// result compared with itself finds no significant change in any row; the
// comparison and its reports raise nothing but membench's Error.
#include <sstream>
#include <string>

#include "core/error.h"
#include "fuzz_property.h"
#include "core/result_decoder.h"
#include "report/compare_report.h"
#include "report/html_report.h"
#include "report/loaded_result.h"
#include "report/metadata_diff.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = membench::fuzz::InputText(data, size);
  const auto nul = input.find('\0');
  membench::RunResult a;
  membench::RunResult b;
  try {
    a = membench::ParseResult(input.substr(0, nul), "a.json");
    b = nul == std::string::npos ? a : membench::ParseResult(input.substr(nul + 1), "b.json");
  } catch (const membench::Error&) {
    return 0;
  }
  const membench::LoadedResult figures_a = membench::FiguresOf({a}, "a.json");
  const membench::LoadedResult figures_b = membench::FiguresOf({b}, "b.json");
  const membench::CompareOptions options;
  try {
    const membench::CompareResult self = membench::CompareResults(figures_a, figures_a, options);
    for (const membench::FigureRow& row : self.rows) {
      Require(!row.comparison.significant, "a result compared with itself changes nowhere (" + row.point + ", " +
                                               row.figure + ": " + row.comparison.verdict + ")");
    }
  } catch (const membench::Error&) {
  }
  try {
    const membench::CompareResult compared = membench::CompareResults(figures_a, figures_b, options);
    const auto differences = membench::DifferingMetadata({a}, {b});
    std::ostringstream out;
    membench::WriteCompareText(compared, figures_a, figures_b, options, differences, out);
    out << membench::CompareToJson(compared, figures_a, figures_b, options).dump();
    membench::WriteHtmlCompare(compared, figures_a, figures_b, differences, options, out);
  } catch (const membench::Error&) {
  }
  return 0;
}
