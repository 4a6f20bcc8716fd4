// File: sys/free_page_reporting.cpp
#include "sys/free_page_reporting.h"

#include <filesystem>

#include "sys/files.h"

namespace membench::sys {
namespace {

constexpr const char* kVirtioBalloonDeviceId = "0x0005";
constexpr std::size_t kReportingFeatureBit = 5;  // VIRTIO_BALLOON_F_REPORTING

}  // namespace

FreePageReporting DetectFreePageReporting() {
  FreePageReporting out;
  std::error_code ec;
  for (const auto& dev : std::filesystem::directory_iterator("/sys/bus/virtio/devices", ec)) {
    const std::string dir = dev.path().string();
    if (ReadFirstLine(dir + "/device").value_or("") != kVirtioBalloonDeviceId) continue;
    // "features" is one '0'/'1' per feature bit, bit 0 first.
    const std::string features = ReadFirstLine(dir + "/features").value_or("");
    if (features.size() <= kReportingFeatureBit || features[kReportingFeatureBit] != '1') continue;
    out.active = true;
    out.description = "virtio-balloon free page reporting";
    if (const auto order = ReadInteger("/sys/module/page_reporting/parameters/page_reporting_order")) {
      out.description += ", order " + std::to_string(*order) + " (free blocks of " +
                         std::to_string((std::int64_t{4} << *order) >> 10) + " MiB and more go back to the host)";
    }
  }
  return out;
}

}  // namespace membench::sys
