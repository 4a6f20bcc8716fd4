// File: sys/shared_memory.h
// Memory shared between the runner and its workers, threads or forked
// processes alike (MAP_SHARED | MAP_ANONYMOUS survives fork), and the futex
// calls that let them wait on a word in it without spinning.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace membench::sys {

class SharedMemory {
 public:
  // Zero-filled. Throws Error when the kernel refuses.
  explicit SharedMemory(std::size_t bytes);
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;
  ~SharedMemory();
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

// Sleeps while word == expected, at most timeout_ns (< 0: no limit);
// shared (not FUTEX_PRIVATE) futexes, so a forked worker's wake reaches the
// runner.
void FutexWait(const std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_ns);
void FutexWakeAll(const std::atomic<std::uint32_t>& word);

// One step of a spin-wait: the pause instruction, or, where the spinners
// outnumber the CPUs, sched_yield so the one being waited for can run.
void SpinPause(bool yield);

}  // namespace membench::sys
