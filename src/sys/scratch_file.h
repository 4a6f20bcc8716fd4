// File: sys/scratch_file.h
// A file that exists only for a run: created in the scratch directory
// ($TMPDIR, else /var/tmp), unlinked at once so nothing is left behind even
// after a crash, filled to its size, and read once so its pages sit in the
// page cache; then mapped read-only, afresh for each sample. Or left
// sparse (will-it-scale's ftruncate'd file), so the first write fault of
// each page allocates it: where that write goes through a shared mapping,
// the run checks the disk's room first (WorkloadNeeds::scratch_disk_bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sys/memory.h"

namespace membench::sys {

// $TMPDIR if set, else /var/tmp (disk-backed, unlike a tmpfs /tmp whose
// pages are shmem, not page cache).
std::string ScratchDirectory();
// Bytes free to this user on the disk that holds `directory`; nothing
// where that cannot be read (the directory is missing).
std::optional<std::uint64_t> FreeDiskBytes(const std::string& directory);

enum class ScratchContents { kFilled, kSparse };
enum class Sharing { kPrivate, kShared };

class ScratchFile {
 public:
  // Throws Error naming the directory and how to choose another when it is
  // not writable or the file cannot be filled (disk full).
  ScratchFile(const std::string& directory, std::uint64_t bytes, ScratchContents contents = ScratchContents::kFilled);
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile();

  // A MAP_SHARED read-only mapping of the whole file.
  MappedRegion MapReadOnly() const;
  // A read-write mapping of the whole file: private (a write copies the
  // page) or shared (a write dirties the file's page). Exactly one mmap,
  // as a program would call it: for timing the mapping itself.
  MappedRegion MapWritable(Sharing sharing) const;
  std::uint64_t size() const { return bytes_; }

 private:
  int fd_ = -1;
  std::uint64_t bytes_ = 0;
};

}  // namespace membench::sys
