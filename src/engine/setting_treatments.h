// File: engine/setting_treatments.h
// The kernel settings an invocation's points vary (core/kernel_setting.h):
// checked before anything runs, each written before every sample of a
// point that names a value - so interleaved rounds alternate the values
// A B A B within one boot and drift falls on both alike - and put back as
// found when the invocation ends, however it ends.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

namespace membench {

namespace sys {
class KernelSettingSwitch;
}

// Throws Error when a point's setting cannot be taken here: no such file,
// not one value to read back, or not root with a value that differs from
// the setting's (the error gives the commands that set it by hand), or a
// THP setting beside a point that sets the mTHP sizes itself (--pages
// mthp-*).
void CheckSettingsAvailable(const std::vector<Point>& points, bool mthp_points);

class SettingTreatments {
 public:
  SettingTreatments();
  SettingTreatments(const SettingTreatments&) = delete;
  SettingTreatments& operator=(const SettingTreatments&) = delete;
  // Puts every setting back as found.
  ~SettingTreatments();

  // Takes hold of the settings the points name (those not held already).
  void Hold(const std::vector<Point>& points);
  // Sets the values (path, value) of a point's settings, where they are not
  // so already: KernelSettingsOf, worked out once a point.
  void Apply(const std::vector<std::pair<std::string, std::string>>& settings);
  // Puts every setting back now, the last taken first, and says for the
  // result's notes what was set and whether it is back.
  std::vector<std::string> Release();

 private:
  std::vector<std::unique_ptr<sys::KernelSettingSwitch>> switches_;  // in the order taken
  std::map<std::string, std::set<std::string>> values_;              // the values set, by path
};

}  // namespace membench
