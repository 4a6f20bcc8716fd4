// File: report/svg_plot.cpp
#include "report/svg_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/units.h"

namespace membench {

std::string XmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string SvgNumber(double value) {
  if (!std::isfinite(value)) return "0";
  std::string text = fmt::format("{:.2f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

double AxisScale::Map(double value) const {
  double from = lo;
  double to = hi;
  double v = value;
  if (log) {
    from = std::log(lo);
    to = std::log(hi);
    v = std::log(std::max(value, lo * 1e-6));
  }
  if (to == from) return (px_lo + px_hi) / 2;
  return px_lo + (v - from) / (to - from) * (px_hi - px_lo);
}

std::vector<double> LinearTicks(double lo, double hi, int target) {
  if (!(hi > lo) || target < 1) return {lo};
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  double step = magnitude;
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * magnitude;
    if (step >= raw) break;
  }
  std::vector<double> ticks;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    ticks.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  }
  return ticks;
}

std::vector<double> LogTicks(double lo, double hi) {
  std::vector<double> ticks;
  if (!(lo > 0) || !(hi >= lo)) return ticks;
  const bool few_decades = std::log10(hi / lo) < 3;
  // Within one decade 1, 2 and 5 may leave one tick or none: then every digit.
  for (const std::vector<double>& factors : {few_decades ? std::vector<double>{1, 2, 5} : std::vector<double>{1},
                                             std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
    ticks.clear();
    for (double decade = std::pow(10, std::floor(std::log10(lo))); decade <= hi; decade *= 10) {
      for (const double factor : factors) {
        const double t = decade * factor;
        if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push_back(t);
      }
    }
    if (ticks.size() >= 3) break;
  }
  return ticks;
}

std::vector<double> PowerOfTwoTicks(double lo, double hi, int max_ticks) {
  std::vector<double> all;
  if (!(lo > 0) || !(hi >= lo)) return all;
  for (double t = std::exp2(std::ceil(std::log2(lo))); t <= hi * (1 + 1e-9); t *= 2) all.push_back(t);
  std::size_t every = 1;
  while (max_ticks > 0 && all.size() > every * static_cast<std::size_t>(max_ticks)) every *= 2;
  std::vector<double> ticks;
  for (std::size_t i = 0; i < all.size(); i += every) ticks.push_back(all[i]);
  return ticks;
}

std::string SizeTickLabel(double bytes) { return FormatSize(static_cast<std::uint64_t>(std::llround(bytes))); }

std::string ValueTickLabel(double value) {
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e9) return SvgNumber(value / 1e9) + "G";
  if (magnitude >= 1e6) return SvgNumber(value / 1e6) + "M";
  if (magnitude >= 1e4) return SvgNumber(value / 1e3) + "k";
  return fmt::format("{:.4g}", value);
}

}  // namespace membench
