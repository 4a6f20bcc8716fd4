// File: core/size_distribution.cpp
#include "core/size_distribution.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <string_view>

#include "core/error.h"
#include "core/units.h"

namespace membench {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

double ParseWeight(std::string_view text, const std::string& where) {
  double weight = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), weight);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(weight) || weight < 0) {
    throw Error(fmt::format("{}: weight '{}' is not a number of 0 or more", where, text));
  }
  return weight;
}

std::uint64_t ParseBytes(std::string_view text, const std::string& where) {
  try {
    return ParseSize(text);
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}", where, e.what()));
  }
}

}  // namespace

SizeDistribution SizeDistribution::Parse(const std::string& text, const std::string& origin) {
  SizeDistribution d;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    std::string_view item = line;
    if (const auto hash = item.find('#'); hash != std::string_view::npos) item = item.substr(0, hash);
    item = Trim(item);
    if (item.empty()) continue;
    const std::string where = fmt::format("{} line {}", origin, number);
    const auto comma = item.find(',');
    if (comma == std::string_view::npos) {
      throw Error(fmt::format("{}: '{}' is not SIZE,WEIGHT, LO..HI,WEIGHT or align BYTES,WEIGHT", where, item));
    }
    std::string_view value = Trim(item.substr(0, comma));
    const double weight = ParseWeight(Trim(item.substr(comma + 1)), where);
    if (value.substr(0, 6) == "align ") {
      const std::uint64_t bytes = ParseBytes(Trim(value.substr(6)), where);
      if (bytes == 0 || (bytes & (bytes - 1)) != 0) {
        throw Error(fmt::format("{}: alignment {} is not a power of two", where, bytes));
      }
      d.alignments_.push_back({bytes, weight});
      continue;
    }
    SizeRange range;
    range.weight = weight;
    if (const auto dots = value.find(".."); dots != std::string_view::npos) {
      range.low = ParseBytes(Trim(value.substr(0, dots)), where);
      range.high = ParseBytes(Trim(value.substr(dots + 2)), where);
      if (range.low > range.high) throw Error(fmt::format("{}: range '{}' runs backwards (write LO..HI)", where, value));
    } else {
      range.low = range.high = ParseBytes(value, where);
    }
    d.sizes_.push_back(range);
  }
  const auto positive = [](const auto& item) { return item.weight > 0; };
  if (std::none_of(d.sizes_.begin(), d.sizes_.end(), positive)) {
    throw Error(fmt::format("{}: no size with a weight above 0 (lines of SIZE,WEIGHT)", origin));
  }
  if (!d.alignments_.empty() && std::none_of(d.alignments_.begin(), d.alignments_.end(), positive)) {
    throw Error(fmt::format("{}: every alignment has weight 0", origin));
  }
  std::vector<double> weights;
  for (const SizeRange& r : d.sizes_) weights.push_back(r.weight);
  d.pick_size_ = std::discrete_distribution<std::size_t>(weights.begin(), weights.end());
  weights.clear();
  for (const AlignmentShare& a : d.alignments_) weights.push_back(a.weight);
  if (weights.empty()) weights.push_back(1);
  d.pick_alignment_ = std::discrete_distribution<std::size_t>(weights.begin(), weights.end());
  return d;
}

std::uint64_t SizeDistribution::Draw(std::mt19937_64& rng) const {
  auto pick = pick_size_;  // the distribution object carries no state worth keeping between calls
  const SizeRange& r = sizes_[pick(rng)];
  if (r.low == r.high) return r.low;
  return std::uniform_int_distribution<std::uint64_t>(r.low, r.high)(rng);
}

std::uint64_t SizeDistribution::DrawAlignment(std::mt19937_64& rng) const {
  if (alignments_.empty()) return 1;
  auto pick = pick_alignment_;
  return alignments_[pick(rng)].bytes;
}

std::uint64_t SizeDistribution::Largest() const {
  std::uint64_t largest = 0;
  for (const SizeRange& r : sizes_) {
    if (r.weight > 0) largest = std::max(largest, r.high);
  }
  return largest;
}

std::uint64_t SizeDistribution::LargestAlignment() const {
  std::uint64_t largest = 1;
  for (const AlignmentShare& a : alignments_) {
    if (a.weight > 0) largest = std::max(largest, a.bytes);
  }
  return largest;
}

double SizeDistribution::MeanSize() const {
  double total = 0;
  double weighted = 0;
  for (const SizeRange& r : sizes_) {
    total += r.weight;
    weighted += r.weight * (static_cast<double>(r.low) + static_cast<double>(r.high)) / 2;
  }
  return total > 0 ? weighted / total : 0;
}

}  // namespace membench
