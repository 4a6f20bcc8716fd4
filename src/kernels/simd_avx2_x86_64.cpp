// File: kernels/simd_avx2.cpp
// 32-byte AVX2 copy, fill, compare and read. Compiled with -mavx2; called only when CPUID
// reports AVX2 (see kernels/kernel_list.cpp).
#include <immintrin.h>

#include "kernels/kernel_fns.h"
#include "kernels/vector_ops.h"

namespace membench::kernels {
namespace {

struct Avx2 {
  static constexpr std::size_t kWidth = 32;
  static __m256i Load(const char* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void Store(char* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static void StoreLoop(char* p, __m256i v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
  static __m256i Splat(int value) { return _mm256_set1_epi8(static_cast<char>(value)); }
  // vzeroupper avoids the AVX-SSE transition penalty in the caller.
  static void Finish() { _mm256_zeroupper(); }
  static constexpr std::uint64_t kAllEqual = 0xffffffff;
  static std::uint64_t EqualMask(__m256i a, __m256i b) {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)));
  }
  static __m256i Zero() { return _mm256_setzero_si256(); }
  static __m256i Add64(__m256i a, __m256i b) { return _mm256_add_epi64(a, b); }
  static std::uint64_t HorizontalSum(__m256i v) {
    const __m128i half = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(half)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(half, half)));
  }
};

}  // namespace

void CopyAvx2(void* dst, const void* src, std::size_t n) {
  CopyVectors<Avx2>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

int CompareAvx2(const void* a, const void* b, std::size_t n) {
  return CompareVectors<Avx2>(static_cast<const char*>(a), static_cast<const char*>(b), n);
}

std::uint64_t ReadAvx2(const void* p, std::size_t n) { return SumVectors<Avx2>(static_cast<const char*>(p), n); }

void FillAvx2(void* dst, int value, std::size_t n) { FillVectors<Avx2>(static_cast<char*>(dst), value, n); }

}  // namespace membench::kernels
