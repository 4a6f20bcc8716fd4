// File: core/profile.h
// Where a sample's time went (`--profile`): the self counts of the
// symbols its profiling samples landed in, as LKP's perf-profile.self
// rows give them. Pure: the kernel's symbol table is parsed from
// /proc/kallsyms' text, and the counts come from sys/profiler.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace membench {

// The kernel's text symbols, by address: what a kernel IP resolves to.
class KernelSymbols {
 public:
  // /proc/kallsyms' lines ("ffffffff81234560 T clear_page_erms"); only
  // text symbols (t, T, w, W) are kept. Without the privilege to see
  // addresses every address reads 0, and the table is empty.
  static KernelSymbols Parse(std::string_view kallsyms);
  // The symbol an address lies in: the one at the greatest address not
  // above it; nullopt below the first one or where the table is empty.
  std::optional<std::string> Resolve(std::uint64_t address) const;
  bool empty() const { return symbols_.empty(); }

 private:
  std::vector<std::pair<std::uint64_t, std::string>> symbols_;  // sorted by address
};

// Each sample keeps its most frequent symbols; the rest are summed here,
// so that a sample of a few hundred symbols stays small in the JSON.
inline constexpr const char* kOtherSymbols = "[other symbols]";
inline constexpr std::size_t kSymbolsKeptPerSample = 40;
std::map<std::string, std::int64_t> KeepMostFrequent(const std::map<std::string, std::int64_t>& counts,
                                                      std::size_t keep);

// "ns::Function(int, char*)" -> "ns::Function": a demangled C++ name
// without its parameter list (and any const after it), so that a
// function's samples add up whatever its overload; other names unchanged.
std::string WithoutParameters(std::string demangled);

// A symbol's self share of the profiling samples, pooled over the
// measurement's samples: its count over all of theirs.
struct SelfShare {
  std::string symbol;
  double share = 0;  // 0..1
  std::int64_t count = 0;
};
// Most frequent first; empty where no sample was profiled.
std::vector<SelfShare> SelfShares(const std::vector<Sample>& samples);
std::uint64_t ProfileSampleCount(const std::vector<Sample>& samples);

// A symbol's self share in each profiled sample, in percent.
std::vector<double> SelfSharePerSample(const std::vector<Sample>& samples, const std::string& symbol);

}  // namespace membench
