// File: sys/message_peer.h
// A child process at the other end of a pipe or an AF_UNIX stream
// socketpair, as lmbench's lat_pipe/lat_unix and bw_pipe/bw_unix use one.
// EchoPeer sends every byte back: a one-byte round trip is a write, a
// switch to the peer, its read and write, a switch back and a read.
// StreamPeer writes whole chunks when asked for a number of them (on a
// pipe of its own, once per call), so every byte timed is accounted for.
// The peer is a ChildProcess: killed and reaped when its owner goes.
#pragma once

#include <cstdint>
#include <vector>

#include "sys/channel.h"
#include "sys/child_process.h"

namespace membench::sys {

class EchoPeer {
 public:
  // Throws Error when the channel or the fork fails.
  explicit EchoPeer(ChannelKind kind);
  // Throws Error when a byte does not come back (the peer died).
  void RoundTrips(std::uint64_t count);

 private:
  OwnedFd write_;  // membench's ends: a socket's one, or a pipe's two
  OwnedFd read_;
  int read_fd_ = -1;
  ChildProcess peer_;  // last, so it is reaped before the ends close
};

class StreamPeer {
 public:
  StreamPeer(ChannelKind kind, std::uint64_t chunk_bytes);
  // Asks for `chunks` chunks and reads every byte of them into one
  // chunk-sized buffer. Throws Error when fewer arrive (the peer died).
  void Receive(std::uint64_t chunks);

 private:
  std::vector<char> buffer_;
  OwnedFd ask_;   // the count of chunks wanted, to the peer
  OwnedFd data_;  // the chunks, from the peer
  ChildProcess peer_;
};

}  // namespace membench::sys
