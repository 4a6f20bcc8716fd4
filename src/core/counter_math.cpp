// File: core/counter_math.cpp
#include "core/counter_math.h"

namespace membench {

ScaledCount Scale(const CounterValue& reading) {
  ScaledCount out;
  if (reading.running_ns == 0) return out;
  out.counted = true;
  if (reading.running_ns < reading.enabled_ns) {
    out.running_fraction = static_cast<double>(reading.running_ns) / static_cast<double>(reading.enabled_ns);
    out.value = static_cast<double>(reading.raw) / out.running_fraction;
  } else {
    out.value = static_cast<double>(reading.raw);
  }
  return out;
}

std::optional<std::vector<IdentifiedValue>> ParseGroupRead(std::span<const std::uint64_t> words) {
  if (words.size() < 3) return std::nullopt;
  const std::uint64_t nr = words[0];
  if (nr > (words.size() - 3) / 2) return std::nullopt;
  std::vector<IdentifiedValue> out;
  out.reserve(nr);
  for (std::uint64_t i = 0; i < nr; ++i) {
    out.push_back({words[4 + 2 * i], {words[3 + 2 * i], words[1], words[2]}});
  }
  return out;
}

std::optional<IdentifiedValue> ParseSingleRead(std::span<const std::uint64_t> words) {
  if (words.size() < 4) return std::nullopt;
  return IdentifiedValue{words[3], {words[0], words[1], words[2]}};
}

}  // namespace membench
