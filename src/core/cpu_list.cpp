// File: core/cpu_list.cpp
#include "core/cpu_list.h"

#include <charconv>
#include <string>

#include "core/error.h"

namespace membench {
namespace {

int ParseCpu(std::string_view text, std::string_view whole) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0 || value > 65535) {
    throw Error("--cpu: invalid CPU list '" + std::string(whole) + "' (write e.g. 0,2-3)");
  }
  return value;
}

}  // namespace

std::vector<int> ParseCpuList(std::string_view text) {
  std::vector<int> cpus;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? comma : comma - start);
    const auto dash = item.find('-');
    if (dash == std::string_view::npos) {
      cpus.push_back(ParseCpu(item, text));
    } else {
      const int lo = ParseCpu(item.substr(0, dash), text);
      const int hi = ParseCpu(item.substr(dash + 1), text);
      if (lo > hi) throw Error("--cpu: reversed range '" + std::string(item) + "' in '" + std::string(text) + "'");
      for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return cpus;
}

}  // namespace membench
