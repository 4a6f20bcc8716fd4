// File: sys/messaging.h
// hackbench's messaging load (rt-tests): `groups` groups of `fds` senders
// and `fds` receivers; every sender writes `loops` messages of `datasize`
// bytes to every receiver of its group, over a socketpair or a pipe per
// receiver. All of them are created first and wait; the run is from their
// release to the last one's end, as hackbench's "Time:". Every byte is
// accounted for: a receiver that gets less than it should, a worker that
// fails or dies, ends the run with an Error.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "sys/child_process.h"

namespace membench::sys {

enum class MessagingMode { kProcess, kThread };
enum class MessagingIpc { kSocket, kPipe };

struct MessagingPlan {
  int groups = 4;
  int fds = 20;
  std::uint64_t loops = 100;
  std::uint64_t datasize = 100;
  MessagingMode mode = MessagingMode::kProcess;
  MessagingIpc ipc = MessagingIpc::kSocket;
};

// The descriptors a run holds at once: both ends of a channel per receiver
// of every group, and a few of its own.
std::uint64_t MessagingFileDescriptors(const MessagingPlan& plan);

// Throws Error when the plan needs more open files or processes than the
// limits allow (saying the limit and how to raise it).
void CheckMessagingLimits(const MessagingPlan& plan);

class MessagingRun {
 public:
  // Creates every sender and receiver and waits until all are ready.
  explicit MessagingRun(const MessagingPlan& plan);
  MessagingRun(const MessagingRun&) = delete;
  MessagingRun& operator=(const MessagingRun&) = delete;
  ~MessagingRun();

  // Releases them all and waits for every one to finish.
  void Go();

 private:
  void Start(bool sender, const std::vector<int>& fds_to_use, int keep_fd, std::size_t slot);
  void WaitUntilReady(std::size_t tasks);
  // After a failed construction: makes sure no thread waits forever.
  void Abort();
  void Cleanup();

  MessagingPlan plan_;
  int null_fd_ = -1;  // /dev/null, for Abort
  int ready_[2] = {-1, -1};
  int wakeup_[2] = {-1, -1};
  std::vector<ChildProcess> processes_;
  pid_t process_group_ = 0;  // of the process workers: the first one's pid
  std::vector<std::thread> threads_;
  std::vector<std::uint64_t> thread_results_;  // per thread: 0 ok, else an error code
  std::vector<int> channel_fds_;               // both ends of every channel membench holds
};

}  // namespace membench::sys
