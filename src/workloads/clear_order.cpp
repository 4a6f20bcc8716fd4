// File: workloads/clear_order.cpp
#include "workloads/clear_order.h"

namespace membench {

std::vector<std::uint32_t> SubpageOrder(ClearOrder order, std::uint32_t subpages, std::uint32_t target) {
  std::vector<std::uint32_t> out;
  out.reserve(subpages);
  if (order == ClearOrder::kForward) {
    for (std::uint32_t i = 0; i < subpages; ++i) out.push_back(i);
    return out;
  }
  if (order == ClearOrder::kBackward) {
    for (std::uint32_t i = subpages; i-- > 0;) out.push_back(i);
    return out;
  }
  std::uint32_t base = 0;
  std::uint32_t half = 0;  // pairs left around the target
  if (2 * target <= subpages) {
    // Target in the first half: the tail beyond its mirror image first.
    half = target;
    for (std::uint32_t i = subpages; i-- > 2 * target;) out.push_back(i);
  } else {
    half = subpages - target;
    base = subpages - 2 * half;
    for (std::uint32_t i = 0; i < base; ++i) out.push_back(i);
  }
  for (std::uint32_t i = 0; i < half; ++i) {
    out.push_back(base + i);
    out.push_back(base + 2 * half - 1 - i);
  }
  return out;
}

}  // namespace membench
