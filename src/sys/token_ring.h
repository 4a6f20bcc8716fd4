// File: sys/token_ring.h
// lmbench's lat_ctx ring: `members` processes joined by pipes in a circle,
// passing a one-byte token. Each member, on receiving it, sums its own
// private array of `footprint_bytes` (touched when it joins, so its pages
// are resident) and passes it on. Member 0 is membench itself, so one lap
// is `members` hops, each a pipe read, a sum and a pipe write, and (for two
// or more members) a switch to the next process. A ring of one passes the
// token to itself: the same work with no switch, what lmbench subtracts.
// The other members are ChildProcess: killed and reaped when the ring goes,
// whatever the way out.
#pragma once

#include <cstdint>
#include <vector>

#include "sys/channel.h"
#include "sys/child_process.h"

namespace membench::sys {

class TokenRing {
 public:
  // Forks the members and sends the token round once, so every one is
  // running and has its array in memory. Throws Error when a pipe or a
  // fork fails, or a member does not pass the token.
  TokenRing(int members, std::uint64_t footprint_bytes);
  TokenRing(const TokenRing&) = delete;
  TokenRing& operator=(const TokenRing&) = delete;

  // Sends the token round `laps` times. Throws Error when it does not come
  // back (a member died).
  void Laps(std::uint64_t laps);

 private:
  std::vector<Channel> into_;  // into_[i]: the pipe member i reads
  std::vector<std::uint64_t> array_;
  // Last, so they go first: killed and reaped before their pipes close.
  std::vector<ChildProcess> members_;
};

}  // namespace membench::sys
