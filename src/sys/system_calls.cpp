// File: sys/system_calls.cpp
#include "sys/system_calls.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace membench::sys {
namespace {

std::atomic<std::uint64_t> signals_handled{0};

void CountSignal(int) { signals_handled.fetch_add(1, std::memory_order_relaxed); }

[[noreturn]] void Fail(const char* call) {
  throw Error(std::string(call) + " failed in the timed loop: " + std::strerror(errno));
}

OwnedFd OpenDevice(const char* path, int flags) {
  OwnedFd fd(::open(path, flags | O_CLOEXEC));
  if (fd.get() < 0) throw Error(std::string("cannot open ") + path + ": " + std::strerror(errno));
  return fd;
}

template <typename Call>
void Repeat(std::uint64_t count, const Call& call) {
  for (std::uint64_t i = 0; i < count; ++i) call();
}

}  // namespace

SystemCallLoop::SystemCallLoop(SystemCall call, const std::string& scratch_parent) : call_(call) {
  switch (call) {
    case SystemCall::kRead:
      device_ = OpenDevice("/dev/zero", O_RDONLY);
      break;
    case SystemCall::kWrite:
      device_ = OpenDevice("/dev/null", O_WRONLY);
      break;
    case SystemCall::kStat:
    case SystemCall::kOpenClose:
      file_ = std::make_unique<ScratchFileSet>(scratch_parent, 1, 0);
      file_->CreateAll();
      break;
    case SystemCall::kSignalInstall:
    case SystemCall::kSignalHandle:
      handler_.sa_handler = CountSignal;
      sigemptyset(&handler_.sa_mask);
      if (::sigaction(SIGUSR1, &handler_, &previous_) != 0) Fail("sigaction(SIGUSR1)");
      installed_ = true;
      break;
    case SystemCall::kNull:
      break;
  }
}

SystemCallLoop::~SystemCallLoop() {
  if (installed_) ::sigaction(SIGUSR1, &previous_, nullptr);
}

void SystemCallLoop::Run(std::uint64_t count) {
  char byte = 0;
  struct stat st = {};
  struct sigaction old = {};
  const std::uint64_t handled_before = signals_handled.load(std::memory_order_relaxed);
  // tgkill to this thread, not lmbench's kill(getpid()): the same delivery,
  // but never to another of membench's threads, so it is handled before
  // the call returns and every one can be counted.
  const pid_t pid = ::getpid();
  const auto tid = static_cast<pid_t>(::syscall(SYS_gettid));
  // The choice is made once, outside the loop: each loop is one call.
  switch (call_) {
    case SystemCall::kNull:
      Repeat(count, [] {
        if (::syscall(SYS_getppid) <= 0) Fail("getppid");
      });
      break;
    case SystemCall::kRead:
      Repeat(count, [&] {
        if (::read(device_.get(), &byte, 1) != 1) Fail("read of /dev/zero");
      });
      break;
    case SystemCall::kWrite:
      Repeat(count, [&] {
        if (::write(device_.get(), &byte, 1) != 1) Fail("write to /dev/null");
      });
      break;
    case SystemCall::kStat:
      Repeat(count, [&, path = file_->PathOf(0).c_str()] {
        if (::stat(path, &st) != 0) Fail("stat");
      });
      break;
    case SystemCall::kOpenClose:
      Repeat(count, [path = file_->PathOf(0).c_str()] {
        const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) Fail("open");
        ::close(fd);
      });
      break;
    case SystemCall::kSignalInstall:
      Repeat(count, [&] {
        if (::sigaction(SIGUSR1, &handler_, &old) != 0) Fail("sigaction");
      });
      break;
    case SystemCall::kSignalHandle:
      Repeat(count, [&] {
        if (::syscall(SYS_tgkill, pid, tid, SIGUSR1) != 0) Fail("tgkill");
      });
      break;
  }
  if (call_ == SystemCall::kSignalHandle) {
    const std::uint64_t handled = signals_handled.load(std::memory_order_relaxed) - handled_before;
    if (handled != count) {
      throw Error("sent " + std::to_string(count) + " SIGUSR1 signals, handled " + std::to_string(handled) +
                  "; is something else sending or blocking SIGUSR1?");
    }
  }
}

}  // namespace membench::sys
