// File: sys/mthp.cpp
#include "sys/mthp.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include "core/error.h"
#include "sys/change_journal.h"
#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/kernel_setting.h"
#include "sys/memory.h"
#include "sys/pause_point.h"

namespace membench::sys {
namespace {

const std::string kThpDir = "/sys/kernel/mm/transparent_hugepage/";
constexpr const char* kLockPath = "/run/lock/membench-mthp.lock";

std::string SizeDir(std::size_t bytes) { return "hugepages-" + std::to_string(bytes >> 10) + "kB"; }
std::string EnabledPath(std::size_t bytes) { return kThpDir + SizeDir(bytes) + "/enabled"; }

// Whether a fault in a MADV_HUGEPAGE region may take this size.
bool EnabledForMadvise(const std::string& value) {
  if (value == "inherit") return EnabledForMadvise(ReadKernelSetting(kThpDir + "enabled"));
  return value == "always" || value == "madvise";
}

std::string SizeName(std::size_t bytes) {
  return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + "M" : std::to_string(bytes >> 10) + "K";
}

// path -> the value wanted for an mTHP run of `bytes`, for the settings not
// already right.
std::map<std::string, std::string> ChangesNeeded(std::size_t bytes) {
  std::map<std::string, std::string> changes;
  for (const std::size_t size : MthpSizesOffered()) {
    const std::string path = EnabledPath(size);
    const bool enabled = EnabledForMadvise(ReadKernelSetting(path));
    if (size == bytes && !enabled) changes[path] = "madvise";
    if (size != bytes && enabled) changes[path] = "never";
  }
  return changes;
}

}  // namespace

std::vector<std::size_t> MthpSizesOffered() {
  std::vector<std::size_t> sizes;
  std::error_code ec;
  for (const auto& dir : std::filesystem::directory_iterator(kThpDir, ec)) {
    const std::string name = dir.path().filename().string();
    if (name.rfind("hugepages-", 0) != 0 || !std::filesystem::exists(dir.path() / "enabled", ec)) continue;
    sizes.push_back(std::stoull(name.substr(10)) << 10);
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

std::string MthpUnavailableReason(std::size_t page_bytes) {
  if (page_bytes == ThpPageBytes()) {
    return SizeName(page_bytes) + " is this kernel's PMD (THP) size: ask for it with --pages thp";
  }
  if (page_bytes <= BasePageBytes()) {
    return SizeName(page_bytes) + " is not above this kernel's base page of " + SizeName(BasePageBytes());
  }
  const std::vector<std::size_t> offered = MthpSizesOffered();
  if (std::find(offered.begin(), offered.end(), page_bytes) == offered.end()) {
    std::string list;
    for (const std::size_t size : offered) list += (list.empty() ? "" : ", ") + SizeName(size);
    return "this kernel offers no " + SizeName(page_bytes) + " multi-size THP (" +
           (list.empty() ? std::string("no mTHP sizes at all; Linux 6.8+") : "sizes offered: " + list) + ")";
  }
  const auto changes = ChangesNeeded(page_bytes);
  if (changes.empty() || IsRoot()) return "";
  std::string commands;
  for (const auto& [path, value] : changes)
    commands += (commands.empty() ? "" : "; ") + ("echo " + value + " > " + path);
  return "needs root to set the mTHP sizes for the run (only " + SizeName(page_bytes) +
         " enabled); run as root, or set them yourself: " + commands;
}

MthpSelection::MthpSelection(std::size_t page_bytes) {
  if (const std::string reason = MthpUnavailableReason(page_bytes); !reason.empty()) {
    throw Error("--pages mthp-" + SizeName(page_bytes) + ": " + reason);
  }
  // Held while the point runs: shared where the settings are already right
  // (another run must not change them meanwhile), exclusive to change them;
  // they are looked at only under the lock.
  OpenLock();
  TakeLock(false);
  auto changes = ChangesNeeded(page_bytes);
  if (changes.empty()) return;
  if (lock_fd_ < 0) throw Error(std::string("cannot open ") + kLockPath + " to change the mTHP settings");
  TakeLock(true);
  // What a killed membench left would be taken for the machine's own
  // settings, and put back as such after this run.
  for (const auto& leftover : FindLeftoverChanges()) {
    if (leftover.record.kind == ChangeKind::kWriteFile && leftover.record.path.starts_with(kThpDir) &&
        !leftover.changed_since) {
      Restore();
      throw Error("a membench that was killed left " + DescribeChange(leftover.record) +
                  ": run `membench restore` first, then this run");
    }
  }
  changes = ChangesNeeded(page_bytes);  // again: the lock was let go while it turned exclusive
  try {
    // The others off before this one on, so no fault in between can take a
    // size that is not asked for.
    for (const auto& [path, value] : changes) {
      if (value == "never") Change(path, value);
    }
    for (const auto& [path, value] : changes) {
      if (value != "never") Change(path, value);
    }
    PausePoint("mthp-set");
  } catch (...) {
    Restore();
    throw;
  }
}

MthpSelection::~MthpSelection() { Restore(); }

// Two runs changing the sizes at once would each restore the other's
// values, and a run relying on the sizes as they are would lose them to
// another's restore: a run that changes them holds the lock alone.
void MthpSelection::OpenLock() { lock_fd_ = OpenLockFile(kLockPath); }

MthpSettingsLock::MthpSettingsLock(const std::string& path) {
  if (!path.starts_with(kThpDir)) return;
  fd_ = OpenLockFile(kLockPath);
  taken_ = fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) == 0;
}

MthpSettingsLock::~MthpSettingsLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the flock
}

void MthpSelection::TakeLock(bool exclusive) {
  if (lock_fd_ < 0) return;
  if (::flock(lock_fd_, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    throw Error(std::string("another membench run is ") + (exclusive ? "using or changing" : "changing") +
                " the mTHP settings (it holds " + kLockPath + "); wait until it ends");
  }
}

void MthpSelection::Change(const std::string& path, const std::string& value) {
  const std::string before = ReadKernelSetting(path);
  // Registered first: a signal between the write and the registration
  // would otherwise leave the new value behind.
  EmergencyRestore undo = EmergencyRestore::WriteFile(path, before, value);
  if (auto failure = WriteFile(path, value)) throw Error("could not set " + path + " to " + value + ": " + *failure);
  changed_.push_back({path, before, std::move(undo)});
  changes_.push_back(path.substr(kThpDir.size()) + ": " + value + " (was " + before + ")");
}

void MthpSelection::Restore() {
  // A setting that could not be written back keeps its record, for the
  // next membench to name.
  for (auto it = changed_.rbegin(); it != changed_.rend(); ++it) {
    it->undo.Finish(!WriteFile(it->path, it->before));
  }
  changed_.clear();
  if (lock_fd_ >= 0) ::close(lock_fd_);  // closing drops the flock
  lock_fd_ = -1;
}

}  // namespace membench::sys
