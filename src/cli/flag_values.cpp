// File: cli/flag_values.cpp
#include "cli/flag_values.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "core/error.h"
#include "core/units.h"

namespace membench {

int PositiveInt(const std::string& text, const std::string& flag, int minimum) {
  const std::uint64_t v = [&] {
    try {
      return ParseCount(text);
    } catch (const Error& e) {
      throw Error(flag + ": " + e.what());
    }
  }();
  if (v < static_cast<std::uint64_t>(minimum) || v > 1000000) {
    throw Error(fmt::format("{} {}: must be between {} and 1000000", flag, text, minimum));
  }
  return static_cast<int>(v);
}

double Percentage(const std::string& text, const std::string& flag, bool above_zero) {
  std::string number = text;
  if (!number.empty() && number.back() == '%') number.pop_back();
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(number, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != number.size() || !std::isfinite(v) || v < 0 || v > 1000 || (above_zero && v == 0)) {
    throw Error(fmt::format("{} {}: expected a percentage {} 0 and at most 1000, e.g. 0.5%", flag, text,
                            above_zero ? "above" : "of at least"));
  }
  return v;
}

}  // namespace membench
