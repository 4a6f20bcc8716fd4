// File: fuzz/fuzz_sizes.cpp
// Sizes, counts and their ranges as --size and --procs take them.
// Properties: a parsed size prints (FormatSize) and parses back to itself;
// every value of an expanded list or range is within the parameter's
// bounds and re-parses alone to the same number.
#include <string>

#include "core/error.h"
#include "core/params.h"
#include "core/units.h"
#include "fuzz_property.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = membench::fuzz::InputText(data, size);
  try {
    const std::uint64_t bytes = membench::ParseSize(text);
    const std::string printed = membench::FormatSize(bytes);
    Require(membench::ParseSize(printed) == bytes, "ParseSize(FormatSize(n)) == n for '" + text + "' -> " + printed);
  } catch (const membench::Error&) {
  }
  try {
    membench::ParseCount(text);
  } catch (const membench::Error&) {
  }
  for (const membench::ParamSpec& spec :
       {membench::SizeParamNamed("size", "64M", "", 0), membench::CountParam("procs", "1", "", 1, 4096)}) {
    try {
      const std::vector<membench::ParamValue> values = membench::ExpandParam(spec, text);
      for (std::size_t i = 0; i < values.size(); ++i) {
        const membench::ParamValue& v = values[i];
        Require(v.numeric && v.number >= spec.min_value && v.number <= spec.max_value,
                "an expanded value within the parameter's bounds");
        const std::vector<membench::ParamValue> again = membench::ExpandParam(spec, v.text);
        Require(again.size() == 1 && again[0].number == v.number, "value '" + v.text + "' re-parses to itself");
      }
    } catch (const membench::Error&) {
    }
  }
  return 0;
}
