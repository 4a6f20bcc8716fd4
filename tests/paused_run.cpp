// File: tests/paused_run.cpp
#include "paused_run.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <thread>

#include "membench_process.h"
#include "sys/files.h"

namespace membench {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string ProcessMarker() { return "MEMBENCH_TEST_MARKER=" + std::to_string(::getpid()); }

namespace {

std::string ReadAll(const std::string& path) { return sys::ReadFile(path).value_or(""); }

}  // namespace

std::vector<pid_t> MarkedProcesses() {
  std::vector<pid_t> found;
  const std::string marker = ProcessMarker();
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (pid == ::getpid()) continue;
    std::string environ = ReadAll(entry.path() / "environ");
    for (char& c : environ) c = c == '\0' ? '\n' : c;
    // A zombie has no environment left: it is gone but for its parent's wait.
    if (("\n" + environ).find("\n" + marker + "\n") != std::string::npos && ProcessState(pid) != 'Z') {
      found.push_back(pid);
    }
  }
  return found;
}

bool MarkedProcessesLeft(std::chrono::milliseconds grace) {
  const auto deadline = std::chrono::steady_clock::now() + grace;
  do {
    if (MarkedProcesses().empty()) return false;
    std::this_thread::sleep_for(50ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return !MarkedProcesses().empty();
}

char ProcessState(pid_t pid) {
  const auto stat = sys::ReadFirstLine("/proc/" + std::to_string(pid) + "/stat");
  if (!stat || stat->rfind(')') == std::string::npos || stat->rfind(')') + 2 >= stat->size()) return '?';
  return stat->at(stat->rfind(')') + 2);
}

std::vector<pid_t> ChildrenOf(pid_t pid) {
  const std::string p = std::to_string(pid);
  std::istringstream children(ReadAll("/proc/" + p + "/task/" + p + "/children"));
  std::vector<pid_t> found;
  for (pid_t child = 0; children >> child;) found.push_back(child);
  return found;
}

void WaitUntilDead(pid_t pid) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    const char state = ProcessState(pid);
    if (state == '?' || state == 'Z') return;
    std::this_thread::sleep_for(5ms);
  }
}

namespace {

Ended EndedBy(int status, const std::string& out_path) {
  Ended ended;
  ended.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  ended.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  ended.out = ReadAll(out_path);
  return ended;
}

}  // namespace

PausedRun::PausedRun(const std::string& args, const std::string& moment, const std::string& environment,
                     const std::string& out_path)
    : moment_(moment), out_path_(out_path) {
  // A pause line of an earlier run must not be taken for this one's.
  fs::remove(out_path);
  // The test's own environment first: `environment` may set its parts again.
  const std::string command = "exec env MEMBENCH_PAUSE_AT=" + moment + " " + ProcessMarker() + " " + TestEnvironment() +
                              environment + " " + std::string(MEMBENCH_BINARY) + " " + args + " > " + out_path +
                              " 2>&1";
  runner_ = ::fork();
  if (runner_ < 0) {
    // Nothing to signal or wait for: -1 would name every process.
    reaped_ = true;
    ended_early_.out = "fork failed: " + std::string(std::strerror(errno));
    return;
  }
  if (runner_ == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  WaitForPause();
}

bool PausedRun::WaitForPause() {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  // Each line names the process that stopped.
  const std::string line = "membench: paused at " + moment_ + " (pid ";
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string out = ReadAll(out_path_);
    for (std::size_t at = out.find(line); at != std::string::npos; at = out.find(line, at + 1)) {
      const pid_t pid = std::atoi(out.c_str() + at + line.size());
      if (std::find(stopped_before_.begin(), stopped_before_.end(), pid) != stopped_before_.end()) continue;
      if (ProcessState(pid) == 'T') {
        stopped_ = pid;
        stopped_before_.push_back(pid);
        return true;
      }
    }
    int status = 0;
    if (::waitpid(runner_, &status, WNOHANG) == runner_) {
      reaped_ = true;
      ended_early_ = EndedBy(status, out_path_);
      stopped_ = 0;
      return false;
    }
    std::this_thread::sleep_for(20ms);
  }
  ended_early_.timed_out = true;
  ended_early_.out = ReadAll(out_path_);
  stopped_ = 0;
  return false;
}

bool PausedRun::ContinueUntilNextPause() {
  if (stopped_ > 0) ::kill(stopped_, SIGCONT);
  return WaitForPause();
}

PausedRun::~PausedRun() {
  // Only the runner: what else is left is for the test to find.
  if (!reaped_) {
    ::kill(runner_, SIGKILL);
    ::waitpid(runner_, nullptr, 0);
  }
}

Ended PausedRun::ContinueAndWait(std::chrono::seconds limit) {
  if (stopped_ > 0) ::kill(stopped_, SIGCONT);
  return Wait(limit);
}

Ended PausedRun::Wait(std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  bool timed_out = false;
  while (!reaped_ && ::waitpid(runner_, &status, WNOHANG) != runner_) {
    if (std::chrono::steady_clock::now() >= deadline) {
      timed_out = true;
      ::kill(runner_, SIGKILL);
      ::waitpid(runner_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(20ms);
  }
  reaped_ = true;
  Ended ended = EndedBy(status, out_path_);
  ended.paused = stopped_ > 0;
  ended.timed_out = timed_out;
  // Whatever the signal, a file membench says it wrote must read back.
  ExpectResultFilesReadBack(ended.out);
  return ended;
}

}  // namespace membench
