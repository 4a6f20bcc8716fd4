// File: sys/token_ring.cpp
#include "sys/token_ring.h"

#include <unistd.h>

#include <string>

#include "core/error.h"

namespace membench::sys {
namespace {

constexpr char kToken = 't';

void SumArray(const std::vector<std::uint64_t>& array) {
  std::uint64_t sum = 0;
  for (const std::uint64_t word : array) sum += word;
  // The sum is the work: keep the compiler from dropping it.
  asm volatile("" : : "r"(sum));
}

std::vector<std::uint64_t> PrivateArray(std::uint64_t footprint_bytes) {
  return std::vector<std::uint64_t>(footprint_bytes / sizeof(std::uint64_t), 1);
}

// A member other than membench: pass the token on until the ring closes.
int MemberBody(int read_fd, int write_fd, std::uint64_t footprint_bytes) {
  const std::vector<std::uint64_t> array = PrivateArray(footprint_bytes);
  char token = 0;
  while (ReadFully(read_fd, &token, 1) == 1) {
    SumArray(array);
    if (!WriteFully(write_fd, &token, 1)) return 1;
  }
  return 0;
}

}  // namespace

TokenRing::TokenRing(int members, std::uint64_t footprint_bytes) : array_(PrivateArray(footprint_bytes)) {
  const auto count = static_cast<std::size_t>(members);
  for (std::size_t i = 0; i < count; ++i) into_.push_back(OpenChannel(ChannelKind::kPipe));
  for (std::size_t i = 1; i < count; ++i) {
    const int read_fd = into_[i].out.get();
    const int write_fd = into_[(i + 1) % count].in.get();
    members_.push_back(ChildProcess::Fork([&, read_fd, write_fd] {
      // A member keeps only its two ends, so a member's death closes the
      // ring and every read after it ends.
      for (Channel& channel : into_) {
        if (channel.out.get() != read_fd) channel.out.Close();
        if (channel.in.get() != write_fd) channel.in.Close();
      }
      return MemberBody(read_fd, write_fd, footprint_bytes);
    }));
  }
  // membench keeps the end it reads and the one it writes.
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) into_[i].out.Close();
    if (i != 1 % count) into_[i].in.Close();
  }
  Laps(1);
}

void TokenRing::Laps(std::uint64_t laps) {
  const int write_fd = into_[1 % into_.size()].in.get();
  const int read_fd = into_[0].out.get();
  char token = kToken;
  for (std::uint64_t lap = 0; lap < laps; ++lap) {
    if (!WriteFully(write_fd, &token, 1) || ReadFully(read_fd, &token, 1) != 1) {
      std::string why;
      for (ChildProcess& member : members_) {
        if (auto status = member.Poll()) why = " (a member ended with " + status->Describe() + ")";
      }
      throw Error("the token did not come back round the ring of " + std::to_string(into_.size()) + " processes" + why +
                  "; is something killing membench's children?");
    }
    SumArray(array_);
  }
}

}  // namespace membench::sys
