// File: fuzz/fuzz_matrix.cpp
// Parameter matrices as a workload's flags give them: lines NAME=VALUE for
// a size, a count, a choice with a word (`idle`) and a text parameter.
// Properties: the matrix has exactly the product of each parameter's value
// count, never more than kMaxMatrixPoints; every point names every
// parameter once, in the order declared, with the values of its own list.
#include <map>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/params.h"
#include "fuzz_property.h"

using membench::fuzz::Require;

namespace {

std::vector<membench::ParamSpec> Specs() {
  std::vector<membench::ParamSpec> specs = {
      membench::SizeParamNamed("size", "64M", "", 1),
      membench::ChoiceParam("impl", "libc", "", {"libc", "movsb", "avx2", "nt"}),
      membench::CountParam("procs", "1", "", 1, 1024),
      membench::TextParam("cpus", "auto", ""),
      membench::CountParam("delay", "0", "", 0, 1'000'000),
  };
  specs[4].word = "idle";
  return specs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::map<std::string, std::string> given;
  std::istringstream lines(membench::fuzz::InputText(data, size));
  for (std::string line; std::getline(lines, line);) {
    const auto equals = line.find('=');
    if (equals != std::string::npos) given[line.substr(0, equals)] = line.substr(equals + 1);
  }
  static const std::vector<membench::ParamSpec> specs = Specs();
  std::vector<std::size_t> counts;
  try {
    for (const auto& spec : specs) {
      const auto it = given.find(spec.name);
      counts.push_back(membench::ExpandParam(spec, it == given.end() ? spec.default_value : it->second).size());
    }
  } catch (const membench::Error&) {
    return 0;  // a bad value: ExpandMatrix must refuse it too, which the next block checks
  }
  std::size_t expected = 1;
  bool too_many = false;
  for (const std::size_t count : counts) {
    too_many = too_many || count > membench::kMaxMatrixPoints / expected;
    if (!too_many) expected *= count;
  }
  try {
    const std::vector<membench::Point> points = membench::ExpandMatrix(specs, given);
    Require(!too_many && points.size() == expected, "the matrix is the product of the parameters' value counts");
    for (const membench::Point& point : points) {
      Require(point.values.size() == specs.size(), "every point names every parameter");
      for (std::size_t i = 0; i < specs.size(); ++i) {
        Require(point.values[i].first == specs[i].name, "parameters in the order declared");
      }
    }
  } catch (const membench::Error&) {
    Require(too_many, "ExpandMatrix refused a matrix whose every parameter expanded");
  }
  return 0;
}
