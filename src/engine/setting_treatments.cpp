// File: engine/setting_treatments.cpp
#include "engine/setting_treatments.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "core/kernel_setting.h"
#include "sys/kernel_setting.h"

namespace membench {
namespace {

// path -> every value the points name, in first-seen order.
std::map<std::string, std::vector<std::string>> ValuesByPath(const std::vector<Point>& points) {
  std::map<std::string, std::vector<std::string>> out;
  for (const Point& point : points) {
    for (const auto& [path, value] : KernelSettingsOf(point)) {
      auto& values = out[path];
      if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
    }
  }
  return out;
}

}  // namespace

void CheckSettingsAvailable(const std::vector<Point>& points, bool mthp_points) {
  for (const auto& [path, values] : ValuesByPath(points)) {
    if (mthp_points && path.starts_with("/sys/kernel/mm/transparent_hugepage/hugepages-")) {
      throw Error(
          fmt::format("--setting {}: an mTHP point (--pages mthp-*) sets the mTHP sizes itself; vary them "
                      "through --pages, or the setting with other pages",
                      KernelSettingName(path)));
    }
    if (const std::string reason = sys::KernelSettingUnavailableReason(path, values); !reason.empty()) {
      throw Error("--setting " + KernelSettingName(path) + ": " + reason);
    }
  }
}

SettingTreatments::SettingTreatments() = default;
SettingTreatments::~SettingTreatments() {
  while (!switches_.empty()) switches_.pop_back();  // the last taken put back first
}

void SettingTreatments::Hold(const std::vector<Point>& points) {
  for (const auto& setting : ValuesByPath(points)) {
    const std::string& path = setting.first;  // clang 14 captures no structured binding
    const bool held = std::any_of(switches_.begin(), switches_.end(), [&](const auto& s) { return s->path() == path; });
    if (!held) switches_.push_back(std::make_unique<sys::KernelSettingSwitch>(path, setting.second));
  }
}

void SettingTreatments::Apply(const std::vector<std::pair<std::string, std::string>>& settings) {
  for (const auto& setting : settings) {
    const std::string& path = setting.first;  // clang 14 captures no structured binding
    const auto held =
        std::find_if(switches_.begin(), switches_.end(), [&](const auto& s) { return s->path() == path; });
    if (held == switches_.end()) throw Error("internal: the setting " + path + " is not held");
    (*held)->Set(setting.second);
    values_[path].insert(setting.second);
  }
}

std::vector<std::string> SettingTreatments::Release() {
  std::vector<std::string> notes;
  for (auto it = switches_.rbegin(); it != switches_.rend(); ++it) {
    sys::KernelSettingSwitch& held = **it;
    const bool back = held.Restore();
    const auto set = values_.find(held.path());
    if (set == values_.end()) continue;
    notes.push_back(fmt::format(
        "membench set {} to {} before each sample of the points that name it ({} write{}), and {} {} at the end",
        held.path(), fmt::join(set->second, " or "), held.writes(), held.writes() == 1 ? "" : "s",
        back ? "put back" : "could NOT put back (run `membench restore`)", held.original()));
  }
  switches_.clear();
  values_.clear();
  return notes;
}

}  // namespace membench
