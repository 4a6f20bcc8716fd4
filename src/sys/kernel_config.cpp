// File: sys/kernel_config.cpp
#include "sys/kernel_config.h"

#include <zlib.h>

#include <optional>
#include <sstream>

#include "sys/files.h"

namespace membench::sys {
namespace {

std::optional<std::string> ReadGzip(const std::string& path) {
  gzFile file = ::gzopen(path.c_str(), "rb");
  if (file == nullptr) return std::nullopt;
  std::string text;
  char buffer[1 << 16];
  int got = 0;
  while ((got = ::gzread(file, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(got));
  const bool failed = got < 0;
  ::gzclose(file);
  if (failed) return std::nullopt;
  return text;
}

}  // namespace

KernelConfig ReadKernelConfig(const std::string& release, const std::vector<std::string>& names) {
  KernelConfig out;
  std::optional<std::string> text = ReadGzip("/proc/config.gz");
  if (text) {
    out.source = "/proc/config.gz";
  } else if ((text = ReadFile("/boot/config-" + release))) {
    out.source = "/boot/config-" + release;
  } else {
    return out;
  }
  for (const std::string& name : names) out.options[name] = "n";
  std::istringstream in(*text);
  std::string line;
  while (std::getline(in, line)) {
    const auto equals = line.find('=');
    if (line.empty() || line[0] == '#' || equals == std::string::npos) continue;
    const auto it = out.options.find(line.substr(0, equals));
    if (it != out.options.end()) it->second = line.substr(equals + 1);
  }
  return out;
}

}  // namespace membench::sys
