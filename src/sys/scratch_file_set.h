// File: sys/scratch_file_set.h
// Named files in a directory of their own (mkdtemp under the scratch
// directory, sys/scratch_file.h), for the workloads that time creating,
// opening, stat'ing and deleting files. The paths are built once, so the
// timed loops do no allocation. Every file and the directory are removed
// when the set goes, and by the signal handler on a second Ctrl-C; what a
// SIGKILL leaves (a membench-files-* directory) the next membench finds by
// its record (sys/emergency_restore.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sys/emergency_restore.h"

namespace membench::sys {

class ScratchFileSet {
 public:
  // Makes the directory; creates no file. Throws Error naming the
  // directory and how to choose another when it cannot.
  ScratchFileSet(const std::string& parent, std::size_t files, std::uint64_t file_bytes);
  ScratchFileSet(const ScratchFileSet&) = delete;
  ScratchFileSet& operator=(const ScratchFileSet&) = delete;
  ~ScratchFileSet();

  // Each file: open with O_CREAT|O_EXCL, write its bytes, close. Throws
  // Error when one exists already or the disk is full.
  void CreateAll();
  // Unlinks every file; throws Error when one is missing.
  void RemoveAll();

  const std::string& PathOf(std::size_t file) const { return paths_[file]; }
  const std::string& directory() const { return directory_; }

 private:
  std::string directory_;
  EmergencyRestore cleanup_;
  std::vector<std::string> paths_;
  std::vector<char> contents_;
};

}  // namespace membench::sys
