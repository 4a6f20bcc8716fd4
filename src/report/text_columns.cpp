// File: report/text_columns.cpp
#include "report/text_columns.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <sstream>

namespace membench {

void WriteColumns(std::ostream& out, const std::vector<std::string>& headers,
                  const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right_aligned) {
  std::vector<std::size_t> widths;
  for (const std::string& h : headers) widths.push_back(h.size());
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
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
      if (!last) text += "  ";
    }
    // A trailing empty column leaves no trailing blanks.
    text.erase(text.find_last_not_of(' ') + 1);
    fmt::print(out, "{}\n", text);
  };
  line(headers);
  for (const auto& row : rows) line(row);
}

std::string WrapLines(const std::string& text, std::size_t width) {
  std::istringstream in(text);
  std::string wrapped;
  std::string line;
  while (std::getline(in, line)) {
    const std::string continuation = line.rfind("#", 0) == 0 ? "#   " : "  ";
    while (line.size() > width) {
      std::size_t cut = line.rfind(' ', width);
      if (cut == std::string::npos || cut <= continuation.size()) cut = line.find(' ', width);
      if (cut == std::string::npos) break;
      wrapped += line.substr(0, cut) + "\n";
      line = continuation + line.substr(line.find_first_not_of(' ', cut) == std::string::npos
                                            ? line.size()
                                            : line.find_first_not_of(' ', cut));
    }
    wrapped += line + "\n";
  }
  return wrapped;
}

}  // namespace membench
