// File: report/text_columns.h
// Plain-text layout: a table in aligned columns (a header row, then one row
// per line, every column as wide as its widest cell, the last one
// unpadded), and text wrapped to a terminal's width.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace membench {

// `right_aligned[i]` right-aligns column i (figures and ratios); the rest
// are left-aligned. Columns are separated by `gap` spaces (two; one where
// a wide table must fit 100 columns).
void WriteColumns(std::ostream& out, const std::vector<std::string>& headers,
                  const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right_aligned = {},
                  std::size_t gap = 2);

// The decimals that give `value` `digits` significant digits in fixed
// notation (none for values of `digits` integer digits or more; at most 6).
int DecimalsFor(double value, int digits);

// `value` with `digits` significant digits, never in exponent notation:
// 9.812, 98.12, 981.2, 9812, 0.09812. The brief table's figures, so that
// every column reads alike.
std::string Significant(double value, int digits = 4);

// A figure in four significant digits, as compare prints its means:
// "25.05", "0.03750", "1638", "43.35k", "10.40M", "6.177e-05".
std::string CompactNumber(double value);

// Every line of `text` longer than `width` broken at spaces: a comment
// ("# ...") goes on as "#   ...", other lines indented by two. A word
// longer than a line stays whole.
std::string WrapLines(const std::string& text, std::size_t width);

}  // namespace membench
