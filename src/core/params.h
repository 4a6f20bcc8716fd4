// File: core/params.h
// Workload parameters and the matrix they expand to. A value is a comma
// list of items; a size or count item may be a range "LO..HI[:xF|:+S]"
// (geometric with factor F, default x2, or arithmetic with step S); a choice
// item may be "all", which takes every choice this machine can run. The
// matrix is the cartesian product, the first parameter varying slowest.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace membench {

// kText: one value taken as given, not split at commas and not an axis
// (a CPU list such as 1-3,8); the workload checks it.
enum class ParamKind { kSize, kCount, kChoice, kText };

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::kChoice;
  std::string default_value;
  std::string help;
  std::vector<std::string> choices;  // kChoice only
  // kChoice: why a choice cannot run on this machine, "" when it can.
  std::function<std::string(const std::string&)> unavailable_reason;
  // kSize, kCount: a word that stands for a value with no number ("idle",
  // "auto"), kept as text (ParamValue::numeric false).
  std::string word;
  std::uint64_t min_value = 0;  // kSize, kCount
  std::uint64_t max_value = std::numeric_limits<std::uint64_t>::max();
};

// Shorthands for the common kinds.
ParamSpec ChoiceParam(std::string name, std::string default_value, std::string help, std::vector<std::string> choices);
ParamSpec SizeParamNamed(std::string name, std::string default_value, std::string help, std::uint64_t min_value);
ParamSpec CountParam(std::string name, std::string default_value, std::string help, std::uint64_t min_value,
                     std::uint64_t max_value);
ParamSpec TextParam(std::string name, std::string default_value, std::string help);

struct ParamValue {
  std::string text;          // as shown: "64 MiB", "movsb", "3"
  std::uint64_t number = 0;  // bytes or count; 0 for choices
  bool numeric = false;      // a size or count, not a choice
};

// Throws Error for malformed items, empty ranges, unknown or unavailable
// choices (with the closest name), values outside [min, max].
std::vector<ParamValue> ExpandParam(const ParamSpec& spec, std::string_view text);

struct Point {
  std::vector<std::pair<std::string, ParamValue>> values;
  const ParamValue& at(const std::string& name) const;
  // The value, or null where this point has no such parameter (points of
  // different workloads in one result).
  const ParamValue* Find(const std::string& name) const;
  // "size=64 MiB impl=movsb ..."
  std::string Label() const;
};

// The parameters whose value differs between the points, in the first
// point's parameter order.
std::vector<std::string> VaryingParams(const std::vector<Point>& points);

// given: parameter name -> text; parameters not given take their default.
std::vector<Point> ExpandMatrix(const std::vector<ParamSpec>& specs, const std::map<std::string, std::string>& given);

// A matrix this large is a typo, not an experiment.
inline constexpr std::size_t kMaxMatrixPoints = 10000;

}  // namespace membench
