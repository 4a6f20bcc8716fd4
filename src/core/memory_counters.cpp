// File: core/memory_counters.cpp
#include "core/memory_counters.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/error.h"

namespace membench {
namespace {

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string::size_type start = 0;
  while (true) {
    const auto end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

std::string Trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

// "0x1f" or "31".
std::optional<std::uint64_t> ParseNumber(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const char* first = text.data() + (hex ? 2 : 0);
  const char* last = text.data() + text.size();
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(first, last, value, hex ? 16 : 10);
  if (error != std::errc() || end != last || first == last) return std::nullopt;
  return value;
}

struct BitRange {
  int low = 0;
  int high = 0;
};

struct FormatField {
  int word = 0;  // 0: config, 1: config1, 2: config2
  std::vector<BitRange> ranges;
};

int WordIndex(const std::string& word) {
  if (word == "config") return 0;
  if (word == "config1") return 1;
  if (word == "config2") return 2;
  return -1;
}

FormatField ParseFormat(const std::string& name, const std::string& format) {
  const std::string text = Trimmed(format);
  const auto colon = text.find(':');
  const int word = colon == std::string::npos ? -1 : WordIndex(text.substr(0, colon));
  if (word < 0) throw Error("PMU format field '" + name + "' reads '" + text + "', not config[12]:BITS");
  FormatField field{word, {}};
  for (const std::string& range : Split(text.substr(colon + 1), ',')) {
    const auto dash = range.find('-');
    const auto low = ParseNumber(range.substr(0, dash));
    const auto high = dash == std::string::npos ? low : ParseNumber(range.substr(dash + 1));
    if (!low || !high || *high < *low || *high > 63) {
      throw Error("PMU format field '" + name + "' has a bad bit range '" + range + "' in '" + text + "'");
    }
    field.ranges.push_back({static_cast<int>(*low), static_cast<int>(*high)});
  }
  // perf reads the field as a bit mask: the value's bits go to its set bits
  // lowest first, whatever order the ranges are written in.
  std::sort(field.ranges.begin(), field.ranges.end(),
            [](const BitRange& a, const BitRange& b) { return a.low < b.low; });
  return field;
}

std::uint64_t& Word(PerfConfigWords& words, int index) {
  if (index == 1) return words.config1;
  if (index == 2) return words.config2;
  return words.config;
}

// The value's bits, lowest first, into the field's ranges in order.
void Place(PerfConfigWords& words, const FormatField& field, std::uint64_t value, const std::string& term) {
  std::uint64_t& word = Word(words, field.word);
  int taken = 0;
  for (const BitRange& range : field.ranges) {
    for (int bit = range.low; bit <= range.high; ++bit, ++taken) {
      if (taken < 64 && ((value >> taken) & 1U) != 0) word |= std::uint64_t{1} << bit;
    }
  }
  if (taken < 64 && (value >> taken) != 0) {
    throw Error(fmt::format("PMU event term '{}': the value does not fit in its {} bits", term, taken));
  }
}

// A family of memory-controller PMUs: their name, and the two events that
// count the lines read from and written to memory. Built-in terms are for
// PMUs whose events sysfs does not name.
struct Family {
  const char* pmu;
  const char* read_event;
  const char* write_event;
  const char* read_terms;  // nullptr: the terms are in sysfs
  const char* write_terms;
  double builtin_bytes_per_count;
};

constexpr Family kFamilies[] = {
    {"uncore_imc", "cas_count_read", "cas_count_write", nullptr, nullptr, 0},
    {"uncore_imc", "data_reads", "data_writes", nullptr, nullptr, 0},
    {"uncore_imc_free_running", "data_read", "data_write", nullptr, nullptr, 0},
    {"amd_umc", "umc_cas_cmd.rd", "umc_cas_cmd.wr", "event=0x0a,rdwrmask=0x1", "event=0x0a,rdwrmask=0x2", 64},
};

// "uncore_imc" or "uncore_imc_3", not "uncore_imc_free_running_0".
bool InFamily(const std::string& name, const std::string& family) {
  if (name == family) return true;
  if (name.size() <= family.size() + 1 || name.compare(0, family.size(), family) != 0 || name[family.size()] != '_') {
    return false;
  }
  return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(family.size()) + 1, name.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

const PmuEventDescription* FindEvent(const PmuDescription& pmu, const std::string& name) {
  const auto found =
      std::find_if(pmu.events.begin(), pmu.events.end(), [&](const PmuEventDescription& e) { return e.name == name; });
  return found == pmu.events.end() ? nullptr : &*found;
}

// The counters of one direction of one PMU, or why not.
std::string AddCounters(const PmuDescription& pmu, const Family& family, MemoryDirection direction,
                        std::vector<MemoryCounterSpec>& out) {
  const bool read = direction == MemoryDirection::kRead;
  const std::string event = read ? family.read_event : family.write_event;
  const char* builtin = read ? family.read_terms : family.write_terms;
  std::string terms;
  double bytes = family.builtin_bytes_per_count;
  if (builtin != nullptr) {
    terms = builtin;
  } else {
    const PmuEventDescription* found = FindEvent(pmu, event);
    if (found == nullptr) return pmu.name + " has no " + event + " event";
    const auto per_count = BytesPerCount(found->scale, found->unit);
    if (!per_count) {
      return fmt::format("{}/{} has a unit membench does not know ('{}')", pmu.name, event, found->unit);
    }
    terms = found->terms;
    bytes = *per_count;
  }
  PerfConfigWords words;
  try {
    words = EncodePmuTerms(pmu.formats, terms);
  } catch (const Error& e) {
    return pmu.name + "/" + event + ": " + e.what();
  }
  const std::vector<int> cpus = pmu.cpus.empty() ? std::vector<int>{0} : pmu.cpus;
  for (const int cpu : cpus) out.push_back({pmu.name, event, pmu.type, words, cpu, direction, bytes});
  return "";
}

// "uncore_imc_2" before "uncore_imc_10".
bool NaturalLess(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

std::string Describe(std::vector<std::string> pmus, const Family& family,
                     const std::vector<MemoryCounterSpec>& counters) {
  std::sort(pmus.begin(), pmus.end(), NaturalLess);
  std::vector<int> cpus;
  for (const auto& c : counters) {
    if (std::find(cpus.begin(), cpus.end(), c.cpu) == cpus.end()) cpus.push_back(c.cpu);
  }
  const std::string names = pmus.size() == 1 ? pmus.front() : pmus.front() + " .. " + pmus.back();
  return fmt::format("{} PMU{} ({}) on CPU{} {}: {} and {}, {:g} bytes a count", pmus.size(),
                     pmus.size() == 1 ? "" : "s", names, cpus.size() == 1 ? "" : "s", fmt::join(cpus, ","),
                     family.read_event, family.write_event, counters.front().bytes_per_count);
}

}  // namespace

PerfConfigWords EncodePmuTerms(const std::map<std::string, std::string>& formats, const std::string& terms) {
  PerfConfigWords words;
  for (const std::string& raw : Split(terms, ',')) {
    const std::string term = Trimmed(raw);
    if (term.empty()) continue;
    const auto equals = term.find('=');
    const std::string name = Trimmed(term.substr(0, equals));
    const auto value =
        equals == std::string::npos ? std::optional<std::uint64_t>(1) : ParseNumber(Trimmed(term.substr(equals + 1)));
    if (!value) throw Error("PMU event term '" + term + "' has no number after '='");
    if (const int word = WordIndex(name); word >= 0) {
      Word(words, word) = *value;
      continue;
    }
    const auto format = formats.find(name);
    if (format == formats.end()) throw Error("PMU event term '" + term + "' names a field the PMU's format lacks");
    Place(words, ParseFormat(name, format->second), *value, term);
  }
  return words;
}

std::optional<double> BytesPerCount(std::optional<double> scale, const std::string& unit) {
  static const std::map<std::string, double> kUnits = {{"", 1},
                                                       {"B", 1},
                                                       {"Bytes", 1},
                                                       {"bytes", 1},
                                                       {"KiB", 1024.0},
                                                       {"MiB", 1024.0 * 1024.0},
                                                       {"GiB", 1024.0 * 1024.0 * 1024.0},
                                                       {"KB", 1e3},
                                                       {"MB", 1e6},
                                                       {"GB", 1e9}};
  const auto found = kUnits.find(Trimmed(unit));
  if (found == kUnits.end() || !scale || !(*scale > 0)) return std::nullopt;
  return *scale * found->second;
}

MemoryCounterChoice ChooseMemoryCounters(const std::vector<PmuDescription>& pmus) {
  MemoryCounterChoice choice;
  std::vector<std::string> problems;
  for (const Family& family : kFamilies) {
    std::vector<MemoryCounterSpec> counters;
    std::vector<std::string> members;
    std::string family_problem;
    for (const PmuDescription& pmu : pmus) {
      if (!InFamily(pmu.name, family.pmu)) continue;
      members.push_back(pmu.name);
      std::string problem = AddCounters(pmu, family, MemoryDirection::kRead, counters);
      if (problem.empty()) problem = AddCounters(pmu, family, MemoryDirection::kWrite, counters);
      if (family_problem.empty()) family_problem = problem;
    }
    if (members.empty()) continue;
    if (!family_problem.empty()) {
      problems.push_back(family_problem);
      continue;
    }
    choice.counters = std::move(counters);
    choice.source = Describe(members, family, choice.counters);
    return choice;
  }
  if (problems.empty()) {
    choice.why_not =
        "no memory-controller PMU (uncore_imc*, amd_umc*) in /sys/bus/event_source/devices; virtual machines rarely "
        "have one";
  }
  for (const std::string& problem : problems) choice.why_not += (choice.why_not.empty() ? "" : "; ") + problem;
  return choice;
}

MemoryBytes BytesMoved(const std::vector<MemoryCounterSpec>& counters,
                       const std::vector<std::optional<CounterReading>>& before,
                       const std::vector<std::optional<CounterReading>>& after) {
  MemoryBytes out;
  double read = 0;
  double written = 0;
  for (std::size_t i = 0; i < counters.size(); ++i) {
    const MemoryCounterSpec& c = counters[i];
    const std::string name = fmt::format("{}/{} on CPU {}", c.pmu, c.event, c.cpu);
    if (i >= before.size() || i >= after.size() || !before[i] || !after[i]) {
      out.problem = name + " could not be read";
      return out;
    }
    const CounterDelta delta = Delta(*before[i], *after[i]);
    if (!delta.value) {
      out.problem = name + ": " + delta.problem;
      return out;
    }
    const ScaledCount scaled = Scale(*delta.value);
    if (!scaled.counted) {
      out.problem = name + " never got onto its PMU during the sample";
      return out;
    }
    out.multiplexed = out.multiplexed || scaled.multiplexed();
    (c.direction == MemoryDirection::kRead ? read : written) += scaled.value * c.bytes_per_count;
  }
  out.read = static_cast<std::uint64_t>(std::llround(read));
  out.written = static_cast<std::uint64_t>(std::llround(written));
  return out;
}

}  // namespace membench
