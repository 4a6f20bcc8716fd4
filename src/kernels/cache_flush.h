// File: kernels/cache_flush.h
// Evicting a buffer from every cache level, so the next access to it starts
// from memory: how a workload models memory the kernel hands out cold; and
// draining the stores before, as a return to user space does.
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <cstddef>
#include <cstdint>

namespace membench {

#if defined(__x86_64__)

// clflush (baseline x86-64) on every 64-byte line, then mfence so the
// evictions are complete before the caller goes on. Untimed use only:
// it costs about as much as reading the buffer from memory.
inline void FlushFromCaches(const void* data, std::size_t bytes) {
  constexpr std::size_t kLine = 64;
  const auto* bytes_at = static_cast<const char*>(data);
  for (std::size_t offset = 0; offset < bytes; offset += kLine) _mm_clflush(bytes_at + offset);
  _mm_mfence();
}

// Every earlier store globally visible before any later access.
inline void DrainStores() { _mm_mfence(); }

#elif defined(__aarch64__)

// dc civac (clean and invalidate to the point of coherency, allowed at EL0
// as Linux sets SCTLR_EL1.UCI) on every line of CTR_EL0's smallest data
// line, then dsb ish so the evictions are complete. Untimed use only.
inline void FlushFromCaches(const void* data, std::size_t bytes) {
  std::uint64_t ctr = 0;
  asm volatile("mrs %0, ctr_el0" : "=r"(ctr));
  const std::size_t line = std::size_t{4} << ((ctr >> 16) & 15);
  const auto start = reinterpret_cast<std::uintptr_t>(data) & ~(line - 1);
  const auto end = reinterpret_cast<std::uintptr_t>(data) + bytes;
  for (std::uintptr_t at = start; at < end; at += line) asm volatile("dc civac, %0" : : "r"(at) : "memory");
  asm volatile("dsb ish" : : : "memory");
}

// Every earlier store complete before any later access (dsb, stronger than
// dmb, as mfence also orders against the instruction stream's loads).
inline void DrainStores() { asm volatile("dsb ish" : : : "memory"); }

#endif

}  // namespace membench
