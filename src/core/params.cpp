// File: core/params.cpp
#include "core/params.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/suggest.h"
#include "core/units.h"

namespace membench {
namespace {

std::vector<std::string_view> SplitCommas(std::string_view text) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

ParamValue NumberValue(const ParamSpec& spec, std::uint64_t n) {
  if (n < spec.min_value || n > spec.max_value) {
    const auto show = [&](std::uint64_t v) {
      return spec.kind == ParamKind::kSize ? FormatSize(v) : std::to_string(v);
    };
    if (spec.max_value == std::numeric_limits<std::uint64_t>::max()) {
      throw Error(fmt::format("--{}: {} is too small (at least {})", spec.name, show(n), show(spec.min_value)));
    }
    throw Error(
        fmt::format("--{}: {} is outside {}..{}", spec.name, show(n), show(spec.min_value), show(spec.max_value)));
  }
  return {spec.kind == ParamKind::kSize ? FormatSize(n) : std::to_string(n), n, true};
}

std::uint64_t ParseNumber(const ParamSpec& spec, std::string_view text) {
  try {
    return spec.kind == ParamKind::kSize ? ParseSize(text) : ParseCount(text);
  } catch (const Error& e) {
    // A parameter that also takes a word names it: the user may have meant it.
    const std::string or_word = spec.word.empty() ? "" : fmt::format(" (or the word '{}')", spec.word);
    throw Error(fmt::format("--{}: {}{}", spec.name, e.what(), or_word));
  }
}

void ExpandRange(const ParamSpec& spec, std::string_view item, std::vector<ParamValue>& out) {
  const auto dots = item.find("..");
  const auto colon = item.find(':', dots);
  const std::string_view lo_text = item.substr(0, dots);
  const std::string_view hi_text = item.substr(dots + 2, colon == std::string_view::npos ? colon : colon - dots - 2);
  const std::uint64_t lo = ParseNumber(spec, lo_text);
  const std::uint64_t hi = ParseNumber(spec, hi_text);
  if (lo > hi) {
    throw Error(
        fmt::format("--{}: empty range '{}': {} is larger than {} (write LO..HI)", spec.name, item, lo_text, hi_text));
  }
  bool geometric = true;
  std::uint64_t step = 2;
  if (colon != std::string_view::npos) {
    const std::string_view step_text = item.substr(colon + 1);
    if (step_text.size() < 2 || (step_text[0] != 'x' && step_text[0] != '+')) {
      throw Error(
          fmt::format("--{}: bad step '{}' in '{}' (use :x4 to multiply or :+4K to add)", spec.name, step_text, item));
    }
    geometric = step_text[0] == 'x';
    step = geometric ? ParseCount(step_text.substr(1)) : ParseNumber(spec, step_text.substr(1));
    if ((geometric && step < 2) || step == 0) {
      throw Error(fmt::format("--{}: step '{}' in '{}' would never reach the end", spec.name, step_text, item));
    }
  }
  if (geometric && lo == 0) {
    throw Error(fmt::format("--{}: a geometric range cannot start at 0 ('{}')", spec.name, item));
  }
  for (std::uint64_t v = lo; v <= hi;) {
    out.push_back(NumberValue(spec, v));
    if (out.size() > kMaxMatrixPoints) {
      throw Error(fmt::format("--{}: '{}' expands to more than {} values", spec.name, item, kMaxMatrixPoints));
    }
    const std::uint64_t next = geometric ? v * step : v + step;
    if ((geometric && next / step != v) || next <= v) break;  // overflow
    v = next;
  }
}

void ExpandChoice(const ParamSpec& spec, std::string_view item, std::vector<ParamValue>& out) {
  auto reason_for = [&](const std::string& c) {
    return spec.unavailable_reason ? spec.unavailable_reason(c) : std::string();
  };
  if (item == "all") {
    for (const auto& c : spec.choices) {
      if (reason_for(c).empty()) out.push_back({c, 0});
    }
    return;
  }
  const std::string name(item);
  bool known = false;
  for (const auto& c : spec.choices) known = known || c == name;
  if (!known) {
    const std::string guess = ClosestName(name, spec.choices);
    std::string all;
    for (const auto& c : spec.choices) all += (all.empty() ? "" : ", ") + c;
    throw Error(fmt::format("--{}: unknown value '{}'{} (choose from: {}{})", spec.name, name,
                            guess.empty() ? "" : "; did you mean '" + guess + "'?", all,
                            spec.unavailable_reason ? ", or all" : ""));
  }
  if (const std::string reason = reason_for(name); !reason.empty()) {
    throw Error(fmt::format("--{}: '{}' cannot run on this machine: {}", spec.name, name, reason));
  }
  out.push_back({name, 0});
}

}  // namespace

ParamSpec ChoiceParam(std::string name, std::string default_value, std::string help, std::vector<std::string> choices) {
  ParamSpec p;
  p.name = std::move(name);
  p.default_value = std::move(default_value);
  p.help = std::move(help);
  p.choices = std::move(choices);
  return p;
}

ParamSpec SizeParamNamed(std::string name, std::string default_value, std::string help, std::uint64_t min_value) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamKind::kSize;
  p.default_value = std::move(default_value);
  p.help = std::move(help);
  p.min_value = min_value;
  return p;
}

ParamSpec CountParam(std::string name, std::string default_value, std::string help, std::uint64_t min_value,
                     std::uint64_t max_value) {
  ParamSpec p = SizeParamNamed(std::move(name), std::move(default_value), std::move(help), min_value);
  p.kind = ParamKind::kCount;
  p.max_value = max_value;
  return p;
}

ParamSpec TextParam(std::string name, std::string default_value, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamKind::kText;
  p.default_value = std::move(default_value);
  p.help = std::move(help);
  return p;
}

std::vector<ParamValue> ExpandParam(const ParamSpec& spec, std::string_view text) {
  std::vector<ParamValue> out;
  if (spec.kind == ParamKind::kText) {
    if (text.empty()) throw Error(fmt::format("--{}: empty value (default: {})", spec.name, spec.default_value));
    out.push_back({std::string(text), 0, false});
    return out;
  }
  for (std::string_view item : SplitCommas(text)) {
    if (item.empty()) throw Error(fmt::format("--{}: empty item in '{}'", spec.name, text));
    if (!spec.word.empty() && item == spec.word) {
      out.push_back({std::string(item), 0, false});
    } else if (spec.kind == ParamKind::kChoice) {
      ExpandChoice(spec, item, out);
    } else if (item.find("..") != std::string_view::npos) {
      ExpandRange(spec, item, out);
    } else {
      out.push_back(NumberValue(spec, ParseNumber(spec, item)));
    }
  }
  if (out.empty()) throw Error(fmt::format("--{}: '{}' selects nothing that can run here", spec.name, text));
  return out;
}

const ParamValue* Point::Find(const std::string& name) const {
  for (const auto& [key, value] : values) {
    if (key == name) return &value;
  }
  return nullptr;
}

const ParamValue& Point::at(const std::string& name) const {
  if (const ParamValue* value = Find(name)) return *value;
  throw Error("internal: parameter '" + name + "' missing from the matrix point");
}

std::string Point::Label() const {
  std::string out;
  for (const auto& [key, value] : values) out += (out.empty() ? "" : " ") + key + "=" + value.text;
  return out;
}

std::vector<std::string> VaryingParams(const std::vector<Point>& points) {
  std::vector<std::string> out;
  if (points.empty()) return out;
  for (const auto& [name, value] : points.front().values) {
    for (const Point& p : points) {
      // A point without the parameter (another workload's) differs in it.
      const ParamValue* other = p.Find(name);
      if (other == nullptr || other->text != value.text) {
        out.push_back(name);
        break;
      }
    }
  }
  return out;
}

std::vector<Point> ExpandMatrix(const std::vector<ParamSpec>& specs, const std::map<std::string, std::string>& given) {
  std::vector<Point> points(1);
  for (const auto& spec : specs) {
    const auto it = given.find(spec.name);
    const auto values = ExpandParam(spec, it == given.end() ? spec.default_value : it->second);
    // Counted before they are built: 10,000 points times 10,000 values
    // would be a hundred million of them.
    const std::size_t count = points.size() * values.size();
    if (count > kMaxMatrixPoints) {
      throw Error(
          fmt::format("the parameters expand to {} points, more than {}; narrow a range", count, kMaxMatrixPoints));
    }
    std::vector<Point> next;
    for (const auto& p : points) {
      for (const auto& v : values) {
        Point q = p;
        q.values.emplace_back(spec.name, v);
        next.push_back(std::move(q));
      }
    }
    points = std::move(next);
  }
  return points;
}

}  // namespace membench
