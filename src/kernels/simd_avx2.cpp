// File: kernels/simd_avx2.cpp
// 32-byte AVX2 copy and fill. Compiled with -mavx2; called only when CPUID
// reports AVX2 (see kernels/registry.cpp).
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
};

}  // namespace

void CopyAvx2(void* dst, const void* src, std::size_t n) {
  CopyVectors<Avx2>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

void FillAvx2(void* dst, int value, std::size_t n) { FillVectors<Avx2>(static_cast<char*>(dst), value, n); }

}  // namespace membench::kernels
