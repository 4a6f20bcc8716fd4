// File: report/svg_plot.h
// The few pieces every SVG chart of the HTML report is drawn with: XML
// escaping, numbers written compactly, axis scales (linear, log) and tick
// positions people read (1, 2, 5 × 10^k; powers of two for sizes). Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace membench {

// Text safe inside an element or an attribute value.
std::string XmlEscape(std::string_view text);

// A coordinate or a value in an attribute: at most 2 decimals, no trailing zeros.
std::string SvgNumber(double value);

// Maps [lo, hi] onto [px_lo, px_hi], linearly or, where `log`, by the
// logarithm (lo must then be > 0). lo == hi maps to the middle.
struct AxisScale {
  double lo = 0;
  double hi = 1;
  double px_lo = 0;
  double px_hi = 1;
  bool log = false;
  double Map(double value) const;
};

// 1, 2 or 5 × 10^k steps covering [lo, hi], about `target` of them.
std::vector<double> LinearTicks(double lo, double hi, int target);
// The powers of 10 in [lo, hi], with 2 and 5 between them when the range
// spans fewer than three decades, every 1..9 x 10^k when that still gives
// fewer than three ticks (lo > 0).
std::vector<double> LogTicks(double lo, double hi);
// Powers of two in [lo, hi], every other or fewer so that at most
// `max_ticks` remain (sizes on a log axis).
std::vector<double> PowerOfTwoTicks(double lo, double hi, int max_ticks);

// "4 KiB", "1 GiB", "1.5 MiB": a size tick's label.
std::string SizeTickLabel(double bytes);
// "0.5", "20", "1.5k", "3M": a value tick's label.
std::string ValueTickLabel(double value);

}  // namespace membench
