// File: sys/scratch_file.cpp
#include "sys/scratch_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "core/error.h"
#include "core/units.h"

namespace membench::sys {

std::string ScratchDirectory() {
  const char* dir = std::getenv("TMPDIR");
  return dir != nullptr && *dir != 0 ? dir : "/var/tmp";
}

std::optional<std::uint64_t> FreeDiskBytes(const std::string& directory) {
  std::error_code ec;
  const auto space = std::filesystem::space(directory, ec);
  if (ec) return std::nullopt;
  return space.available;
}

ScratchFile::ScratchFile(const std::string& directory, std::uint64_t bytes, ScratchContents contents)
    : bytes_(bytes) {
  const std::string hint = " (choose another scratch directory with TMPDIR=DIR)";
  // O_TMPFILE: a file with no name at all; where the filesystem lacks it,
  // a named one unlinked at once.
  fd_ = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0 && (errno == EOPNOTSUPP || errno == EISDIR)) {
    std::string path = directory + "/membench-XXXXXX";
    fd_ = ::mkostemp(path.data(), O_CLOEXEC);
    if (fd_ >= 0) ::unlink(path.c_str());
  }
  if (fd_ < 0) {
    throw Error("cannot create a scratch file in " + directory + ": " + std::strerror(errno) + hint);
  }
  if (contents == ScratchContents::kSparse) {
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0) {
      const int saved = errno;
      ::close(fd_);
      throw Error("cannot size a scratch file in " + directory + " to " + FormatSize(bytes) + ": " +
                  std::strerror(saved) + hint);
    }
    return;
  }
  std::vector<char> block(1 << 20, 'm');
  for (std::uint64_t done = 0; done < bytes;) {
    const std::size_t chunk = static_cast<std::size_t>(std::min<std::uint64_t>(block.size(), bytes - done));
    const ssize_t put = ::write(fd_, block.data(), chunk);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) {
      const int saved = errno;
      ::close(fd_);
      throw Error("cannot fill a " + std::to_string(bytes) + "-byte scratch file in " + directory + ": " +
                  std::strerror(saved) + hint);
    }
    done += static_cast<std::uint64_t>(put);
  }
  // Read it back once: every page is then in the page cache.
  ::lseek(fd_, 0, SEEK_SET);
  while (::read(fd_, block.data(), block.size()) > 0) {
  }
}

ScratchFile::~ScratchFile() {
  if (fd_ >= 0) ::close(fd_);
}

MappedRegion ScratchFile::MapReadOnly() const {
  void* p = ::mmap(nullptr, bytes_, PROT_READ, MAP_SHARED, fd_, 0);
  if (p == MAP_FAILED) throw Error(std::string("mmap of the scratch file failed: ") + std::strerror(errno));
  return MappedRegion::Adopt(static_cast<char*>(p), bytes_);
}

MappedRegion ScratchFile::MapWritable(Sharing sharing) const {
  void* p =
      ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, sharing == Sharing::kShared ? MAP_SHARED : MAP_PRIVATE, fd_, 0);
  if (p == MAP_FAILED) {
    const int saved = errno;
    throw Error(std::string("mmap of the scratch file failed: ") + std::strerror(saved) +
                (saved == ENOMEM ? " (too many mappings or too little memory: see vm.max_map_count and "
                                   "vm.overcommit_memory)"
                                 : ""));
  }
  return MappedRegion::Adopt(static_cast<char*>(p), bytes_);
}

}  // namespace membench::sys
