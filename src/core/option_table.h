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

#include "core/params.h"

namespace membench {

template <class Options>
class OptionTable {
 public:
  // A size or count: the value's number.
  OptionTable& Add(ParamSpec spec, std::uint64_t Options::*field) {
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v.number; });
  }
  // A choice or text: the value as given.
  OptionTable& Add(ParamSpec spec, std::string Options::*field) {
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v.text; });
  }
  // A size or count that may also be a word ("auto"): the value itself.
  OptionTable& Add(ParamSpec spec, ParamValue Options::*field) {
    return Bind(std::move(spec), [field](Options& o, const ParamValue& v) { o.*field = v; });
  }
  // A choice that names a type of its own (a page policy, a prefault mode).
  template <class T>
  OptionTable& Add(ParamSpec spec, T Options::*field, T (*parse)(const std::string&)) {
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
  OptionTable& Bind(ParamSpec spec, std::function<void(Options&, const ParamValue&)> set) {
    specs_.push_back(std::move(spec));
    setters_.push_back(std::move(set));
    return *this;
  }
  std::vector<ParamSpec> specs_;
  std::vector<std::function<void(Options&, const ParamValue&)>> setters_;
};

}  // namespace membench
