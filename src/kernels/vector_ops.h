// File: kernels/vector_ops.h
// Copy and fill loops over a vector type V, shared by the SSE2, AVX2, AVX-512
// and non-temporal kernels. V provides kWidth, Load (unaligned), Store
// (unaligned), StoreAligned, Splat and, for the main loop, StoreLoop (aligned
// temporal or streaming). The shape is glibc's memmove-vec-unaligned-erms:
// the first vector and the last four are moved unaligned, the body between
// them with stores aligned to the vector width, four vectors per iteration.
// Internal linkage: this header is compiled under different -m flags.
#pragma once

#include <cstddef>

#include "kernels/small_ops.h"

namespace {

template <class V>
inline __attribute__((always_inline)) void CopyVectors(char* d, const char* s, std::size_t n) {
  constexpr std::size_t kW = V::kWidth;
  if (n < 64) {
    CopyBelow64(d, s, n);
    return;
  }
  if (n <= 4 * kW) {
    std::size_t i = 0;
    for (; i + kW < n; i += kW) V::Store(d + i, V::Load(s + i));
    V::Store(d + n - kW, V::Load(s + n - kW));
    return;
  }
  const auto first = V::Load(s);
  const auto tail0 = V::Load(s + n - 4 * kW);
  const auto tail1 = V::Load(s + n - 3 * kW);
  const auto tail2 = V::Load(s + n - 2 * kW);
  const auto tail3 = V::Load(s + n - 1 * kW);
  const std::size_t skip = kW - (reinterpret_cast<std::uintptr_t>(d) & (kW - 1));
  char* dst = d + skip;
  const char* src = s + skip;
  char* const body_end = d + n - 4 * kW;
  while (dst < body_end) {
    const auto v0 = V::Load(src);
    const auto v1 = V::Load(src + kW);
    const auto v2 = V::Load(src + 2 * kW);
    const auto v3 = V::Load(src + 3 * kW);
    V::StoreLoop(dst, v0);
    V::StoreLoop(dst + kW, v1);
    V::StoreLoop(dst + 2 * kW, v2);
    V::StoreLoop(dst + 3 * kW, v3);
    dst += 4 * kW;
    src += 4 * kW;
  }
  V::Store(d, first);
  V::Store(d + n - 4 * kW, tail0);
  V::Store(d + n - 3 * kW, tail1);
  V::Store(d + n - 2 * kW, tail2);
  V::Store(d + n - 1 * kW, tail3);
  V::Finish();
}

template <class V>
inline __attribute__((always_inline)) void FillVectors(char* d, int value, std::size_t n) {
  constexpr std::size_t kW = V::kWidth;
  if (n < 64) {
    FillBelow64(d, BytePattern(value), n);
    return;
  }
  const auto v = V::Splat(value);
  if (n <= 4 * kW) {
    std::size_t i = 0;
    for (; i + kW < n; i += kW) V::Store(d + i, v);
    V::Store(d + n - kW, v);
    return;
  }
  V::Store(d, v);
  char* dst = d + kW - (reinterpret_cast<std::uintptr_t>(d) & (kW - 1));
  char* const body_end = d + n - 4 * kW;
  while (dst < body_end) {
    V::StoreLoop(dst, v);
    V::StoreLoop(dst + kW, v);
    V::StoreLoop(dst + 2 * kW, v);
    V::StoreLoop(dst + 3 * kW, v);
    dst += 4 * kW;
  }
  V::Store(d + n - 4 * kW, v);
  V::Store(d + n - 3 * kW, v);
  V::Store(d + n - 2 * kW, v);
  V::Store(d + n - 1 * kW, v);
  V::Finish();
}

}  // namespace
