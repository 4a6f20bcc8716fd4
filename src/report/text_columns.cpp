// File: report/text_columns.cpp
#include "report/text_columns.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <string_view>

namespace membench {

void WriteColumns(std::ostream& out, const std::vector<std::string>& headers,
                  const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right_aligned,
                  std::size_t gap) {
  std::vector<std::size_t> widths;
  for (const std::string& h : headers) widths.push_back(h.size());
  for (const auto& row : rows) {
    if (row.size() > widths.size()) widths.resize(row.size(), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  const auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const bool last = i + 1 == cells.size();
      const bool right = i < right_aligned.size() && right_aligned[i];
      if (last && !right) {
        text += cells[i];
      } else {
        text += right ? fmt::format("{:>{}}", cells[i], widths[i]) : fmt::format("{:<{}}", cells[i], widths[i]);
      }
      if (!last) text += std::string(gap, ' ');
    }
    // A trailing empty column leaves no trailing blanks.
    text.erase(text.find_last_not_of(' ') + 1);
    fmt::print(out, "{}\n", text);
  };
  line(headers);
  for (const auto& row : rows) line(row);
}

std::string CompactNumber(double value) {
  if (value == 0 || !std::isfinite(value)) return fmt::format("{}", value);
  // Rounded to four digits first, so that 9999.7 becomes "10.00k", not "10000".
  const double rounded = std::stod(fmt::format("{:.3e}", value));
  const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  if (exponent < -3) return fmt::format("{:.3e}", rounded);
  if (exponent < 4) return fmt::format("{:.{}f}", rounded, 3 - exponent);
  static constexpr std::string_view kPrefixes = "kMGTPE";
  const int thousands = std::min(exponent / 3, static_cast<int>(kPrefixes.size()));
  return fmt::format("{:.{}f}{}", rounded / std::pow(1000.0, thousands), std::max(0, 3 - (exponent - 3 * thousands)),
                     kPrefixes[static_cast<std::size_t>(thousands - 1)]);
}

namespace {

// Where to break `line` so that at most `width` columns stay before the
// break: the byte index of the last space within them, or of the first
// space after them for a word longer than that; npos when the line fits or
// has no space to break at. Columns are characters: colour escapes and
// UTF-8 continuation bytes take none.
std::size_t BreakAt(const std::string& line, std::size_t width, std::size_t keep) {
  std::size_t column = 0;
  std::size_t last_space = std::string::npos;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\033') {
      const std::size_t end = line.find('m', i);
      if (end == std::string::npos) break;
      i = end;
      continue;
    }
    if ((c & 0xC0) == 0x80) continue;
    if (c == ' ' && i >= keep) {
      if (column > width) return last_space != std::string::npos ? last_space : i;
      last_space = i;
    }
    ++column;
  }
  return column > width ? last_space : std::string::npos;
}

}  // namespace

// Below this a figure is written with an exponent: in fixed notation its
// significant digits would need more than kMaxDecimals decimals.
constexpr double kSmallestFixed = 1e-4;
constexpr int kMaxDecimals = 8;

int DecimalsFor(double value, int digits) {
  if (!std::isfinite(value) || value == 0) return digits - 1;
  // The integer digits once rounded to `digits`: 9.9996 is 10.00, not 9.9996.
  const double rounded = std::stod(fmt::format("{:.{}e}", std::fabs(value), digits - 1));
  const int integer_digits = static_cast<int>(std::floor(std::log10(rounded))) + 1;
  return std::clamp(digits - integer_digits, 0, kMaxDecimals);
}

std::string Significant(double value, int digits) {
  if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
  if (value != 0 && std::fabs(value) < kSmallestFixed) return fmt::format("{:.{}e}", value, digits - 1);
  return fmt::format("{:.{}f}", value, DecimalsFor(value, digits));
}

std::string WrapLines(const std::string& text, std::size_t width) {
  std::istringstream in(text);
  std::string wrapped;
  std::string line;
  while (std::getline(in, line)) {
    const bool comment = line.rfind("#", 0) == 0;
    const std::string continuation = comment ? "#   " : "  ";
    // Never break inside a line's own lead ("#" and the blanks after it, or
    // an indent): a continuation only after its own.
    const std::size_t lead = line.find_first_not_of(comment ? "# " : " ");
    if (lead == std::string::npos) {
      wrapped += line + "\n";
      continue;
    }
    for (std::size_t keep = lead + 1;; keep = continuation.size() + 1) {
      const std::size_t cut = BreakAt(line, width, keep);
      const std::size_t rest = cut == std::string::npos ? cut : line.find_first_not_of(' ', cut);
      if (rest == std::string::npos) break;  // fits, or only blanks after the break
      wrapped += line.substr(0, cut) + "\n";
      line = continuation + line.substr(rest);
    }
    wrapped += line + "\n";
  }
  return wrapped;
}

}  // namespace membench
