// File: sys/cache_pressure.cpp
#include "sys/cache_pressure.h"

#include <sys/mman.h>

#include <string>

#include "core/error.h"

namespace membench::sys {
namespace {

int Stream(std::uint64_t bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return 1;
  auto* lines = static_cast<volatile std::uint64_t*>(p);
  const std::uint64_t words = bytes / sizeof(std::uint64_t);
  for (;;) {
    for (std::uint64_t i = 0; i < words; i += 8) lines[i] = lines[i] + 1;  // one word per 64-byte line
  }
}

}  // namespace

CachePressure::CachePressure(int processes, std::uint64_t bytes_each) {
  for (int i = 0; i < processes; ++i) {
    try {
      processes_.push_back(ChildProcess::Fork([bytes_each] { return Stream(bytes_each); }));
    } catch (const Error& e) {
      throw Error("cannot start pressure process " + std::to_string(i + 1) + ": " + e.what());
    }
  }
}

int CachePressure::DiedEarly() {
  for (ChildProcess& process : processes_) {
    if (process.Poll()) ++died_;
  }
  return died_;
}

}  // namespace membench::sys
