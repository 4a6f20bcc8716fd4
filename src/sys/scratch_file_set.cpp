// File: sys/scratch_file_set.cpp
#include "sys/scratch_file_set.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "sys/channel.h"

namespace membench::sys {
namespace {

const char* kHint = " (choose another scratch directory with TMPDIR=DIR)";

}  // namespace

ScratchFileSet::ScratchFileSet(const std::string& parent, std::size_t files, std::uint64_t file_bytes)
    : contents_(file_bytes, 'm') {
  std::string path = parent + "/membench-files-XXXXXX";
  if (::mkdtemp(path.data()) == nullptr) {
    throw Error("cannot make a scratch directory in " + parent + ": " + std::strerror(errno) + kHint);
  }
  directory_ = path;
  // Only a convenience: scratch files change nothing a measurement depends
  // on, so a user with nowhere to keep the record runs without it.
  try {
    cleanup_ = EmergencyRestore::RemoveDirectory(directory_);
  } catch (const Error&) {
  }
  for (std::size_t i = 0; i < files; ++i) paths_.push_back(directory_ + "/" + std::to_string(i));
}

ScratchFileSet::~ScratchFileSet() {
  for (const std::string& path : paths_) ::unlink(path.c_str());
  cleanup_.Finish(::rmdir(directory_.c_str()) == 0);
}

void ScratchFileSet::CreateAll() {
  for (const std::string& path : paths_) {
    const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    const bool written = fd >= 0 && WriteFully(fd, contents_.data(), contents_.size());
    const int saved = errno;
    if (fd >= 0) ::close(fd);
    if (!written) throw Error("cannot create " + path + ": " + std::strerror(saved) + kHint);
  }
}

void ScratchFileSet::RemoveAll() {
  for (const std::string& path : paths_) {
    if (::unlink(path.c_str()) != 0) throw Error("cannot delete " + path + ": " + std::strerror(errno));
  }
}

}  // namespace membench::sys
