// File: sys/channel.h
// The byte channels the IPC workloads time: an owned descriptor, a pipe or
// an AF_UNIX stream socketpair as one type, and whole-buffer reads and
// writes that retry on EINTR and short transfers. Every descriptor is
// O_CLOEXEC and closed when its owner goes.
#pragma once

#include <cstddef>
#include <utility>

namespace membench::sys {

class OwnedFd {
 public:
  OwnedFd() = default;
  explicit OwnedFd(int fd) : fd_(fd) {}
  OwnedFd(OwnedFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  OwnedFd& operator=(OwnedFd&& other) noexcept;
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  ~OwnedFd() { Close(); }

  int get() const { return fd_; }
  void Close();

 private:
  int fd_ = -1;
};

enum class ChannelKind { kPipe, kUnixSocket };

// Bytes written to `in` come out of `out`. For a socketpair the two ends
// also carry bytes the other way; for a pipe they do not.
struct Channel {
  OwnedFd in;
  OwnedFd out;
};

// Throws Error saying which call failed and why (EMFILE: ulimit -n).
Channel OpenChannel(ChannelKind kind);

// False when the peer is gone or the call fails.
bool WriteFully(int fd, const void* data, std::size_t bytes);
// The bytes read: fewer than asked only at end of file or on failure.
std::size_t ReadFully(int fd, void* data, std::size_t bytes);

}  // namespace membench::sys
