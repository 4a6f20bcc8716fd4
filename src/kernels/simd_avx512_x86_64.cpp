// File: kernels/simd_avx512.cpp
// 64-byte AVX-512F copy, fill and read. Compiled with -mavx512f; called only when
// CPUID reports AVX-512F (see kernels/kernel_list.cpp).
#include <immintrin.h>

#include "kernels/kernel_fns.h"
#include "kernels/vector_ops.h"

namespace membench::kernels {
namespace {

struct Avx512 {
  static constexpr std::size_t kWidth = 64;
  static __m512i Load(const char* p) { return _mm512_loadu_si512(p); }
  static void Store(char* p, __m512i v) { _mm512_storeu_si512(p, v); }
  static void StoreLoop(char* p, __m512i v) { _mm512_store_si512(p, v); }
  static __m512i Splat(int value) {
    return _mm512_set1_epi32(static_cast<int>(0x01010101u * static_cast<unsigned char>(value)));
  }
  static void Finish() { _mm256_zeroupper(); }
  static __m512i Zero() { return _mm512_setzero_si512(); }
  static __m512i Add64(__m512i a, __m512i b) { return _mm512_add_epi64(a, b); }
  // Through memory rather than _mm512_reduce_add_epi64: GCC 12's version
  // trips -Wuninitialized inside its own header. Runs once per call.
  static std::uint64_t HorizontalSum(__m512i v) {
    alignas(64) std::uint64_t lanes[8];
    _mm512_store_si512(lanes, v);
    std::uint64_t sum = 0;
    for (std::uint64_t lane : lanes) sum += lane;
    return sum;
  }
};

}  // namespace

void CopyAvx512(void* dst, const void* src, std::size_t n) {
  CopyVectors<Avx512>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

std::uint64_t ReadAvx512(const void* p, std::size_t n) { return SumVectors<Avx512>(static_cast<const char*>(p), n); }

void FillAvx512(void* dst, int value, std::size_t n) { FillVectors<Avx512>(static_cast<char*>(dst), value, n); }

}  // namespace membench::kernels
