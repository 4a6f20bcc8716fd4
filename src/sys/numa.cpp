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
#include "sys/limits.h"
#include "sys/memory.h"

namespace membench::sys {
namespace {

// From <linux/mempolicy.h>, which glibc does not wrap.
constexpr int kMpolDefault = 0;
constexpr int kMpolBind = 2;
constexpr int kMpolInterleave = 3;
constexpr unsigned kMpolMfStrict = 1U << 0;

constexpr int kBitsPerWord = 8 * sizeof(unsigned long);
// Node masks large enough for any node number the kernel allows
// (CONFIG_NODES_SHIFT is at most 10).
constexpr int kMaxNodes = 1024;

std::vector<unsigned long> NodeMask(const std::vector<int>& nodes) {
  std::vector<unsigned long> mask(kMaxNodes / kBitsPerWord, 0UL);
  for (const int node : nodes) mask[static_cast<std::size_t>(node / kBitsPerWord)] |= 1UL << (node % kBitsPerWord);
  return mask;
}

// maxnode counts bits, and the kernel reads one fewer than it is given.
unsigned long MaxNode(const std::vector<unsigned long>& mask) { return mask.size() * kBitsPerWord + 1; }

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

std::vector<int> MemoryNodes() {
  const auto line = ReadFirstLine("/sys/devices/system/node/has_memory");
  if (!line) return OnlineNodes();
  try {
    return ParseCpuList(*line);
  } catch (const Error&) {
    return OnlineNodes();
  }
}

void RequireOnlineNode(int node, const std::string& flag) {
  const std::vector<int> nodes = OnlineNodes();
  if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) {
    throw Error(fmt::format("{} {}: this machine's online NUMA nodes are {} "
                            "(/sys/devices/system/node/online)",
                            flag, node, fmt::join(nodes, ",")));
  }
}

std::vector<int> CpusOfNode(int node) {
  RequireOnlineNode(node, "--cpunodebind");
  const std::vector<int> allowed = AllowedCpus();
  const std::string path = fmt::format("/sys/devices/system/node/node{}/cpulist", node);
  const auto line = ReadFirstLine(path);
  // No NUMA support: node 0 is the whole machine.
  if (!line) return allowed;
  std::vector<int> cpus;
  if (!line->empty()) {
    // Those this process may run on (a cpuset, taskset).
    for (const int cpu : ParseCpuList(*line)) {
      if (std::find(allowed.begin(), allowed.end(), cpu) != allowed.end()) cpus.push_back(cpu);
    }
  }
  if (cpus.empty()) {
    throw Error(fmt::format("--cpunodebind {}: node {} has no CPU this process may run on ({}: '{}'; see taskset "
                            "-p $$); give a node with CPUs",
                            node, node, path, *line));
  }
  return cpus;
}

void BindToNode(void* address, std::size_t bytes, int node) {
  RequireOnlineNode(node);
  std::vector<unsigned long> mask = NodeMask({node});
  if (::syscall(SYS_mbind, address, bytes, kMpolBind, mask.data(), MaxNode(mask), kMpolMfStrict) != 0) {
    throw Error(fmt::format("--membind {}: mbind failed: {}", node, std::strerror(errno)));
  }
}

ScopedMemoryPolicy::ScopedMemoryPolicy(const NumaPlacement& placement) {
  if (!placement.memory_placed()) return;
  const std::vector<int> nodes = placement.membind ? std::vector<int>{*placement.membind} : placement.interleave;
  const std::string flag = placement.membind ? "--membind" : "--interleave";
  for (const int node : nodes) RequireOnlineNode(node, flag);
  previous_mask_.assign(kMaxNodes / kBitsPerWord, 0UL);
  if (::syscall(SYS_get_mempolicy, &previous_mode_, previous_mask_.data(), MaxNode(previous_mask_), nullptr, 0) !=
      0) {
    throw Error(fmt::format("{}: get_mempolicy failed: {}", flag, std::strerror(errno)));
  }
  std::vector<unsigned long> mask = NodeMask(nodes);
  const int mode = placement.membind ? kMpolBind : kMpolInterleave;
  if (::syscall(SYS_set_mempolicy, mode, mask.data(), MaxNode(mask)) != 0) {
    throw Error(fmt::format("{} {}: set_mempolicy failed: {}", flag, fmt::join(nodes, ","), std::strerror(errno)));
  }
  active_ = true;
}

ScopedMemoryPolicy::~ScopedMemoryPolicy() {
  if (!active_) return;
  // The policy found; a default policy takes no mask.
  if (previous_mode_ == kMpolDefault) {
    ::syscall(SYS_set_mempolicy, kMpolDefault, nullptr, 0);
  } else {
    ::syscall(SYS_set_mempolicy, previous_mode_, previous_mask_.data(), MaxNode(previous_mask_));
  }
}

std::map<int, std::uint64_t> SampleNodes(const void* address, std::size_t bytes, std::size_t max_pages) {
  const std::uint64_t page_bytes = BasePageBytes();
  const std::uint64_t first = reinterpret_cast<std::uintptr_t>(address) / page_bytes;
  const std::uint64_t pages = (bytes + page_bytes - 1) / page_bytes;
  const std::uint64_t step = pages > max_pages && max_pages > 0 ? pages / max_pages : 1;
  std::vector<void*> addresses;
  // A page at a scrambled place within each step, not its first: with
  // interleaving, page i is on node i mod N, and steps that are a multiple
  // of N would otherwise sample one node alone.
  for (std::uint64_t k = 0; k * step < pages && addresses.size() < max_pages; ++k) {
    const std::uint64_t within = step == 1 ? 0 : (k * 2654435761ULL) % step;
    addresses.push_back(reinterpret_cast<void*>((first + k * step + within) * page_bytes));
  }
  std::vector<int> status(addresses.size(), 0);
  std::map<int, std::uint64_t> nodes;
  // No target nodes: move_pages only reports each page's node (or -errno).
  if (addresses.empty() ||
      ::syscall(SYS_move_pages, 0, addresses.size(), addresses.data(), nullptr, status.data(), 0) != 0) {
    return nodes;
  }
  for (const int node : status) {
    if (node >= 0) ++nodes[node];
  }
  return nodes;
}

}  // namespace membench::sys
