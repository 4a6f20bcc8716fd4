// File: sys/kernel_setting.cpp
#include "sys/kernel_setting.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/magic.h>
#include <sys/file.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "core/error.h"
#include "sys/change_journal.h"
#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/pause_point.h"

namespace membench::sys {
namespace {

// A lock file of the setting's own in /run/lock: two runs varying one
// setting would each take the other's value for the machine's.
std::string LockPathOf(const std::string& path) {
  std::string name = path.substr(1);
  std::replace(name.begin(), name.end(), '/', '_');
  return "/run/lock/membench-setting-" + name + ".lock";
}

}  // namespace

std::string ReadKernelSetting(const std::string& path) {
  const auto line = ReadFirstLine(path);
  return line ? SelectedSysfsChoice(*line) : "";
}

std::string KernelSettingUnavailableReason(const std::string& path, const std::vector<std::string>& values) {
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return "this kernel has no " + path;
  // Only sysfs and procfs: debugfs, tracefs, cgroup and securityfs files
  // mounted below /sys are not settings membench can put back.
  if (fs.f_type != SYSFS_MAGIC && fs.f_type != PROC_SUPER_MAGIC) return path + " is not a sysfs or procfs setting";
  const auto text = ReadFile(path);
  const std::string body = text ? text->substr(0, text->find_last_not_of('\n') + 1) : "";
  if (body.empty() || body.find('\n') != std::string::npos) {
    return path + " does not read back as one value (write-only, empty or several lines), so it cannot be put back";
  }
  const std::string now = ReadKernelSetting(path);
  const bool all_as_now = std::all_of(values.begin(), values.end(), [&](const std::string& v) { return v == now; });
  if (all_as_now || IsRoot()) return "";
  std::string commands;
  for (const std::string& value : values) {
    commands += fmt::format("{}`printf '%s\\n' {} | sudo tee {}`", commands.empty() ? "" : ", ", value, path);
  }
  return fmt::format(
      "changing {} (now {}) needs root: run membench as root, or measure one value per run, setting it first "
      "with {}, and put back {} after",
      path, now, commands, now);
}

KernelSettingSwitch::KernelSettingSwitch(std::string path, const std::vector<std::string>& values)
    : path_(std::move(path)), thp_lock_(path_) {
  if (const std::string reason = KernelSettingUnavailableReason(path_, values); !reason.empty()) {
    throw Error("--setting: " + reason);
  }
  if (!thp_lock_.taken()) {
    throw Error("another membench run is using or changing the THP settings; wait until it ends, then vary " + path_);
  }
  const std::string lock_path = LockPathOf(path_);
  lock_fd_ = OpenLockFile(lock_path);
  if (lock_fd_ >= 0 && ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    throw Error("another membench run is varying " + path_ + " (it holds " + lock_path + "); wait until it ends");
  }
  // A value a killed membench left would be taken for the machine's own,
  // and put back as such after this run.
  for (const LeftoverChange& leftover : FindLeftoverChanges()) {
    if (leftover.record.kind == ChangeKind::kWriteFile && leftover.record.path == path_ && !leftover.changed_since) {
      throw Error("a membench that was killed left " + DescribeChange(leftover.record) +
                  ": run `membench restore` first, then this run");
    }
  }
  original_ = ReadKernelSetting(path_);
  current_ = original_;
}

KernelSettingSwitch::~KernelSettingSwitch() {
  Restore();
  if (lock_fd_ >= 0) ::close(lock_fd_);  // closing drops the flock
}

bool KernelSettingSwitch::Restore() {
  if (current_ == original_) return true;
  WriteFile(path_, original_);
  current_ = ReadKernelSetting(path_);
  // A setting that is not back keeps its record, for the next membench to
  // name and `membench restore` to put back.
  undo_.Finish(current_ == original_);
  return current_ == original_;
}

void KernelSettingSwitch::Set(const std::string& value) {
  if (value == current_) return;
  // The new record is written before the value, and the old one goes only
  // then: a signal in between finds one or the other, and each puts back
  // the original.
  EmergencyRestore undo = EmergencyRestore::WriteFile(path_, original_, value);
  const auto failure = WriteFile(path_, value);
  current_ = ReadKernelSetting(path_);
  undo_.Finish(true);
  undo_ = std::move(undo);
  if (current_ == original_) undo_.Finish(true);  // nothing left to put back
  if (failure) throw Error(fmt::format("could not set {} to {}: {}", path_, value, *failure));
  if (current_ != value) {
    throw Error(fmt::format("{} reads {} after membench wrote {}: the kernel does not take that value", path_, current_,
                            value));
  }
  ++writes_;
  PausePoint("setting-set");
}

}  // namespace membench::sys
