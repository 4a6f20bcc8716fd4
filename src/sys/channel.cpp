// File: sys/channel.cpp
#include "sys/channel.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace membench::sys {

OwnedFd& OwnedFd::operator=(OwnedFd&& other) noexcept {
  if (this != &other) {
    Close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void OwnedFd::Close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Channel OpenChannel(ChannelKind kind) {
  int fds[2] = {-1, -1};
  const bool socket = kind == ChannelKind::kUnixSocket;
  const int rc = socket ? ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) : ::pipe2(fds, O_CLOEXEC);
  if (rc != 0) {
    const int saved = errno;
    throw Error(std::string(socket ? "socketpair(AF_UNIX)" : "pipe") + " failed: " + std::strerror(saved) +
                (saved == EMFILE ? " (the open-file limit is reached: raise it with ulimit -n)" : ""));
  }
  // A socketpair is symmetric; a pipe's first descriptor is its read end.
  return Channel{OwnedFd(fds[1]), OwnedFd(fds[0])};
}

bool WriteFully(int fd, const void* data, std::size_t bytes) {
  const char* next = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t put = ::write(fd, next, bytes);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    next += put;
    bytes -= static_cast<std::size_t>(put);
  }
  return true;
}

std::size_t ReadFully(int fd, void* data, std::size_t bytes) {
  char* next = static_cast<char*>(data);
  std::size_t done = 0;
  while (done < bytes) {
    const ssize_t got = ::read(fd, next + done, bytes - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  return done;
}

}  // namespace membench::sys
