// File: core/units.cpp
#include "core/units.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <limits>

#include "core/error.h"

namespace membench {
namespace {

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
  auto [value, suffix] = SplitNumber(text, "size");
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
  return value << shift;
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
  const double value = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << (10 * unit));
  if (value == std::floor(value)) return fmt::format("{} {}", static_cast<std::uint64_t>(value), kUnits[unit]);
  // Up to three decimals where they are exact; otherwise the exact byte
  // count, so two different sizes never print alike.
  if (value * 1000 != std::floor(value * 1000)) return fmt::format("{} B", bytes);
  std::string digits = fmt::format("{:.3f}", value);
  while (digits.back() == '0') digits.pop_back();
  return fmt::format("{} {}", digits, kUnits[unit]);
}

std::string FormatSizeApprox(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (unit < 4 && bytes >= (std::uint64_t{1} << (10 * (unit + 1)))) ++unit;
  const double value = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << (10 * unit));
  return unit == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", value, kUnits[unit]);
}

}  // namespace membench
