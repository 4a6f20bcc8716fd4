// File: sys/mthp.h
// Multi-size THP (Linux 6.8+): one "enabled" file per folio size under
// /sys/kernel/mm/transparent_hugepage/hugepages-<N>kB/. On a fault in a
// MADV_HUGEPAGE region the kernel takes the largest enabled size that fits,
// so an mTHP run needs its own size enabled and every other size (the PMD
// size too) off. As root membench sets that for an mTHP point and puts back
// what it found after it - normally, on an error or on Ctrl-C; otherwise it
// says what to set.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sys/emergency_restore.h"

namespace membench::sys {

// Sizes with an "enabled" file, smallest first (the PMD size included).
std::vector<std::size_t> MthpSizesOffered();

// Why an mTHP run of this size cannot run now ("" when it can): the kernel
// lacks the size, or the settings are not right and membench is not root.
std::string MthpUnavailableReason(std::size_t page_bytes);

// Makes page_bytes the only size a MADV_HUGEPAGE fault can take, for the
// object's lifetime: the other sizes (the PMD size too) off first, then this
// one on; put back in reverse order when it goes, and by the signal handler
// if membench is ended by a second Ctrl-C (sys/emergency_restore.h). While
// one exists no other membench process may change the sizes (a lock file).
// Throws Error when the settings are neither already so nor settable.
// The lock of the mTHP settings (an MthpSelection holds it shared to rely
// on them, exclusive to change them), taken exclusive without waiting to
// put back a setting at `path` that a killed run left; a path that is not
// an mTHP setting needs no lock, and taken() is true for it.
class MthpSettingsLock {
 public:
  explicit MthpSettingsLock(const std::string& path);
  MthpSettingsLock(const MthpSettingsLock&) = delete;
  MthpSettingsLock& operator=(const MthpSettingsLock&) = delete;
  ~MthpSettingsLock();
  bool taken() const { return taken_; }

 private:
  int fd_ = -1;
  bool taken_ = true;
};

class MthpSelection {
 public:
  explicit MthpSelection(std::size_t page_bytes);
  MthpSelection(const MthpSelection&) = delete;
  MthpSelection& operator=(const MthpSelection&) = delete;
  ~MthpSelection();

  // "hugepages-64kB/enabled: madvise (was never)" for each setting changed.
  const std::vector<std::string>& changes() const { return changes_; }

 private:
  struct Changed {
    std::string path;
    std::string before;
    EmergencyRestore undo;
  };
  void OpenLock();
  void TakeLock(bool exclusive);
  void Change(const std::string& path, const std::string& value);
  void Restore();

  int lock_fd_ = -1;
  std::vector<Changed> changed_;
  std::vector<std::string> changes_;
};

}  // namespace membench::sys
