// File: sys/kernel_setting.h
// A kernel setting varied as a treatment (core/kernel_setting.h): written
// before each sample of a point that names a value, through the change
// journal, and put back to what it was at the end - normally, on an error,
// on Ctrl-C, by the signal handler on a second Ctrl-C, and by `membench
// restore` after SIGKILL.
#pragma once

#include <string>
#include <vector>

#include "sys/emergency_restore.h"
#include "sys/mthp.h"

namespace membench::sys {

// What the setting holds now: a list file's bracketed choice ("always
// [madvise] never" -> "madvise"), else its first line; "" when unreadable.
std::string ReadKernelSetting(const std::string& path);

// Why membench cannot take the setting through these values here ("" when
// it can): the kernel has no such file; it is on neither sysfs nor procfs;
// it does not read back as one value (so it could not be put back); or a
// value differs from the setting's and membench is not root (then the
// commands that set each value by hand, one run per value).
std::string KernelSettingUnavailableReason(const std::string& path, const std::vector<std::string>& values);

class KernelSettingSwitch {
 public:
  // Reads the setting as found, holding it against other membench runs (a
  // lock of its own; for THP settings the lock mTHP runs take too). Throws
  // Error when another run holds it, a killed membench left a change of it
  // behind (`membench restore` first), or it cannot be taken through
  // `values`.
  KernelSettingSwitch(std::string path, const std::vector<std::string>& values);
  KernelSettingSwitch(const KernelSettingSwitch&) = delete;
  KernelSettingSwitch& operator=(const KernelSettingSwitch&) = delete;
  // Puts back the setting as found, where Restore has not.
  ~KernelSettingSwitch();

  // Sets `value` unless it is so already; its journal record names it
  // before the write. Throws Error when the write fails or the kernel reads
  // back another value (it refused or rounded it).
  void Set(const std::string& value);

  // Puts back the setting as found; whether it reads so afterwards (when
  // not, its record stays for `membench restore`).
  bool Restore();

  const std::string& path() const { return path_; }
  const std::string& original() const { return original_; }
  // How many times a value was written.
  int writes() const { return writes_; }

 private:
  std::string path_;
  MthpSettingsLock thp_lock_;
  int lock_fd_ = -1;
  std::string original_;
  std::string current_;
  int writes_ = 0;
  EmergencyRestore undo_;
};

}  // namespace membench::sys
