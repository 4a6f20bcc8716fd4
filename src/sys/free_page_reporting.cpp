// File: sys/free_page_reporting.cpp
#include "sys/free_page_reporting.h"

#include <unistd.h>

#include <filesystem>

#include "sys/clock.h"
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

std::optional<std::uint64_t> ReportedBytes() {
  const auto kib = ReadInteger("/sys/module/page_reporting/parameters/reported_kib");
  if (!kib || *kib < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*kib) << 10;
}

std::int64_t WaitForHostReclaim(std::optional<std::uint64_t> reported_before, std::uint64_t bytes,
                                std::int64_t timeout_ns) {
  // PAGE_REPORTING_DELAY in mm/page_reporting.c: reporting starts 2 s after
  // enough memory was freed.
  constexpr std::int64_t kReportingDelayNs = 2'000'000'000;
  const std::int64_t start = MonotonicNs();
  if (!reported_before) {
    ::usleep(static_cast<useconds_t>(2 * kReportingDelayNs / 1000));
    return MonotonicNs() - start;
  }
  // Blocks smaller than the reporting order and pages reused meanwhile are
  // never reported, and reporting goes in batches seconds apart: half the
  // amount reported is taken as the host having taken it back (seen here:
  // 0.85 of 2 GiB after 2.5 s, 1.2 after 4.5 s).
  const std::uint64_t wanted = *reported_before + bytes / 2;
  while (MonotonicNs() - start < timeout_ns) {
    const auto now = ReportedBytes();
    if (!now || *now >= wanted) break;
    ::usleep(50'000);
  }
  return MonotonicNs() - start;
}

}  // namespace membench::sys
