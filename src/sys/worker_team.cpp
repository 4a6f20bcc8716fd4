// File: sys/worker_team.cpp
#include "sys/worker_team.h"

#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"
#include "sys/clock.h"

namespace membench::sys {

void PinCurrentThread(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (::sched_setaffinity(0, sizeof set, &set) != 0) {
    throw Error("cannot pin a worker to CPU " + std::to_string(cpu) + ": " + std::strerror(errno));
  }
}

int CurrentCpu() { return ::sched_getcpu(); }

WorkerTeam::WorkerTeam(WorkerKind kind, int count, const std::vector<int>& cpus, const std::function<void(int)>& body,
                       const std::function<void()>& stop) {
  try {
    for (int index = 1; index < count; ++index) {
      const int cpu = cpus.empty() ? -1 : cpus[static_cast<std::size_t>(index) % cpus.size()];
      auto run = [body, index, cpu] {
        if (cpu >= 0) PinCurrentThread(cpu);
        body(index);
      };
      if (kind == WorkerKind::kThread) {
        try {
          threads_.emplace_back([this, run, index] {
            try {
              run();
            } catch (const std::exception& e) {
              const std::lock_guard<std::mutex> lock(failure_mutex_);
              if (thread_failure_.empty()) thread_failure_ = "worker " + std::to_string(index) + " failed: " + e.what();
            }
          });
        } catch (const std::system_error& e) {
          throw Error("cannot start worker thread " + std::to_string(index) + ": " + e.what() +
                      " (see ulimit -u and /proc/sys/kernel/threads-max)");
        }
        continue;
      }
      try {
        processes_.push_back(ChildProcess::Fork([run] {
          run();
          return 0;
        }));
      } catch (const Error& e) {
        throw Error("cannot start worker " + std::to_string(index) + ": " + e.what());
      }
    }
  } catch (...) {
    stop();
    KillAll();
    throw;
  }
}

WorkerTeam::~WorkerTeam() { KillAll(); }

void WorkerTeam::Check() {
  {
    const std::lock_guard<std::mutex> lock(failure_mutex_);
    if (!thread_failure_.empty()) throw Error(thread_failure_);
  }
  for (std::size_t i = 0; i < processes_.size(); ++i) {
    const pid_t pid = processes_[i].pid();
    if (const auto status = processes_[i].Poll()) {
      const std::string who = "worker " + std::to_string(i + 1) + " (pid " + std::to_string(pid) + ")";
      throw Error(who + (status->exited ? " exited early with " : " was ") + status->Describe());
    }
  }
}

void WorkerTeam::Finish(std::int64_t timeout_ns) {
  for (auto& thread : threads_) thread.join();
  threads_.clear();
  const std::int64_t deadline = MonotonicNs() + timeout_ns;
  for (ChildProcess& process : processes_) {
    while (process.running() && !process.Poll() && MonotonicNs() < deadline) ::usleep(1000);
  }
  KillAll();
}

void WorkerTeam::KillAll() {
  processes_.clear();  // kills and reaps those still running
  // A thread cannot be killed: the body it runs is told to stop by the
  // runner before the team goes, and joined here.
  for (auto& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace membench::sys
