// File: core/option_table.h
// A workload's options as a struct of typed fields, declared in one table
// (the way fio declares its options): each row is a parameter's spec (name,
// kind, default, help, choices) bound to the field its value lands in. The
// table gives the workload's parameters (WorkloadInfo::params) and reads a
// point into the struct, so what a workload declares and what it reads
// cannot drift apart, and a point's values, checked once when the matrix
// is expanded (core/params.h), are read as fields, not looked up as strings.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/params.h"

namespace membench {

template <class Options>
class OptionTable {
 public:
  // A size or count that is always a number: the value's number.
  OptionTable& Add(ParamSpec spec, std::uint64_t Options::*field) {
    if (!IsNumber(spec.kind) || !spec.word.empty()) Refuse(spec, "a number field takes a size or count without a word");
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v.number; });
  }
  // A choice or text: the value as given.
  OptionTable& Add(ParamSpec spec, std::string Options::*field) {
    if (IsNumber(spec.kind)) Refuse(spec, "a text field takes a choice or text, not a size or count");
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v.text; });
  }
  // A size or count that may also be a word ("auto"): the value itself.
  OptionTable& Add(ParamSpec spec, ParamValue Options::*field) {
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v; });
  }
  // A choice that names a type of its own (a page policy, a prefault mode).
  template <class T>
  OptionTable& Add(ParamSpec spec, T Options::*field, T (*parse)(const std::string&)) {
    if (IsNumber(spec.kind)) Refuse(spec, "a parsed field takes a choice or text, not a size or count");
    return Bind(std::move(spec), [field, parse](Options& o, const ParamValue& v) { o.*field = parse(v.text); });
  }

  const std::vector<ParamSpec>& specs() const { return specs_; }

  // Every field from the point's value of its parameter. Throws Error
  // naming the parameter where the point lacks one (a point of another
  // workload), or where a parse refuses its text.
  Options Read(const Point& point) const {
    Options options{};
    for (std::size_t i = 0; i < specs_.size(); ++i) setters_[i](options, point.at(specs_[i].name));
    return options;
  }

 private:
  static bool IsNumber(ParamKind kind) { return kind == ParamKind::kSize || kind == ParamKind::kCount; }
  // A table that binds a parameter to a field of the wrong kind would read
  // 0 or lose a word for every point: a programming error, refused when
  // the table is built (at the first use of the workload).
  [[noreturn]] static void Refuse(const ParamSpec& spec, const std::string& why) {
    throw Error("internal: option table: --" + spec.name + ": " + why);
  }
  OptionTable& Bind(ParamSpec spec, std::function<void(Options&, const ParamValue&)> set) {
    specs_.push_back(std::move(spec));
    setters_.push_back(std::move(set));
    return *this;
  }
  std::vector<ParamSpec> specs_;
  std::vector<std::function<void(Options&, const ParamValue&)>> setters_;
};

}  // namespace membench
