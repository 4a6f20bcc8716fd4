// File: report/csv_fields.h
// The fields of membench's CSV tables (RFC 4180): text quoted where it holds
// a comma, a quote or a line break; numbers at full precision, so a
// spreadsheet recomputes what membench printed; lines end in CRLF.
#pragma once

#include <fmt/format.h>

#include <string>

namespace membench {

inline constexpr const char* kCsvLineEnd = "\r\n";

inline std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

inline std::string CsvNumber(double value) { return fmt::format("{}", value); }

}  // namespace membench
