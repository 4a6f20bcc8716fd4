// File: tests/kernels_test.cpp
// Every copy and fill kernel against the reference (the source bytes, or the
// fill value), for every size 0..4160 and every source and destination
// misalignment 0..63, plus sizes around 2^k +- 1 up to 16 MiB. Bytes just
// outside the destination must stay untouched. Under the sanitizers the
// offsets are sampled (each source offset once, each destination offset
// once per size) to keep the run within minutes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/kernel.h"
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
    const std::string missing = MissingFeatures(k.needs);
    if (!missing.empty()) GTEST_SKIP() << GetParam() << ": " << missing;
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
    const std::string missing = MissingFeatures(k.needs);
    if (!missing.empty()) GTEST_SKIP() << GetParam() << ": " << missing;
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

}  // namespace
}  // namespace membench
