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

namespace membench::sys {

// What the setting holds now: a list file's bracketed choice ("always
// [madvise] never" -> "madvise"), else its first line; "" when unreadable.
std::string ReadKernelSetting(const std::string& path);

// Why membench cannot take the setting through these values here ("" when
// it can): the kernel has no such file, or a value differs from the
// setting's and membench is not root (then the commands that set each value
// by hand, one run per value).
std::string KernelSettingUnavailableReason(const std::string& path, const std::vector<std::string>& values);

class KernelSettingSwitch {
 public:
  // Reads the setting as found. Throws Error when a killed membench left a
  // change of it behind (`membench restore` first), or it cannot be taken
  // through `values`.
  KernelSettingSwitch(std::string path, const std::vector<std::string>& values);
  KernelSettingSwitch(const KernelSettingSwitch&) = delete;
  KernelSettingSwitch& operator=(const KernelSettingSwitch&) = delete;
  // Puts back the setting as found.
  ~KernelSettingSwitch();

  // Sets `value` unless it is so already; its journal record names it
  // before the write. Throws Error when the write fails or the kernel reads
  // back another value (it refused or rounded it).
  void Set(const std::string& value);

  const std::string& path() const { return path_; }
  const std::string& original() const { return original_; }
  // How many times a value was written.
  int writes() const { return writes_; }

 private:
  std::string path_;
  std::string original_;
  std::string current_;
  int writes_ = 0;
  EmergencyRestore undo_;
};

}  // namespace membench::sys
