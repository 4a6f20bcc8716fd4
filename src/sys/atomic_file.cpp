// File: sys/atomic_file.cpp
#include "sys/atomic_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.h"
#include "core/units.h"
#include "sys/channel.h"
#include "sys/emergency_restore.h"
#include "sys/environment.h"
#include "sys/pause_point.h"

namespace membench::sys {
namespace {

std::string TempPathFor(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

// Less free space than this is refused before a run: a result's JSON with
// every sample takes 10 KiB to a few MiB.
constexpr std::uintmax_t kLeastFreeBytes = 4u << 20;

}  // namespace

void CheckWritable(const std::string& path, const std::string& what) {
  // A directory passes the temporary file's test, but the rename onto it fails.
  if (std::filesystem::is_directory(path)) {
    throw Error(what + " " + path + " is a directory: give a file name in it, e.g. " + path + "/result");
  }
  const std::string temp = TempPathFor(path);
  std::FILE* f = std::fopen(temp.c_str(), "w");
  if (f == nullptr) {
    throw Error("cannot write " + what + " " + path + ": " + std::strerror(errno) +
                " (choose a path in a writable directory)");
  }
  std::fclose(f);
  std::remove(temp.c_str());
  CheckFreeSpace(path, what);
}

void CheckFreeSpace(const std::string& path, const std::string& what) {
  std::error_code ec;
  const auto space = std::filesystem::space(std::filesystem::absolute(path).parent_path(), ec);
  if (!ec && space.available < kLeastFreeBytes) {
    throw Error(
        fmt::format("cannot write {} {}: its disk has {} free, and a result needs up to a few MiB "
                    "(free some space or choose a path on another disk)",
                    what, path, FormatSizeApprox(space.available)));
  }
}

void WriteFileAtomically(const std::string& path, const std::string& contents) {
  const std::string temp = TempPathFor(path);
  // Deleted by the signal handler when membench is ended in the middle of
  // the write, and found by the next membench when it is killed. Only a
  // convenience: a result is worth more than a record of its temporary.
  EmergencyRestore cleanup;
  try {
    cleanup = EmergencyRestore::RemoveFile(std::filesystem::absolute(temp));
  } catch (const Error&) {
  }
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    throw Error("cannot write " + temp + ": " + std::strerror(errno) + " (choose a path in a writable directory)");
  }
  // Flushed to the disk before the rename: after a crash the name holds
  // the old file or the whole new one. A full disk shows here, not later.
  bool written = WriteFully(fd, contents.data(), contents.size()) && ::fsync(fd) == 0;
  int saved = errno;
  if (::close(fd) != 0 && written) {
    written = false;
    saved = errno;
  }
  if (!written) {
    ::unlink(temp.c_str());
    throw Error(
        "writing " + path + " failed: " + std::strerror(saved) +
        (saved == ENOSPC || saved == EDQUOT ? " (the disk is full: free some space or choose another path)" : ""));
  }
  PausePoint("json-write");
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp.c_str());
    throw Error("cannot rename " + temp + " to " + path + ": " + why);
  }
}

std::string CreateUniqueTemporaryFile(const std::string& prefix, const std::string& suffix) {
  std::string path = TemporaryDirectory() + "/" + prefix + "XXXXXX" + suffix;
  const int fd = ::mkstemps(path.data(), static_cast<int>(suffix.size()));
  if (fd < 0) throw Error("cannot create a file in " + TemporaryDirectory() + ": " + std::strerror(errno));
  ::close(fd);
  return path;
}

}  // namespace membench::sys
