// File: sys/files.cpp
#include "sys/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace membench::sys {

std::optional<std::string> ReadFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[8192];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    out.append(buf, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return out;
}

std::optional<std::string> ReadFirstLine(const std::string& path) {
  auto text = ReadFile(path);
  if (!text) return std::nullopt;
  return text->substr(0, text->find('\n'));
}

std::optional<std::int64_t> ReadInteger(const std::string& path) {
  auto line = ReadFirstLine(path);
  if (!line || line->empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(line->c_str(), &end, 10);
  if (errno != 0 || end == line->c_str()) return std::nullopt;
  return v;
}

std::optional<std::string> WriteFile(const std::string& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return std::string(std::strerror(errno));
  ssize_t put;
  do put = ::write(fd, value.data(), value.size());
  while (put < 0 && errno == EINTR);
  const int saved = errno;
  ::close(fd);
  if (put < 0) return std::string(std::strerror(saved));
  return std::nullopt;
}

bool IsRoot() { return ::geteuid() == 0; }

int OpenLockFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) {
    fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST) fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  }
  return fd;
}

bool PathExists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

void RemoveFile(const std::string& path) { std::remove(path.c_str()); }

std::vector<MountedFilesystem> MountTable() {
  std::vector<MountedFilesystem> table;
  std::istringstream lines(ReadFile("/proc/self/mounts").value_or(""));
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string device;
    MountedFilesystem mount;
    if (fields >> device >> mount.mount_point >> mount.type) table.push_back(std::move(mount));
  }
  return table;
}

std::string FilesystemTypeOf(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::weakly_canonical(path, ec);
  std::string type;
  std::size_t longest = 0;
  // Later mounts over the same point hide earlier ones: >= keeps the last.
  for (const MountedFilesystem& m : MountTable()) {
    const std::string prefix = m.mount_point == "/" ? "/" : m.mount_point + "/";
    const std::string wanted = target.string() + "/";
    if (wanted.rfind(prefix, 0) == 0 && prefix.size() >= longest) {
      longest = prefix.size();
      type = m.type;
    }
  }
  return type;
}

}  // namespace membench::sys
