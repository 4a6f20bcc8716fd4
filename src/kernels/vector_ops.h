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

namespace {

inline int ByteDifference(const char* a, const char* b, std::size_t at) {
  return static_cast<int>(static_cast<unsigned char>(a[at])) - static_cast<int>(static_cast<unsigned char>(b[at]));
}

// memcmp over vectors: V::EqualMask gives one bit per equal byte; a mask
// short of V::kAllEqual locates the first difference with a bit scan. Below
// one vector the bytes are compared one by one; the tail is the last vector,
// overlapping bytes already known equal.
template <class V>
inline __attribute__((always_inline)) int CompareVectors(const char* a, const char* b, std::size_t n) {
  constexpr std::size_t kW = V::kWidth;
  auto first_difference = [&](std::size_t at, std::uint64_t equal_mask) {
    return ByteDifference(a, b, at + static_cast<std::size_t>(__builtin_ctzll(~equal_mask)));
  };
  if (n < kW) {
    for (std::size_t i = 0; i < n; ++i) {
      if (a[i] != b[i]) return ByteDifference(a, b, i);
    }
    return 0;
  }
  std::size_t i = 0;
  for (; i + 4 * kW <= n; i += 4 * kW) {
    const std::uint64_t m0 = V::EqualMask(V::Load(a + i), V::Load(b + i));
    const std::uint64_t m1 = V::EqualMask(V::Load(a + i + kW), V::Load(b + i + kW));
    const std::uint64_t m2 = V::EqualMask(V::Load(a + i + 2 * kW), V::Load(b + i + 2 * kW));
    const std::uint64_t m3 = V::EqualMask(V::Load(a + i + 3 * kW), V::Load(b + i + 3 * kW));
    if ((m0 & m1 & m2 & m3) != V::kAllEqual) {
      if (m0 != V::kAllEqual) return first_difference(i, m0);
      if (m1 != V::kAllEqual) return first_difference(i + kW, m1);
      if (m2 != V::kAllEqual) return first_difference(i + 2 * kW, m2);
      return first_difference(i + 3 * kW, m3);
    }
  }
  for (; i + kW <= n; i += kW) {
    const std::uint64_t m = V::EqualMask(V::Load(a + i), V::Load(b + i));
    if (m != V::kAllEqual) return first_difference(i, m);
  }
  if (i < n) {
    const std::size_t last = n - kW;
    const std::uint64_t m = V::EqualMask(V::Load(a + last), V::Load(b + last));
    if (m != V::kAllEqual) return first_difference(last, m);
  }
  V::Finish();
  return 0;
}

// The 64-bit word sum of ReadFn over vectors: four vector accumulators of
// 64-bit lanes, then whole words, then the zero-padded partial word. Addition
// modulo 2^64 is associative, so the order does not change the result.
template <class V>
inline __attribute__((always_inline)) std::uint64_t SumVectors(const char* p, std::size_t n) {
  constexpr std::size_t kW = V::kWidth;
  auto acc0 = V::Zero(), acc1 = V::Zero(), acc2 = V::Zero(), acc3 = V::Zero();
  std::size_t i = 0;
  for (; i + 4 * kW <= n; i += 4 * kW) {
    acc0 = V::Add64(acc0, V::Load(p + i));
    acc1 = V::Add64(acc1, V::Load(p + i + kW));
    acc2 = V::Add64(acc2, V::Load(p + i + 2 * kW));
    acc3 = V::Add64(acc3, V::Load(p + i + 3 * kW));
  }
  for (; i + kW <= n; i += kW) acc0 = V::Add64(acc0, V::Load(p + i));
  std::uint64_t sum = V::HorizontalSum(V::Add64(V::Add64(acc0, acc1), V::Add64(acc2, acc3)));
  V::Finish();
  for (; i + 8 <= n; i += 8) {
    std::uint64_t word;
    __builtin_memcpy(&word, p + i, 8);
    sum += word;
  }
  if (i < n) {
    std::uint64_t word = 0;
    __builtin_memcpy(&word, p + i, n - i);
    sum += word;
  }
  return sum;
}

}  // namespace
