// File: workloads/chase_order.cpp
#include "workloads/chase_order.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/page_policy.h"

namespace membench {
namespace {

constexpr std::uint64_t kSeed = 0x6d656d62656e6368;

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
