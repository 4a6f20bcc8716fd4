// File: core/kernel_setting.cpp
#include "core/kernel_setting.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

#include "core/error.h"

namespace membench {
namespace {

constexpr std::string_view kMmDir = "/sys/kernel/mm/";
constexpr std::string_view kSysctlDir = "/proc/sys/";
// Where the memory system's settings are. Elsewhere under /sys and
// /proc/sys many files are actions (a device's remove, power/state,
// binfmt_misc's status) that no write puts back.
constexpr std::array<std::string_view, 6> kSettingDirs = {
    kMmDir,       "/proc/sys/vm/", "/proc/sys/kernel/", "/sys/devices/system/cpu/", "/sys/devices/system/node/",
    "/sys/block/"};
// /proc/sys's top directories: a short name starting with one is a sysctl.
constexpr std::array<std::string_view, 9> kSysctlGroups = {"abi",    "crypto", "debug", "dev", "fs",
                                                           "kernel", "net",    "user",  "vm"};

// Letters, digits and _.:+- only: a value or path that membench writes
// and prints in an `echo VALUE > PATH` command must mean the same to sh.
bool ShellSafe(std::string_view text, bool path) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_.:+-").find(c) != std::string_view::npos || (path && c == '/');
  });
}

std::vector<std::string> SplitValues(const std::string& values) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = values.find(',', start);
    out.push_back(values.substr(start, comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

}  // namespace

bool IsKernelSetting(std::string_view name) { return name.find('/') != std::string_view::npos; }

std::string KernelSettingPath(const std::string& name) {
  if (name.starts_with('/')) return name;
  const std::string group = name.substr(0, name.find('/'));
  const bool sysctl = std::find(kSysctlGroups.begin(), kSysctlGroups.end(), group) != kSysctlGroups.end();
  return std::string(sysctl ? kSysctlDir : kMmDir) + name;
}

std::string KernelSettingName(const std::string& given) {
  const std::string path = KernelSettingPath(given);
  const auto refuse = [&](const std::string& why) { return Error(fmt::format("--setting {}: {}", given, why)); };
  // One spelling per file: no "..", ".", "//" or trailing '/'.
  if (!ShellSafe(path, true) || path.find("/../") != std::string::npos || path.find("/./") != std::string::npos ||
      path.find("//") != std::string::npos || path.ends_with("/..") || path.ends_with("/.") || path.ends_with('/')) {
    throw refuse("a setting is a file's path of letters, digits and _.:+-, without '..', '.' or '//'");
  }
  if (std::none_of(kSettingDirs.begin(), kSettingDirs.end(),
                   [&](std::string_view dir) { return path.starts_with(dir); })) {
    throw refuse(fmt::format("only the memory system's settings can be treatments: files under {}",
                             fmt::join(kSettingDirs, ", ")));
  }
  for (const std::string_view dir : {kMmDir, kSysctlDir}) {
    if (!path.starts_with(dir)) continue;
    std::string name = path.substr(dir.size());
    // The short name must lead back to the same file, and hold a '/' so it
    // reads as a setting, never as a workload's own parameter.
    if (IsKernelSetting(name) && KernelSettingPath(name) == path) return name;
  }
  return path;
}

std::string CanonicalParamName(const std::string& given) {
  return IsKernelSetting(given) ? KernelSettingName(given) : given;
}

std::pair<std::string, std::string> ParseSettingFlag(const std::string& text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals + 1 == text.size()) {
    throw Error(
        fmt::format("--setting {}: give PATH=VALUE[,VALUE...], e.g. --setting "
                    "transparent_hugepage/use_zero_page=0,1",
                    text));
  }
  std::string name = KernelSettingName(text.substr(0, equals));
  std::string values = text.substr(equals + 1);
  KernelSettingParam(name, values);  // checks the values
  return {std::move(name), std::move(values)};
}

ParamSpec KernelSettingParam(const std::string& name, const std::string& values) {
  std::vector<std::string> choices = SplitValues(values);
  for (const std::string& value : choices) {
    if (!ShellSafe(value, false)) {
      throw Error(fmt::format("--setting {}: '{}' is not a value membench writes (letters, digits and _.:+- only)",
                              name, value));
    }
  }
  std::string first = choices.front();
  return ChoiceParam(name, std::move(first), "the kernel setting " + KernelSettingPath(name), std::move(choices));
}

std::vector<std::pair<std::string, std::string>> KernelSettingsOf(const Point& point) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, value] : point.values) {
    if (IsKernelSetting(name)) out.emplace_back(KernelSettingPath(name), value.text);
  }
  return out;
}

}  // namespace membench
