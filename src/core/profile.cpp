// File: core/profile.cpp
#include "core/profile.h"

#include <algorithm>
#include <charconv>

namespace membench {

KernelSymbols KernelSymbols::Parse(std::string_view kallsyms) {
  KernelSymbols table;
  while (!kallsyms.empty()) {
    const std::size_t end = kallsyms.find('\n');
    std::string_view line = kallsyms.substr(0, end);
    kallsyms.remove_prefix(end == std::string_view::npos ? kallsyms.size() : end + 1);
    // "address type name [module]"
    const std::size_t first = line.find(' ');
    if (first == std::string_view::npos || first + 3 > line.size() || line[first + 2] != ' ') continue;
    const char type = line[first + 1];
    if (type != 't' && type != 'T' && type != 'w' && type != 'W') continue;
    std::uint64_t address = 0;
    const auto [ptr, error] = std::from_chars(line.data(), line.data() + first, address, 16);
    if (error != std::errc() || ptr != line.data() + first || address == 0) continue;
    std::string_view name = line.substr(first + 3);
    name = name.substr(0, name.find_first_of(" \t"));
    if (name.empty()) continue;
    table.symbols_.emplace_back(address, std::string(name));
  }
  std::stable_sort(table.symbols_.begin(), table.symbols_.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  return table;
}

std::optional<std::string> KernelSymbols::Resolve(std::uint64_t address) const {
  const auto after = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                                      [](std::uint64_t a, const auto& symbol) { return a < symbol.first; });
  if (after == symbols_.begin()) return std::nullopt;
  return std::prev(after)->second;
}

std::map<std::string, std::int64_t> KeepMostFrequent(const std::map<std::string, std::int64_t>& counts,
                                                      std::size_t keep) {
  std::vector<std::pair<std::string, std::int64_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::map<std::string, std::int64_t> kept;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i < keep && sorted[i].first != kOtherSymbols) {
      kept[sorted[i].first] = sorted[i].second;
    } else {
      kept[kOtherSymbols] += sorted[i].second;
    }
  }
  return kept;
}

std::string WithoutParameters(std::string demangled) {
  std::size_t end = demangled.size();
  const std::string_view trailing_const = " const";
  if (std::string_view(demangled).ends_with(trailing_const)) end -= trailing_const.size();
  if (end == 0 || demangled[end - 1] != ')') return demangled;
  // The '(' that opens the last parenthesis, nested ones skipped.
  int depth = 0;
  for (std::size_t i = end; i-- > 0;) {
    if (demangled[i] == ')') ++depth;
    if (demangled[i] == '(' && --depth == 0) {
      if (i == 0) return demangled;
      demangled.resize(i);
      return demangled;
    }
  }
  return demangled;
}

std::uint64_t ProfileSampleCount(const std::vector<Sample>& samples) {
  std::uint64_t total = 0;
  for (const Sample& s : samples) total += s.profile_samples;
  return total;
}

std::vector<SelfShare> SelfShares(const std::vector<Sample>& samples) {
  const std::uint64_t total = ProfileSampleCount(samples);
  if (total == 0) return {};
  std::map<std::string, std::int64_t> pooled;
  for (const Sample& s : samples) {
    for (const auto& [symbol, count] : s.profile_self) pooled[symbol] += count;
  }
  std::vector<SelfShare> shares;
  for (const auto& [symbol, count] : pooled) {
    shares.push_back({symbol, static_cast<double>(count) / static_cast<double>(total), count});
  }
  std::stable_sort(shares.begin(), shares.end(), [](const auto& x, const auto& y) { return x.count > y.count; });
  return shares;
}

std::vector<double> SelfSharePerSample(const std::vector<Sample>& samples, const std::string& symbol) {
  std::vector<double> shares;
  for (const Sample& s : samples) {
    if (s.profile_samples == 0) continue;
    const auto it = s.profile_self.find(symbol);
    const double count = it == s.profile_self.end() ? 0.0 : static_cast<double>(it->second);
    shares.push_back(100.0 * count / static_cast<double>(s.profile_samples));
  }
  return shares;
}

}  // namespace membench
