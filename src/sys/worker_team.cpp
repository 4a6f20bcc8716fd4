// File: sys/worker_team.cpp
#include "sys/worker_team.h"

#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
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

std::uint64_t ProcessLimit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NPROC, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
  return limit.rlim_cur;
}

namespace {

std::string Describe(int index, pid_t pid, int status) {
  const std::string who = "worker " + std::to_string(index) + " (pid " + std::to_string(pid) + ")";
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return who + " was killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
  }
  return who + " exited early with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

WorkerTeam::WorkerTeam(WorkerKind kind, int count, const std::vector<int>& cpus, const std::function<void(int)>& body)
    : kind_(kind) {
  const pid_t parent = ::getpid();
  for (int index = 1; index < count; ++index) {
    const int cpu = cpus.empty() ? -1 : cpus[static_cast<std::size_t>(index) % cpus.size()];
    if (kind == WorkerKind::kThread) {
      try {
        threads_.emplace_back([body, index, cpu] {
          if (cpu >= 0) PinCurrentThread(cpu);
          body(index);
        });
      } catch (const std::system_error& e) {
        KillAll();
        throw Error("cannot start worker thread " + std::to_string(index) + ": " + e.what() +
                    " (see ulimit -u and /proc/sys/kernel/threads-max)");
      }
      continue;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
      const int saved = errno;
      KillAll();
      throw Error("cannot fork worker " + std::to_string(index) + ": " + std::strerror(saved) +
                  (saved == EAGAIN ? " (the process limit, ulimit -u, is reached)" : ""));
    }
    if (pid == 0) {
      // A worker must not outlive the runner, even one killed by SIGKILL.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
      int status = 0;
      try {
        if (cpu >= 0) PinCurrentThread(cpu);
        body(index);
      } catch (...) {
        status = 1;
      }
      ::_exit(status);
    }
    pids_.push_back(pid);
  }
}

WorkerTeam::~WorkerTeam() {
  KillAll();
}

void WorkerTeam::Check() {
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    if (pids_[i] == 0) continue;
    int status = 0;
    const pid_t got = ::waitpid(pids_[i], &status, WNOHANG);
    if (got == pids_[i]) {
      pids_[i] = 0;
      throw Error(Describe(static_cast<int>(i) + 1, got, status));
    }
  }
}

void WorkerTeam::Finish(std::int64_t timeout_ns) {
  for (auto& thread : threads_) thread.join();
  threads_.clear();
  const std::int64_t deadline = MonotonicNs() + timeout_ns;
  for (pid_t& pid : pids_) {
    while (pid != 0) {
      int status = 0;
      const pid_t got = ::waitpid(pid, &status, WNOHANG);
      if (got == pid || (got < 0 && errno == ECHILD)) pid = 0;
      if (pid == 0 || MonotonicNs() > deadline) break;
      ::usleep(1000);
    }
  }
  KillAll();
}

void WorkerTeam::KillAll() {
  for (pid_t& pid : pids_) {
    if (pid == 0) continue;
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid = 0;
  }
  // A thread cannot be killed: the body it runs is told to stop by the
  // runner before the team goes, and joined here.
  for (auto& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace membench::sys
