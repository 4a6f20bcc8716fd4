// File: sys/numa.cpp
#include "sys/numa.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/cpu_list.h"
#include "core/error.h"
#include "sys/files.h"

namespace membench::sys {
namespace {

// From <linux/mempolicy.h>, which glibc does not wrap.
constexpr int kMpolBind = 2;
constexpr unsigned kMpolMfStrict = 1U << 0;

}  // namespace

std::vector<int> OnlineNodes() {
  const auto line = ReadFirstLine("/sys/devices/system/node/online");
  if (!line) return {0};
  try {
    return ParseCpuList(*line);
  } catch (const Error&) {
    return {0};
  }
}

void RequireOnlineNode(int node) {
  const std::vector<int> nodes = OnlineNodes();
  if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) {
    throw Error(fmt::format("--membind {}: this machine's online NUMA nodes are {} "
                            "(/sys/devices/system/node/online)",
                            node, fmt::join(nodes, ",")));
  }
}

void BindToNode(void* address, std::size_t bytes, int node) {
  RequireOnlineNode(node);
  constexpr int kBitsPerWord = 8 * sizeof(unsigned long);
  std::vector<unsigned long> mask(static_cast<std::size_t>(node / kBitsPerWord + 1), 0UL);
  mask[static_cast<std::size_t>(node / kBitsPerWord)] |= 1UL << (node % kBitsPerWord);
  // maxnode counts bits, and the kernel reads one fewer than it is given.
  const unsigned long max_node = mask.size() * kBitsPerWord + 1;
  if (::syscall(SYS_mbind, address, bytes, kMpolBind, mask.data(), max_node, kMpolMfStrict) != 0) {
    throw Error(fmt::format("--membind {}: mbind failed: {}", node, std::strerror(errno)));
  }
}

}  // namespace membench::sys
