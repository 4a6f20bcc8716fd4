// File: sys/files.h
// Small readers for /proc and /sys: whole file, first line, one integer.
// They report absence as std::nullopt, never throw: a missing file is a fact
// about the machine ("no cpufreq"), not an error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace membench::sys {

std::optional<std::string> ReadFile(const std::string& path);
std::optional<std::string> ReadFirstLine(const std::string& path);
std::optional<std::int64_t> ReadInteger(const std::string& path);
// Writes value to a sysfs/procfs file; returns the errno text on failure.
std::optional<std::string> WriteFile(const std::string& path, const std::string& value);
bool IsRoot();
// A lock file for flock, opened read-only; -1 when it cannot be. Created
// only where it does not exist: with fs.protected_regular, even root's
// O_CREAT open of a file another user made in /run/lock fails.
int OpenLockFile(const std::string& path);
// Whether anything is at path (a store's file, say).
bool PathExists(const std::string& path);
// Removes a file; one already gone is no error, nor is any other failure
// (what is removed is scratch).
void RemoveFile(const std::string& path);

// One line of /proc/self/mounts: where a filesystem is mounted, and its type.
struct MountedFilesystem {
  std::string mount_point;
  std::string type;
};
// Every mount of this process's namespace, in mount order; none when
// /proc is not there.
std::vector<MountedFilesystem> MountTable();
// The type of the filesystem that holds `path` ("ext4", "tmpfs"): the
// last mount whose mount point contains it; "" when none is known.
std::string FilesystemTypeOf(const std::string& path);

}  // namespace membench::sys
