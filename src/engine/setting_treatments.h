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
#include <vector>

#include "core/params.h"

namespace membench {

namespace sys {
class KernelSettingSwitch;
}

// Throws Error when a point's setting cannot be taken here: no such file,
// or not root with a value that differs from the setting's (the error
// gives the commands that set it by hand), or a setting of the mTHP sizes
// beside a point that sets them itself (--pages mthp-*).
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
  // Sets the point's values, where they are not so already.
  void Apply(const Point& point);
  // Says, for the result's notes, what was set and what was put back.
  std::vector<std::string> Notes() const;
  // Puts every setting back now.
  void Release();

 private:
  std::map<std::string, std::unique_ptr<sys::KernelSettingSwitch>> switches_;  // by path
  std::map<std::string, std::set<std::string>> values_;                        // by path
};

}  // namespace membench
