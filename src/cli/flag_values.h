// File: cli/flag_values.h
// The values of membench's own flags (-r, --warmup, --precision,
// --threshold...), parsed with an error that names the flag and the range.
#pragma once

#include <string>

namespace membench {

// A whole number from minimum to 1000000 (K/M/G suffixes allowed).
int PositiveInt(const std::string& text, const std::string& flag, int minimum);

// A percentage in [0, 1000], an optional trailing '%' allowed; with
// above_zero, 0 is refused too.
double Percentage(const std::string& text, const std::string& flag, bool above_zero);

}  // namespace membench
