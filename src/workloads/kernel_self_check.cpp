// File: workloads/kernel_self_check.cpp
#include "workloads/kernel_self_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>

#include "kernels/kernel.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

constexpr std::size_t kGuard = 64;
constexpr std::size_t kLargest = (std::size_t{1} << 20) + 3;
constexpr unsigned char kGuardByte = 0xee;

std::vector<std::size_t> Sizes() {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 320; ++n) sizes.push_back(n);
  for (std::size_t power = 512; power <= (std::size_t{1} << 20); power *= 2) {
    for (const std::size_t n : {power - 1, power, power + 3}) sizes.push_back(n);
  }
  return sizes;
}

// The first wrong byte of dst[-kGuard, n + kGuard), or nothing.
std::optional<std::string> FirstWrongByte(const unsigned char* dst, std::size_t n,
                                          const std::function<unsigned char(std::size_t)>& expected) {
  for (std::size_t i = 0; i < kGuard; ++i) {
    if (dst[-static_cast<std::ptrdiff_t>(kGuard) + static_cast<std::ptrdiff_t>(i)] != kGuardByte) {
      return fmt::format("wrote {} bytes before the destination", kGuard - i);
    }
    if (dst[n + i] != kGuardByte) return fmt::format("wrote past the end, at byte {}", n + i);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (dst[i] != expected(i)) return fmt::format("byte {} is {:#04x}, not {:#04x}", i, dst[i], expected(i));
  }
  return std::nullopt;
}

template <class K, class Check>
void CheckEach(const std::vector<K>& kernels, KernelSelfCheck& out, const Check& check) {
  for (const K& kernel : kernels) {
    if (kernel.isa != kBuiltIsa && kernel.isa != Isa::kPortable) continue;
    if (const std::string missing = UnavailableReason(kernel); !missing.empty()) {
      out.skipped.push_back(fmt::format("{} ({})", kernel.name, missing));
      continue;
    }
    ++out.kernels_checked;
    if (const auto failure = check(kernel)) out.failures.push_back(fmt::format("{}: {}", kernel.name, *failure));
  }
}

}  // namespace

KernelSelfCheck CheckKernelsAgainstReference() {
  KernelSelfCheck out;
  std::vector<unsigned char> src(kLargest + 64);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 131 + (i >> 8) * 7 + 1);
  std::vector<unsigned char> area(kLargest + 64 + 2 * kGuard);
  const std::vector<std::size_t> sizes = Sizes();
  CheckEach(CopyKernels(), out, [&](const CopyKernel& kernel) -> std::optional<std::string> {
    for (const std::size_t n : sizes) {
      for (std::size_t offset = 0; offset < 64; offset += n <= 320 ? 1 : 21) {
        const std::size_t src_offset = (offset * 7 + n) % 64;
        unsigned char* dst = area.data() + kGuard + offset;
        std::fill(dst - kGuard, dst + n + kGuard, kGuardByte);  // what FirstWrongByte reads
        kernel.fn(dst, src.data() + src_offset, n);
        const auto wrong = FirstWrongByte(dst, n, [&](std::size_t i) { return src[src_offset + i]; });
        if (wrong) return fmt::format("size {} src+{} dst+{}: {}", n, src_offset, offset, *wrong);
      }
    }
    return std::nullopt;
  });
  CheckEach(FillKernels(), out, [&](const FillKernel& kernel) -> std::optional<std::string> {
    for (const int value : kernel.zero_only ? std::vector<int>{0} : std::vector<int>{0, 0xa5}) {
      for (const std::size_t n : sizes) {
        for (std::size_t offset = 0; offset < 64; offset += n <= 320 ? 1 : 21) {
          unsigned char* dst = area.data() + kGuard + offset;
          std::fill(dst - kGuard, dst + n + kGuard, kGuardByte);  // what FirstWrongByte reads
          kernel.fn(dst, value, n);
          const auto wrong = FirstWrongByte(dst, n, [&](std::size_t) { return static_cast<unsigned char>(value); });
          if (wrong) return fmt::format("value {:#04x} size {} dst+{}: {}", value, n, offset, *wrong);
        }
      }
    }
    return std::nullopt;
  });
  return out;
}

}  // namespace membench
