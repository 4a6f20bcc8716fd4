// File: tests/kernels_test.cpp
// Every copy, fill, compare and read kernel against a reference (the source
// bytes, the fill value, memcmp's sign, the word sum), STREAM's four
// kernels and bw_mem's read-modify-write too, for every size
// 0..4160 and every source and destination misalignment 0..63, plus sizes
// around 2^k +- 1 up to 16 MiB. Bytes just outside a destination must stay
// untouched; a compare must find a difference at every position. Under the
// sanitizers the offsets are sampled (each source offset once, each
// destination offset once per size) to keep the run within minutes; under
// qemu-user (the arm64 cross build's tests) they are not, as on x86-64.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/kernel.h"
#include "kernels/stream_ops.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

constexpr std::size_t kMaxSmall = 4096 + 64;
constexpr std::size_t kGuard = 64;
constexpr unsigned char kSentinel = 0x00;  // never a source byte

#ifdef MEMBENCH_SANITIZED
constexpr bool kExhaustive = false;
#else
constexpr bool kExhaustive = true;
#endif

// Source bytes are 1..251, varying with the position, so a shifted or
// skipped byte never matches by chance and the sentinel never appears.
std::vector<unsigned char> MakeSource(std::size_t n) {
  std::vector<unsigned char> src(n);
  for (std::size_t i = 0; i < n; ++i) src[i] = static_cast<unsigned char>(1 + (i * 131 + i / 251) % 251);
  return src;
}

// Checks one copy; returns "" or a description of the first difference.
std::string CheckCopy(CopyFn fn, unsigned char* dst_area, const unsigned char* src, std::size_t n) {
  unsigned char* dst = dst_area + kGuard;
  std::memset(dst_area, kSentinel, n + 2 * kGuard);
  fn(dst, src, n);
  for (std::size_t i = 0; i < kGuard; ++i) {
    if (dst_area[i] != kSentinel) return "wrote " + std::to_string(kGuard - i) + " bytes before dst";
    if (dst[n + i] != kSentinel) return "wrote past the end at +" + std::to_string(i);
  }
  if (std::memcmp(dst, src, n) != 0) {
    for (std::size_t i = 0; i < n; ++i) {
      if (dst[i] != src[i]) return "wrong byte at " + std::to_string(i);
    }
  }
  return "";
}

std::string CheckFill(FillFn fn, unsigned char* dst_area, int value, std::size_t n) {
  const unsigned char byte = static_cast<unsigned char>(value);
  const unsigned char sentinel = byte == 0xff ? 0x00 : 0xff;
  unsigned char* dst = dst_area + kGuard;
  std::memset(dst_area, sentinel, n + 2 * kGuard);
  fn(dst, value, n);
  for (std::size_t i = 0; i < kGuard; ++i) {
    if (dst_area[i] != sentinel) return "wrote " + std::to_string(kGuard - i) + " bytes before dst";
    if (dst[n + i] != sentinel) return "wrote past the end at +" + std::to_string(i);
  }
  // memcmp against the region itself shifted by one byte is a fast check
  // that all n bytes are equal; the first byte then says which value.
  if (n != 0 && (dst[0] != byte || std::memcmp(dst, dst + 1, n - 1) != 0)) {
    for (std::size_t i = 0; i < n; ++i) {
      if (dst[i] != byte) return "wrong byte at " + std::to_string(i);
    }
  }
  return "";
}

std::vector<std::size_t> PowerOfTwoSizes() {
  std::vector<std::size_t> sizes;
  for (std::size_t k = 13; k <= 24; ++k) {
    for (std::size_t delta : {-1, 0, 1}) sizes.push_back((std::size_t{1} << k) + delta);
  }
  return sizes;
}

constexpr std::pair<std::size_t, std::size_t> kLargeOffsets[] = {{0, 0}, {1, 63}, {63, 1}, {17, 33}, {32, 0}};

std::vector<std::string> CopyNames() {
  std::vector<std::string> names;
  for (const auto& k : CopyKernels()) names.emplace_back(k.name);
  return names;
}

std::vector<std::string> FillNames() {
  std::vector<std::string> names;
  for (const auto& k : FillKernels()) names.emplace_back(k.name);
  return names;
}

class CopyKernelTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const CopyKernel& k = FindCopyKernel(GetParam());
    const std::string missing = UnavailableReason(k);
    if (!missing.empty()) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << ": " << missing;
    fn_ = k.fn;
  }
  CopyFn fn_ = nullptr;
};

TEST_P(CopyKernelTest, EverySizeAndMisalignmentUpTo4KiBPlus64) {
  const std::vector<unsigned char> src_area = MakeSource(kMaxSmall + 64 + kGuard);
  std::vector<unsigned char> dst_area(kMaxSmall + 64 + 2 * kGuard);
  for (std::size_t n = 0; n <= kMaxSmall; ++n) {
    for (std::size_t s_off = 0; s_off < 64; ++s_off) {
      for (std::size_t d_off = 0; d_off < 64; ++d_off) {
        if (!kExhaustive && d_off != (s_off * 7 + n) % 64 && s_off != 0) continue;
        const std::string error = CheckCopy(fn_, dst_area.data() + d_off, src_area.data() + s_off, n);
        ASSERT_EQ(error, "") << GetParam() << " size " << n << " src+" << s_off << " dst+" << d_off;
      }
    }
  }
}

TEST_P(CopyKernelTest, SizesAroundPowersOfTwoUpTo16MiB) {
  const std::size_t largest = (std::size_t{1} << 24) + 1;
  const std::vector<unsigned char> src_area = MakeSource(largest + 64);
  std::vector<unsigned char> dst_area(largest + 64 + 2 * kGuard);
  for (std::size_t n : PowerOfTwoSizes()) {
    for (const auto& [s_off, d_off] : kLargeOffsets) {
      const std::string error = CheckCopy(fn_, dst_area.data() + d_off, src_area.data() + s_off, n);
      ASSERT_EQ(error, "") << GetParam() << " size " << n << " src+" << s_off << " dst+" << d_off;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Copy, CopyKernelTest, testing::ValuesIn(CopyNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; });

class FillKernelTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const FillKernel& k = FindFillKernel(GetParam());
    const std::string missing = UnavailableReason(k);
    if (!missing.empty()) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << ": " << missing;
    fn_ = k.fn;
    values_ = k.zero_only ? std::vector<int>{0} : std::vector<int>{0, 0xa5, -1};
  }
  FillFn fn_ = nullptr;
  std::vector<int> values_;
};

TEST_P(FillKernelTest, EverySizeAndMisalignmentUpTo4KiBPlus64) {
  std::vector<unsigned char> dst_area(kMaxSmall + 64 + 2 * kGuard);
  for (int value : values_) {
    for (std::size_t n = 0; n <= kMaxSmall; ++n) {
      for (std::size_t d_off = 0; d_off < 64; ++d_off) {
        const std::string error = CheckFill(fn_, dst_area.data() + d_off, value, n);
        ASSERT_EQ(error, "") << GetParam() << " value " << value << " size " << n << " dst+" << d_off;
      }
    }
  }
}

TEST_P(FillKernelTest, SizesAroundPowersOfTwoUpTo16MiB) {
  std::vector<unsigned char> dst_area((std::size_t{1} << 24) + 1 + 64 + 2 * kGuard);
  for (int value : values_) {
    for (std::size_t n : PowerOfTwoSizes()) {
      for (const auto& [unused, d_off] : kLargeOffsets) {
        const std::string error = CheckFill(fn_, dst_area.data() + d_off, value, n);
        ASSERT_EQ(error, "") << GetParam() << " value " << value << " size " << n << " dst+" << d_off;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Fill, FillKernelTest, testing::ValuesIn(FillNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; });

std::vector<std::string> CompareNames() {
  std::vector<std::string> names;
  for (const auto& k : CompareKernels()) names.emplace_back(k.name);
  return names;
}

std::vector<std::string> ReadNames() {
  std::vector<std::string> names;
  for (const auto& k : ReadKernels()) names.emplace_back(k.name);
  return names;
}

int Sign(int v) { return (v > 0) - (v < 0); }

class CompareKernelTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const CompareKernel& k = FindCompareKernel(GetParam());
    const std::string missing = UnavailableReason(k);
    if (!missing.empty()) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << ": " << missing;
    fn_ = k.fn;
  }
  CompareFn fn_ = nullptr;
};

TEST_P(CompareKernelTest, EqualBuffersAtEverySizeAndMisalignmentUpTo4KiBPlus64) {
  const std::vector<unsigned char> a_area = MakeSource(kMaxSmall + 64);
  std::vector<unsigned char> b_area(kMaxSmall + 64);
  for (std::size_t s_off = 0; s_off < 64; ++s_off) {
    for (std::size_t d_off = 0; d_off < 64; ++d_off) {
      if (!kExhaustive && d_off != (s_off * 7) % 64 && s_off != 0) continue;
      // b holds a's bytes from s_off on, at d_off: equal for every length.
      std::memcpy(b_area.data() + d_off, a_area.data() + s_off, kMaxSmall);
      for (std::size_t n = 0; n <= kMaxSmall; ++n) {
        ASSERT_EQ(fn_(a_area.data() + s_off, b_area.data() + d_off, n), 0)
            << GetParam() << " size " << n << " a+" << s_off << " b+" << d_off;
      }
    }
  }
}

TEST_P(CompareKernelTest, ADifferenceAtEveryPositionGivesMemcmpsSign) {
  constexpr std::size_t n = kMaxSmall;
  std::vector<unsigned char> a_area(n + 64), b_area(n + 64);
  for (const auto& [a_off, b_off] : kLargeOffsets) {
    unsigned char* a = a_area.data() + a_off;
    unsigned char* b = b_area.data() + b_off;
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<unsigned char>(0x70 + i % 32);
    for (std::size_t p = 0; p < n; ++p) {
      // Bytes above 0x7f: the comparison must be of unsigned chars.
      for (unsigned char other : {static_cast<unsigned char>(0x10), static_cast<unsigned char>(0xf0)}) {
        const unsigned char saved = b[p];
        b[p] = other;
        const int expected = Sign(std::memcmp(a, b, n));
        ASSERT_EQ(Sign(fn_(a, b, n)), expected) << GetParam() << " difference at " << p << " a+" << a_off;
        ASSERT_EQ(Sign(fn_(b, a, n)), -expected) << GetParam() << " difference at " << p << " (swapped)";
        // A later difference must not change the verdict of the first.
        if (p + 1 < n) {
          b[n - 1] = static_cast<unsigned char>(0xff - other);
          ASSERT_EQ(Sign(fn_(a, b, n)), expected) << GetParam() << " first difference at " << p;
          b[n - 1] = a[n - 1];
        }
        b[p] = saved;
      }
    }
  }
}

TEST_P(CompareKernelTest, LastByteDifferenceAtEverySize) {
  std::vector<unsigned char> a_area(kMaxSmall + 64, 0x41), b_area(kMaxSmall + 64, 0x41);
  for (std::size_t n = 1; n <= kMaxSmall; ++n) {
    unsigned char* a = a_area.data() + 5;
    unsigned char* b = b_area.data() + 9;
    b[n - 1] = 0x42;
    ASSERT_LT(fn_(a, b, n), 0) << GetParam() << " size " << n;
    ASSERT_EQ(fn_(a, b, n - 1), 0) << GetParam() << " size " << n - 1;
    b[n - 1] = 0x41;
  }
}

INSTANTIATE_TEST_SUITE_P(Compare, CompareKernelTest, testing::ValuesIn(CompareNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; });

// The reference sum of ReadFn: little-endian 64-bit words, the last partial
// word zero-padded, modulo 2^64.
std::uint64_t ReferenceSum(const unsigned char* p, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8 && i + k < n; ++k) word |= static_cast<std::uint64_t>(p[i + k]) << (8 * k);
    sum += word;
  }
  return sum;
}

class ReadKernelTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const ReadKernel& k = FindReadKernel(GetParam());
    const std::string missing = UnavailableReason(k);
    if (!missing.empty()) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << ": " << missing;
    fn_ = k.fn;
  }
  ReadFn fn_ = nullptr;
};

TEST_P(ReadKernelTest, EverySizeAndMisalignmentUpTo4KiBPlus64) {
  const std::vector<unsigned char> area = MakeSource(kMaxSmall + 64 + 8);
  for (std::size_t off = 0; off < 64; ++off) {
    std::uint64_t expected = 0;
    for (std::size_t n = 0; n <= kMaxSmall; ++n) {
      // Growing n by one byte adds that byte at its place in its word.
      if (n > 0) expected += static_cast<std::uint64_t>(area[off + n - 1]) << (8 * ((n - 1) % 8));
      ASSERT_EQ(fn_(area.data() + off, n), expected) << GetParam() << " size " << n << " +" << off;
    }
  }
}

TEST_P(ReadKernelTest, SizesAroundPowersOfTwoUpTo16MiB) {
  const std::vector<unsigned char> area = MakeSource((std::size_t{1} << 24) + 1 + 64);
  for (std::size_t n : PowerOfTwoSizes()) {
    for (const auto& [off, unused] : kLargeOffsets) {
      ASSERT_EQ(fn_(area.data() + off, n), ReferenceSum(area.data() + off, n)) << GetParam() << " size " << n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Read, ReadKernelTest, testing::ValuesIn(ReadNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) { return param_info.param; });

// Each word at the stride gains one, every other byte stays, nothing
// outside [p, p + n) is touched; strides 8 (every word), 16, 32 (bw_mem's
// rdwr) and 4 KiB.
TEST(ReadModifyWrite, EverySizeMisalignmentAndStrideUpTo4KiBPlus64) {
  const std::vector<unsigned char> source = MakeSource(kMaxSmall + 64 + 2 * kGuard);
  std::vector<unsigned char> area(source.size());
  for (const std::size_t stride : {8, 16, 32, 4096}) {
    for (std::size_t off = 0; off < 64; off += kExhaustive ? 1 : 7) {
      for (std::size_t n = 0; n <= kMaxSmall; ++n) {
        area = source;
        unsigned char* p = area.data() + kGuard + off;
        ReadModifyWrite(reinterpret_cast<char*>(p), n, stride);
        std::vector<unsigned char> expected = source;
        for (std::size_t at = 0; at + 8 <= n; at += stride) {
          std::uint64_t word;
          std::memcpy(&word, expected.data() + kGuard + off + at, 8);
          ++word;
          std::memcpy(expected.data() + kGuard + off + at, &word, 8);
        }
        ASSERT_EQ(area, expected) << "stride " << stride << " size " << n << " +" << off;
      }
    }
  }
}

// STREAM's kernels on every length up to 4 KiB + 64 of doubles at every
// element offset in a cache line: exact results (q * x and a + b are single
// roundings, as the reference's), and the element past the end untouched.
TEST(StreamOps, EveryLengthAndOffsetGivesStreamsValues) {
  constexpr std::size_t kMax = kMaxSmall / sizeof(double);
  constexpr double kUntouched = -7.0;
  for (std::size_t off = 0; off < 8; ++off) {
    for (std::size_t n = 0; n <= kMax; ++n) {
      std::vector<double> a(kMax + 16), b(kMax + 16), c(kMax + 16, kUntouched);
      for (std::size_t j = 0; j < a.size(); ++j) {
        a[j] = 1.0 + static_cast<double>(j % 97);
        b[j] = 0.5 * static_cast<double>(j % 89);
      }
      double* pa = a.data() + off;
      double* pb = b.data() + off;
      double* pc = c.data() + off;
      StreamCopy(pc, pa, n);
      for (std::size_t j = 0; j < n; ++j) ASSERT_EQ(pc[j], pa[j]) << "copy " << n << " +" << off;
      ASSERT_EQ(pc[n], kUntouched) << "copy wrote past the end, size " << n;
      StreamScale(pb, pc, kStreamScalar, n);
      for (std::size_t j = 0; j < n; ++j) ASSERT_EQ(pb[j], kStreamScalar * pc[j]) << "scale " << n;
      StreamAdd(pc, pa, pb, n);
      for (std::size_t j = 0; j < n; ++j) ASSERT_EQ(pc[j], pa[j] + pb[j]) << "add " << n;
      const std::vector<double> a_before(a);
      StreamTriad(pa, pb, pc, kStreamScalar, n);
      for (std::size_t j = 0; j < n; ++j) {
        // Written as the reference: one multiply, then one add (no fused
        // multiply-add on the baseline instruction set).
        const double product = kStreamScalar * pc[j];
        ASSERT_EQ(pa[j], pb[j] + product) << "triad " << n << " +" << off;
      }
      ASSERT_EQ(pa[n], a_before[off + n]) << "triad wrote past the end, size " << n;
    }
  }
}

}  // namespace
}  // namespace membench
