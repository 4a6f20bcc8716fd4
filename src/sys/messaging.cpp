// File: sys/messaging.cpp
#include "sys/messaging.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include "core/error.h"
#include "sys/limits.h"

namespace membench::sys {
namespace {

// What a worker reports: 0 when every byte went through.
enum WorkerStatus : std::uint64_t { kOk = 0, kShortRead = 2, kWriteFailed = 3, kSetupFailed = 4 };

bool WriteAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t put = ::write(fd, data, size);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    data += put;
    size -= static_cast<std::size_t>(put);
  }
  return true;
}

// `data` is the message, made before the release as rt-tests' is on the
// sender's stack.
std::uint64_t Sender(const std::vector<int>& out, std::uint64_t loops, const std::vector<char>& data) {
  for (std::uint64_t i = 0; i < loops; ++i) {
    for (const int fd : out) {
      if (!WriteAll(fd, data.data(), data.size())) return kWriteFailed;
    }
  }
  return kOk;
}

// One message at a time, as rt-tests' receiver reads: a read of the rest
// of the current message, never more, so there are as many reads as
// messages (reading all that is queued would make fewer system calls than
// hackbench does, and a faster figure that is not hackbench's).
std::uint64_t Receiver(int in, std::uint64_t messages, std::vector<char>& message) {
  for (std::uint64_t m = 0; m < messages; ++m) {
    std::size_t done = 0;
    while (done < message.size()) {
      const ssize_t n = ::read(in, message.data() + done, message.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return kShortRead;
      done += static_cast<std::size_t>(n);
    }
  }
  return kOk;
}

void WaitForWakeup(int ready_fd, int wakeup_fd) {
  const char ready = 'r';
  WriteAll(ready_fd, &ready, 1);
  pollfd p{wakeup_fd, POLLIN, 0};
  while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
  }
}

void MakeChannel(MessagingIpc ipc, int fds[2]) {
  const int rc = ipc == MessagingIpc::kSocket ? ::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) : ::pipe(fds);
  if (rc != 0) {
    throw Error(std::string(ipc == MessagingIpc::kSocket ? "socketpair" : "pipe") + " failed: " + std::strerror(errno) +
                (errno == EMFILE ? " (too many open files: raise ulimit -n)" : ""));
  }
}

}  // namespace

std::uint64_t MessagingFileDescriptors(const MessagingPlan& plan) {
  // /dev/null, and the ready and wake-up pipes.
  return 2ull * static_cast<std::uint64_t>(plan.groups) * static_cast<std::uint64_t>(plan.fds) + 5;
}

void CheckMessagingLimits(const MessagingPlan& plan) {
  // On top of what the process has open already (counters among them).
  const std::uint64_t needed_files = MessagingFileDescriptors(plan);
  const std::uint64_t left = OpenFilesLeft();
  if (needed_files > left) {
    const std::uint64_t hard = OpenFileHardLimit();
    const std::uint64_t raise_to = OpenFileLimit() - left + needed_files;
    throw Error("--groups " + std::to_string(plan.groups) + " --fds " + std::to_string(plan.fds) + " needs " +
                std::to_string(needed_files) + " more open files but only " + std::to_string(left) +
                " are left under the limit (ulimit -n " + std::to_string(OpenFileLimit()) +
                "); raise it with ulimit -n " + std::to_string(raise_to) + " (up to the hard limit " +
                (hard == UINT64_MAX ? std::string("unlimited") : std::to_string(hard)) +
                "), or use fewer groups or fds");
  }
  const std::uint64_t workers = 2ull * static_cast<std::uint64_t>(plan.groups) * plan.fds;
  if (workers > ProcessLimit()) {
    throw Error("--groups " + std::to_string(plan.groups) + " --fds " + std::to_string(plan.fds) + " needs " +
                std::to_string(workers) + " tasks but the process limit (ulimit -u) is " +
                std::to_string(ProcessLimit()) + "; raise it with ulimit -u, or use fewer groups or fds");
  }
}

MessagingRun::MessagingRun(const MessagingPlan& plan) : plan_(plan) {
  CheckMessagingLimits(plan);
  // Opened first: Abort needs it even when the descriptors have run out.
  null_fd_ = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd_ < 0 || ::pipe2(ready_, O_CLOEXEC) != 0 || ::pipe2(wakeup_, O_CLOEXEC) != 0) {
    const int saved = errno;
    Cleanup();
    throw Error(std::string("cannot set up hackbench's run: ") + std::strerror(saved) +
                (saved == EMFILE ? " (raise ulimit -n)" : ""));
  }
  const std::size_t tasks = 2u * static_cast<std::size_t>(plan.groups) * static_cast<std::size_t>(plan.fds);
  thread_results_.assign(tasks, kSetupFailed);
  try {
    std::size_t slot = 0;
    for (int g = 0; g < plan.groups; ++g) {
      // The channels are held here (threads share them) until processes
      // have taken their copies, or the run ends.
      const std::size_t group_fds = channel_fds_.size();
      std::vector<int> write_ends;
      for (int r = 0; r < plan.fds; ++r) {
        int channel[2];
        MakeChannel(plan.ipc, channel);
        channel_fds_.push_back(channel[0]);
        channel_fds_.push_back(channel[1]);
        Start(false, {channel[0]}, channel[1], slot++);
        write_ends.push_back(channel[1]);
      }
      for (int s = 0; s < plan.fds; ++s) Start(true, write_ends, -1, slot++);
      if (plan.mode == MessagingMode::kProcess) {
        for (std::size_t i = group_fds; i < channel_fds_.size(); ++i) ::close(channel_fds_[i]);
        channel_fds_.resize(group_fds);
      }
    }
    WaitUntilReady(tasks);
  } catch (...) {
    Abort();
    throw;
  }
}

void MessagingRun::WaitUntilReady(std::size_t tasks) {
  // Everyone ready before the clock starts. membench holds the write end
  // too, so a task that dies before it writes is noticed by looking, not by
  // an end of file.
  char byte;
  for (std::size_t ready = 0; ready < tasks;) {
    pollfd p{ready_[0], POLLIN, 0};
    const int got = ::poll(&p, 1, 100);
    if (got > 0) {
      if (::read(ready_[0], &byte, 1) == 1) ++ready;
      continue;
    }
    if (got < 0 && errno != EINTR) throw Error(std::string("poll failed: ") + std::strerror(errno));
    for (ChildProcess& process : processes_) {
      const pid_t pid = process.pid();
      if (const auto status = process.Poll()) {
        throw Error("hackbench task " + std::to_string(pid) + " " + status->Describe() + " before it was ready");
      }
    }
  }
}

void MessagingRun::Abort() {
  // Thread workers wait for the wake-up, and a group whose senders were
  // never started would leave its receivers waiting for bytes forever: every
  // channel becomes /dev/null first (reads end at once, writes go nowhere),
  // so every released thread finishes. The descriptors stay valid until the
  // threads are joined, so none of them is reused meanwhile.
  if (!threads_.empty() && null_fd_ >= 0) {
    for (const int fd : channel_fds_) ::dup2(null_fd_, fd);
  }
  Cleanup();
}

void MessagingRun::Start(bool sender, const std::vector<int>& fds_to_use, int keep_fd, std::size_t slot) {
  const std::uint64_t messages = plan_.loops * static_cast<std::uint64_t>(plan_.fds);
  const int ready = ready_[1];
  const int wakeup = wakeup_[0];
  const MessagingPlan plan = plan_;
  auto body = [=]() -> std::uint64_t {
    std::vector<char> message(plan.datasize, 's');
    WaitForWakeup(ready, wakeup);
    return sender ? Sender(fds_to_use, plan.loops, message) : Receiver(fds_to_use.front(), messages, message);
  };
  if (plan_.mode == MessagingMode::kThread) {
    std::uint64_t* result = &thread_results_[slot];
    threads_.emplace_back([body, result] { *result = body(); });
    return;
  }
  // A receiver must not hold its own channel's write end, or it would
  // never see the end of the stream. One process group for the run: Go()
  // then waits for exactly these processes, blocking.
  processes_.push_back(ChildProcess::Fork(
      [body, keep_fd] {
        if (keep_fd >= 0) ::close(keep_fd);
        return static_cast<int>(body());
      },
      ChildSetup{true, ChildSetup::Interrupts::kIgnore, process_group_}));
  if (process_group_ == 0) process_group_ = processes_.back().pid();
}

void MessagingRun::Go() {
  const char go = 'g';
  WriteAll(wakeup_[1], &go, 1);
  std::string failure;
  // Reaped as they end, not in order, without polling in the timed region;
  // after a failure the rest are killed (by Cleanup), since a receiver
  // whose sender died would wait for its bytes forever.
  for (std::size_t left = processes_.size(); left > 0 && failure.empty(); --left) {
    const auto ended = WaitForGroupMember(process_group_);
    if (!ended) break;
    const auto& [pid, status] = *ended;
    for (ChildProcess& process : processes_) {
      if (process.pid() == pid) process.MarkReaped();
    }
    if (!status.exited) {
      failure = "a hackbench worker was " + status.Describe();
    } else if (status.code == kShortRead) {
      failure = "a receiver got fewer bytes than were sent to it: messages were lost";
    } else if (status.code != 0) {
      failure = "a hackbench worker failed (" + status.Describe() + ")";
    }
  }
  for (auto& thread : threads_) thread.join();
  threads_.clear();
  // The channels stay open until the run is destroyed, after the clock
  // has stopped: rt-tests never closes them within its timing.
  for (const std::uint64_t r : thread_results_) {
    if (plan_.mode != MessagingMode::kThread || r == kOk || !failure.empty()) continue;
    failure = r == kShortRead ? "a receiver got fewer bytes than were sent: messages were lost"
                              : "a hackbench thread failed (" + std::to_string(r) + ")";
  }
  if (!failure.empty()) throw Error(failure);
}

MessagingRun::~MessagingRun() { Cleanup(); }

void MessagingRun::Cleanup() {
  processes_.clear();  // kills and reaps those still running
  if (!threads_.empty()) {
    // Threads wait for the wakeup: release them; closing the write ends
    // (below, after they ran) would be too late for senders blocked on full
    // buffers, so threads are always run to their end.
    const char go = 'g';
    WriteAll(wakeup_[1], &go, 1);
    for (auto& thread : threads_) thread.join();
    threads_.clear();
  }
  for (const int fd : channel_fds_) ::close(fd);
  channel_fds_.clear();
  for (int* pair : {ready_, wakeup_}) {
    for (int i = 0; i < 2; ++i) {
      if (pair[i] >= 0) ::close(pair[i]);
      pair[i] = -1;
    }
  }
  if (null_fd_ >= 0) ::close(null_fd_);
  null_fd_ = -1;
}

}  // namespace membench::sys
