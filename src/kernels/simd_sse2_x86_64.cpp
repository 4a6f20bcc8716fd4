// File: kernels/simd_sse2.cpp
// 16-byte SSE2 copy, compare and read, and the non-temporal (movntdq + sfence) copy and fill.
// SSE2 is part of x86-64, so this file needs no extra -m flag. The NT kernels
// use 16-byte streaming stores: the write-combining buffers merge them into
// full lines, and they run on every x86-64 CPU.
#include <emmintrin.h>

#include "kernels/kernel_fns.h"
#include "kernels/vector_ops.h"

namespace membench::kernels {
namespace {

struct Sse2 {
  static constexpr std::size_t kWidth = 16;
  static __m128i Load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void Store(char* p, __m128i v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static void StoreLoop(char* p, __m128i v) { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
  static __m128i Splat(int value) { return _mm_set1_epi8(static_cast<char>(value)); }
  static void Finish() {}
  static constexpr std::uint64_t kAllEqual = 0xffff;
  static std::uint64_t EqualMask(__m128i a, __m128i b) {
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)));
  }
  static __m128i Zero() { return _mm_setzero_si128(); }
  static __m128i Add64(__m128i a, __m128i b) { return _mm_add_epi64(a, b); }
  static std::uint64_t HorizontalSum(__m128i v) {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)));
  }
};

struct Sse2Stream : Sse2 {
  static void StoreLoop(char* p, __m128i v) { _mm_stream_si128(reinterpret_cast<__m128i*>(p), v); }
  // Streaming stores are weakly ordered; sfence makes them visible before
  // anything the caller does next, as the kernel's movnti users do.
  static void Finish() { _mm_sfence(); }
};

}  // namespace

void CopySse2(void* dst, const void* src, std::size_t n) {
  CopyVectors<Sse2>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

int CompareSse2(const void* a, const void* b, std::size_t n) {
  return CompareVectors<Sse2>(static_cast<const char*>(a), static_cast<const char*>(b), n);
}

std::uint64_t ReadSse2(const void* p, std::size_t n) { return SumVectors<Sse2>(static_cast<const char*>(p), n); }

void CopyNt(void* dst, const void* src, std::size_t n) {
  CopyVectors<Sse2Stream>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

void FillNt(void* dst, int value, std::size_t n) { FillVectors<Sse2Stream>(static_cast<char*>(dst), value, n); }

}  // namespace membench::kernels
