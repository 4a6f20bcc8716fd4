// File: sys/message_peer.cpp
#include "sys/message_peer.h"

#include <string>

#include "core/error.h"

namespace membench::sys {
namespace {

int EchoBody(int read_fd, int write_fd) {
  char byte = 0;
  while (ReadFully(read_fd, &byte, 1) == 1) {
    if (!WriteFully(write_fd, &byte, 1)) return 1;
  }
  return 0;
}

int StreamBody(int ask_fd, int data_fd, std::uint64_t chunk_bytes) {
  const std::vector<char> chunk(chunk_bytes, 'm');
  std::uint64_t chunks = 0;
  while (ReadFully(ask_fd, &chunks, sizeof chunks) == sizeof chunks) {
    for (std::uint64_t i = 0; i < chunks; ++i) {
      if (!WriteFully(data_fd, chunk.data(), chunk.size())) return 1;
    }
  }
  return 0;
}

std::string PeerGone(ChildProcess& peer, const char* what) {
  const auto status = peer.Poll();
  return std::string(what) + (status ? " (it ended with " + status->Describe() + ")" : "") +
         "; is something killing membench's children?";
}

}  // namespace

EchoPeer::EchoPeer(ChannelKind kind) {
  Channel there = OpenChannel(kind);
  // lmbench's lat_unix uses one socketpair both ways; a pipe goes one way.
  Channel back = kind == ChannelKind::kPipe ? OpenChannel(kind) : Channel{};
  const int peer_read = there.out.get();
  const int peer_write = kind == ChannelKind::kPipe ? back.in.get() : there.out.get();
  peer_ = ChildProcess::Fork([&] {
    there.in.Close();
    back.out.Close();
    return EchoBody(peer_read, peer_write);
  });
  write_ = std::move(there.in);
  read_ = std::move(back.out);
  read_fd_ = kind == ChannelKind::kPipe ? read_.get() : write_.get();
}

void EchoPeer::RoundTrips(std::uint64_t count) {
  char byte = 'p';
  for (std::uint64_t i = 0; i < count; ++i) {
    if (!WriteFully(write_.get(), &byte, 1) || ReadFully(read_fd_, &byte, 1) != 1) {
      throw Error(PeerGone(peer_, "the echoing process did not send the byte back"));
    }
  }
}

StreamPeer::StreamPeer(ChannelKind kind, std::uint64_t chunk_bytes) : buffer_(chunk_bytes, 0) {
  Channel ask = OpenChannel(ChannelKind::kPipe);
  Channel data = OpenChannel(kind);
  const int peer_ask = ask.out.get();
  const int peer_data = data.in.get();
  peer_ = ChildProcess::Fork([&] {
    ask.in.Close();
    data.out.Close();
    return StreamBody(peer_ask, peer_data, chunk_bytes);
  });
  ask_ = std::move(ask.in);
  data_ = std::move(data.out);
}

void StreamPeer::Receive(std::uint64_t chunks) {
  if (!WriteFully(ask_.get(), &chunks, sizeof chunks)) {
    throw Error(PeerGone(peer_, "the writing process did not take the request"));
  }
  for (std::uint64_t i = 0; i < chunks; ++i) {
    if (ReadFully(data_.get(), buffer_.data(), buffer_.size()) != buffer_.size()) {
      throw Error(PeerGone(peer_, "the writing process sent fewer bytes than asked"));
    }
  }
}

}  // namespace membench::sys
