// File: core/units.cpp
#include "core/units.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace membench {
namespace {

// Products of a 64-bit size and a power of ten.
__extension__ typedef unsigned __int128 Wide;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Splits "64MiB" into digits "64" and suffix "mib"; rejects signs and blanks.
std::pair<std::uint64_t, std::string> SplitNumber(std::string_view text, std::string_view what) {
  std::size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0) {
    throw Error(fmt::format("invalid {} '{}': expected a number with an optional unit, e.g. 64M", what, text));
  }
  std::uint64_t value = 0;
  for (std::size_t k = 0; k < i; ++k) {
    const unsigned digit = static_cast<unsigned>(text[k] - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
      throw Error(fmt::format("invalid {} '{}': number too large", what, text));
    }
    value = value * 10 + digit;
  }
  return {value, Lower(text.substr(i))};
}

}  // namespace

std::uint64_t ParseSize(std::string_view text) {
  // "1.5 KiB": the fraction's digits, and one space before the unit.
  std::string_view fraction;
  std::size_t end = 0;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  // Without leading digits SplitNumber says what is wrong.
  if (end == 0) SplitNumber(text, "size");
  std::string_view rest = text.substr(end);
  if (!rest.empty() && rest.front() == '.') {
    std::size_t digits = 1;
    while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
    fraction = rest.substr(1, digits - 1);
    if (fraction.empty()) throw Error(fmt::format("invalid size '{}': no digits after the point", text));
    rest = rest.substr(digits);
  }
  if (!rest.empty() && rest.front() == ' ') {
    rest = rest.substr(1);
    if (rest.empty()) throw Error(fmt::format("invalid size '{}': a space but no unit after it", text));
  }
  auto [value, suffix] = SplitNumber(std::string(text.substr(0, end)) + std::string(rest), "size");
  int shift = -1;
  if (suffix.empty() || suffix == "b") shift = 0;
  if (suffix == "k" || suffix == "kb" || suffix == "kib") shift = 10;
  if (suffix == "m" || suffix == "mb" || suffix == "mib") shift = 20;
  if (suffix == "g" || suffix == "gb" || suffix == "gib") shift = 30;
  if (suffix == "t" || suffix == "tb" || suffix == "tib") shift = 40;
  if (shift < 0) {
    throw Error(
        fmt::format("invalid size '{}': unknown unit '{}' (use B, K, M, G or T; all powers of 1024)", text, suffix));
  }
  if (shift > 0 && value > (std::numeric_limits<std::uint64_t>::max() >> shift)) {
    throw Error(fmt::format("invalid size '{}': too large", text));
  }
  std::uint64_t bytes = value << shift;
  if (!fraction.empty()) {
    // fraction / 10^digits of the unit must be whole bytes, exactly.
    constexpr std::size_t kMaxFractionDigits = 12;
    const std::string_view significant = fraction.substr(0, fraction.find_last_not_of('0') + 1);
    if (significant.size() > kMaxFractionDigits) {
      throw Error(fmt::format("invalid size '{}': more decimals than whole bytes can have", text));
    }
    Wide numerator = 0;
    Wide denominator = 1;
    for (const char c : significant) {
      numerator = numerator * 10 + static_cast<unsigned>(c - '0');
      denominator *= 10;
    }
    numerator <<= shift;
    if (numerator % denominator != 0) {
      throw Error(fmt::format("invalid size '{}': not a whole number of bytes", text));
    }
    const auto extra = static_cast<std::uint64_t>(numerator / denominator);
    if (bytes > std::numeric_limits<std::uint64_t>::max() - extra) {
      throw Error(fmt::format("invalid size '{}': too large", text));
    }
    bytes += extra;
  }
  return bytes;
}

std::uint64_t ParseCount(std::string_view text) {
  auto [value, suffix] = SplitNumber(text, "number");
  std::uint64_t scale = 1;
  if (suffix == "k")
    scale = 1000;
  else if (suffix == "m")
    scale = 1000000;
  else if (suffix == "g")
    scale = 1000000000;
  else if (!suffix.empty())
    throw Error(fmt::format("invalid number '{}': unknown suffix '{}'", text, suffix));
  if (value > std::numeric_limits<std::uint64_t>::max() / scale) {
    throw Error(fmt::format("invalid number '{}': too large", text));
  }
  return value * scale;
}

std::string FormatSize(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (unit < 4 && bytes >= (std::uint64_t{1} << (10 * (unit + 1)))) ++unit;
  // Integer arithmetic: a double cannot hold sizes above 2^53 bytes exactly,
  // and a rounded figure would print two sizes alike.
  const std::uint64_t unit_bytes = std::uint64_t{1} << (10 * unit);
  const std::uint64_t whole = bytes / unit_bytes;
  const std::uint64_t rest = bytes % unit_bytes;
  if (rest == 0) return fmt::format("{} {}", whole, kUnits[unit]);
  // Up to three decimals where they are exact; otherwise the exact byte
  // count, so two different sizes never print alike.
  const Wide thousandths = static_cast<Wide>(rest) * 1000;
  if (thousandths % unit_bytes != 0) return fmt::format("{} B", bytes);
  std::string digits = fmt::format("{:03}", static_cast<std::uint64_t>(thousandths / unit_bytes));
  while (digits.back() == '0') digits.pop_back();
  return fmt::format("{}.{} {}", whole, digits, kUnits[unit]);
}

std::string FormatSizeApprox(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (unit < 4 && bytes >= (std::uint64_t{1} << (10 * (unit + 1)))) ++unit;
  const double value = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << (10 * unit));
  return unit == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", value, kUnits[unit]);
}

}  // namespace membench
