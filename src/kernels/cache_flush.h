// File: kernels/cache_flush.h
// Evicting a buffer from every cache level, so the next access to it starts
// from memory: how a workload models memory the kernel hands out cold.
#pragma once

#include <immintrin.h>

#include <cstddef>

namespace membench {

// clflush (baseline x86-64) on every 64-byte line, then mfence so the
// evictions are complete before the caller goes on. Untimed use only:
// it costs about as much as reading the buffer from memory.
inline void FlushFromCaches(const void* data, std::size_t bytes) {
  constexpr std::size_t kLine = 64;
  const auto* bytes_at = static_cast<const char*>(data);
  for (std::size_t offset = 0; offset < bytes; offset += kLine) _mm_clflush(bytes_at + offset);
  _mm_mfence();
}

}  // namespace membench
