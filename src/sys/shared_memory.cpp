// File: sys/shared_memory.cpp
#include "sys/shared_memory.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <ctime>
#include <string>

#include "core/error.h"

namespace membench::sys {

static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t) &&
                  std::atomic<std::uint32_t>::is_always_lock_free,
              "a futex word must be a plain 32-bit integer");

SharedMemory::SharedMemory(std::size_t bytes) : bytes_(bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw Error(std::string("mmap of the workers' shared memory failed: ") + std::strerror(errno));
  data_ = p;
}

SharedMemory::~SharedMemory() { ::munmap(data_, bytes_); }

namespace {

auto* Word(const std::atomic<std::uint32_t>& word) {
  return reinterpret_cast<std::uint32_t*>(const_cast<std::atomic<std::uint32_t>*>(&word));
}

}  // namespace

void FutexWait(const std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_ns) {
  const timespec timeout{static_cast<time_t>(timeout_ns / 1'000'000'000),
                         static_cast<long>(timeout_ns % 1'000'000'000)};
  // EAGAIN (the word changed), EINTR and ETIMEDOUT all mean: look again.
  ::syscall(SYS_futex, Word(word), FUTEX_WAIT, expected, timeout_ns < 0 ? nullptr : &timeout, nullptr, 0);
}

void SpinPause(bool yield) {
  if (yield) {
    ::sched_yield();
  } else {
#if defined(__x86_64__)
    asm volatile("pause");
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }
}

void FutexWakeAll(const std::atomic<std::uint32_t>& word) {
  ::syscall(SYS_futex, Word(word), FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

}  // namespace membench::sys
