// File: workloads/chase_order.cpp
#include "workloads/chase_order.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/page_policy.h"
#include "core/units.h"

namespace membench {
namespace {

constexpr std::uint64_t kSeed = 0x6d656d62656e6368;

// 0..count-1 with their low log2(count) bits reversed (count a power of
// two): neighbours in this order are far apart, which lmbench uses to
// place successive elements of a page in different cache sets.
std::vector<std::uint64_t> BitReversedOrder(std::uint64_t count) {
  int bits = 0;
  while ((std::uint64_t{1} << bits) < count) ++bits;
  std::vector<std::uint64_t> order(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t reversed = 0;
    for (int b = 0; b < bits; ++b) {
      if (i & (std::uint64_t{1} << b)) reversed |= std::uint64_t{1} << (bits - 1 - b);
    }
    order[i] = reversed;
  }
  return order;
}

// lat_mem_rd -t: pass r visits page i (in a random page order) at element
// (r + i) mod per_page of the bit-reversed order, so the last page of one
// pass hands over to the first page one element further on, and after
// per_page passes every element of every page has been visited once.
std::vector<std::uint64_t> LmbenchRandomOrder(std::uint64_t size, std::uint64_t stride, std::mt19937_64& rng) {
  if (stride < kChaseLine || stride > kPage4k || (stride & (stride - 1)) != 0) {
    throw Error(fmt::format("--stride {}: lmbench-random takes a power of two from {} to {} bytes", stride, kChaseLine,
                            kPage4k));
  }
  if (size % kPage4k != 0 || size < 2 * kPage4k) {
    throw Error(
        fmt::format("--size {}: lmbench-random lays its chain over whole 4 KiB pages, each load on another; give a "
                    "multiple of 4K, at least 8K",
                    FormatSize(size)));
  }
  const std::uint64_t per_page = kPage4k / stride;
  const std::vector<std::uint64_t> within = BitReversedOrder(per_page);
  std::vector<std::uint64_t> pages(size / kPage4k);
  std::iota(pages.begin(), pages.end(), 0);
  std::shuffle(pages.begin(), pages.end(), rng);
  std::vector<std::uint64_t> order;
  order.reserve(pages.size() * per_page);
  for (std::uint64_t pass = 0; pass < per_page; ++pass) {
    for (std::uint64_t i = 0; i < pages.size(); ++i) {
      const std::uint64_t offset = pages[i] * kPage4k + within[(pass + i) % per_page] * stride;
      order.push_back(offset / kChaseLine);
    }
  }
  return order;
}

}  // namespace

std::vector<std::uint64_t> ChaseVisitOrder(const std::string& pattern, std::uint64_t size, std::uint64_t stride,
                                           std::uint64_t locality) {
  std::mt19937_64 rng(kSeed);
  std::vector<std::uint64_t> order;
  if (pattern == "random") {
    const std::uint64_t lines = size / kChaseLine;
    const std::uint64_t per_group = locality == 0 ? lines : std::max<std::uint64_t>(locality / kChaseLine, 1);
    std::vector<std::uint64_t> groups((lines + per_group - 1) / per_group);
    std::iota(groups.begin(), groups.end(), 0);
    std::shuffle(groups.begin(), groups.end(), rng);
    order.reserve(lines);
    for (const std::uint64_t g : groups) {
      const auto first = order.end() - order.begin();
      for (std::uint64_t line = g * per_group; line < std::min(lines, (g + 1) * per_group); ++line) {
        order.push_back(line);
      }
      std::shuffle(order.begin() + first, order.end(), rng);
    }
  } else if (pattern == "page-random") {
    const std::uint64_t lines_per_page = kPage4k / kChaseLine;
    for (std::uint64_t page = 0; page < size / kPage4k; ++page) {
      order.push_back(page * lines_per_page + rng() % lines_per_page);
    }
  } else if (pattern == "lmbench-random") {
    order = LmbenchRandomOrder(size, stride, rng);
  } else if (pattern == "lmbench-stride") {
    // lat_mem_rd links each element to the one a stride below it, and the
    // first to the last: 0, last, last - stride, ..., stride.
    order.push_back(0);
    const std::uint64_t elements = (size - sizeof(void*)) / stride + 1;
    for (std::uint64_t k = elements - 1; k >= 1; --k) order.push_back(k * stride / kChaseLine);
  } else {
    for (std::uint64_t offset = 0; offset + sizeof(void*) <= size; offset += stride) {
      order.push_back(offset / kChaseLine);
    }
  }
  return order;
}

std::vector<char*> LinkChains(char* base, const std::vector<std::uint64_t>& order, std::uint64_t chains) {
  if (chains == 0 || order.size() < 2 * chains) {
    throw Error(fmt::format("{} chain elements are fewer than 2 per chain for --chains {}", order.size(), chains));
  }
  const std::uint64_t per_chain = order.size() / chains;
  std::vector<char*> heads;
  for (std::uint64_t k = 0; k < chains; ++k) {
    for (std::uint64_t i = 0; i < per_chain; ++i) {
      char* from = base + order[k + i * chains] * kChaseLine;
      char* to = base + order[k + ((i + 1) % per_chain) * chains] * kChaseLine;
      *reinterpret_cast<char**>(from) = to;
    }
    heads.push_back(base + order[k] * kChaseLine);
  }
  for (char* head : heads) {
    char* p = head;
    for (std::uint64_t i = 1; i <= per_chain; ++i) {
      p = *reinterpret_cast<char**>(p);
      if ((p == head) != (i == per_chain)) throw Error("internal: chase chain is not one cycle");
    }
  }
  return heads;
}

}  // namespace membench
