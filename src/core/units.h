// File: core/units.h
// Sizes as users type them and as membench prints them. Suffixes are powers
// of 1024 whatever their spelling (B, K/KB/KiB, M/MB/MiB, G/GB/GiB, T/TB/TiB),
// as perf bench parses them; output always says KiB/MiB/GiB so nobody has to
// guess. Rates are the exception: GB/s means 10^9 bytes per second.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace membench {

// Throws Error naming the text and what is wrong with it. Also takes what
// FormatSize prints ("64 MiB", "1.5 KiB": one space before the unit, and
// decimals that come to whole bytes), so a size copied from a report reads
// back as itself.
std::uint64_t ParseSize(std::string_view text);
// Plain non-negative integer with an optional K/M/G (x1000) suffix for counts.
std::uint64_t ParseCount(std::string_view text);

// "0 B", "100 B", "4 KiB", "1.5 MiB", "64 MiB", "1 GiB": exact, never
// rounded (the byte count where three decimals cannot say it), so
// ParseSize(FormatSize(n)) == n for every n.
std::string FormatSize(std::uint64_t bytes);
// "22.6 GiB": for amounts the machine reports (free memory), where the
// exact byte count is noise.
std::string FormatSizeApprox(std::uint64_t bytes);

}  // namespace membench
