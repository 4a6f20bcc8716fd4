// File: core/counter_math.cpp
#include "core/counter_math.h"

#include <fmt/format.h>

#include <set>

#include "core/error.h"

namespace membench {
namespace {

constexpr std::uint64_t kBackwards = std::uint64_t{1} << 63;

double ScaledValue(std::uint64_t raw, std::uint64_t enabled_ns, std::uint64_t running_ns) {
  if (running_ns == 0) return 0;
  if (running_ns >= enabled_ns) return static_cast<double>(raw);
  return static_cast<double>(raw) * static_cast<double>(enabled_ns) / static_cast<double>(running_ns);
}

}  // namespace

CounterValue MakeCounterValue(std::uint64_t raw, std::uint64_t enabled_ns, std::uint64_t running_ns) {
  return {raw, enabled_ns, running_ns, ScaledValue(raw, enabled_ns, running_ns)};
}

CounterValue& operator+=(CounterValue& sum, const CounterValue& other) {
  sum.raw += other.raw;
  sum.enabled_ns += other.enabled_ns;
  sum.running_ns += other.running_ns;
  sum.scaled += other.scaled;
  return sum;
}

CounterDelta Delta(const CounterReading& before, const CounterReading& after) {
  // Unsigned subtraction is modulo 2^64: a counter that wrapped differences
  // right; one that went backwards lands beyond 2^63.
  const std::uint64_t value = after.value - before.value;
  const std::uint64_t enabled = after.enabled_ns - before.enabled_ns;
  const std::uint64_t running = after.running_ns - before.running_ns;
  if (value >= kBackwards) {
    return {std::nullopt, fmt::format("the count went backwards, from {} to {}", before.value, after.value)};
  }
  if (enabled >= kBackwards || running >= kBackwards) {
    return {std::nullopt, fmt::format("the time {} went backwards", enabled >= kBackwards ? "enabled" : "running")};
  }
  if (running > enabled) {
    return {std::nullopt, fmt::format("it ran {} ns of the {} ns it was enabled", running, enabled)};
  }
  return {MakeCounterValue(value, enabled, running), ""};
}

ScaledCount Scale(const CounterValue& v) {
  ScaledCount out;
  if (!v.counted()) return out;
  out.counted = true;
  out.value = v.scaled;
  if (v.running_ns < v.enabled_ns) {
    out.running_fraction = static_cast<double>(v.running_ns) / static_cast<double>(v.enabled_ns);
  }
  return out;
}

std::optional<std::vector<IdentifiedReading>> ParseGroupRead(std::span<const std::uint64_t> words) {
  if (words.size() < 3) return std::nullopt;
  const std::uint64_t nr = words[0];
  if (nr > (words.size() - 3) / 2) return std::nullopt;
  std::vector<IdentifiedReading> out;
  out.reserve(nr);
  for (std::uint64_t i = 0; i < nr; ++i) {
    out.push_back({words[4 + 2 * i], {words[3 + 2 * i], words[1], words[2]}});
  }
  return out;
}

std::optional<IdentifiedReading> ParseSingleRead(std::span<const std::uint64_t> words) {
  if (words.size() < 4) return std::nullopt;
  return IdentifiedReading{words[3], {words[0], words[1], words[2]}};
}

std::vector<std::optional<CounterReading>> MatchGroupRead(std::span<const std::uint64_t> member_ids,
                                                          const std::vector<IdentifiedReading>& group) {
  std::set<std::uint64_t> seen;
  for (const std::uint64_t id : member_ids) {
    if (id == 0 || !seen.insert(id).second) {
      throw Error(fmt::format("counter group members share the id {}: their readings cannot be told apart", id));
    }
  }
  std::vector<std::optional<CounterReading>> out(member_ids.size());
  for (const IdentifiedReading& r : group) {
    for (std::size_t i = 0; i < member_ids.size(); ++i) {
      if (member_ids[i] == r.id) out[i] = r.reading;
    }
  }
  return out;
}

}  // namespace membench
