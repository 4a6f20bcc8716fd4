// File: sys/zero_page.cpp
#include "sys/zero_page.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "sys/files.h"
#include "sys/memory.h"
#include "sys/page_flags.h"

namespace membench::sys {
namespace {

// 8 MiB: four 2 MiB huge pages; one where the THP size is larger (32 or
// 512 MiB on arm64), since a kernel without a zero page commits what is read.
std::size_t ProbeBytes() { return std::max<std::size_t>(8u << 20, ThpPageBytes()); }
constexpr const char* kUseZeroPageFile = "/sys/kernel/mm/transparent_hugepage/use_zero_page";

ZeroPageProbe Probe(PagePolicy policy) {
  ZeroPageProbe probe;
  const MappedRegion region = MappedRegion::Map(ProbeBytes(), ThpPageBytes(), policy);
  PrefaultRegion(region, Prefault::kRead);
  const PageBacking backing = ReadPageBacking(region.data(), region.size());
  const PageFlagSample flags = SamplePageFlags(region.data(), region.size(), 64);
  const std::int64_t zero_allocs = VmstatCounter("thp_zero_page_alloc");
  // Zero pages are not counted in RSS: a read-only region that stays small
  // is backed by them. With pagemap the pages themselves say so.
  if (flags.counts) {
    probe.in_use = flags.counts->zero + flags.counts->huge_zero > 0 && flags.counts->normal + flags.counts->thp == 0;
  } else {
    probe.in_use = backing.resident_bytes < ProbeBytes() / 8;
  }
  std::vector<std::string> facts;
  facts.push_back(fmt::format("reading {} MiB left {} KiB resident", ProbeBytes() >> 20, backing.resident_bytes >> 10));
  if (flags.counts) {
    facts.push_back(fmt::format("pagemap: {} of {} sampled pages zero page, {} huge zero page", flags.counts->zero,
                                flags.counts->sampled, flags.counts->huge_zero));
  }
  if (zero_allocs >= 0) {
    facts.push_back(fmt::format("thp_zero_page_alloc {}", zero_allocs));
  }
  const std::string cmdline = ReadFirstLine("/proc/cmdline").value_or("");
  if (cmdline.find("pvm_no_zero_page=1") != std::string::npos) {
    facts.push_back("pvm_no_zero_page=1 on the kernel command line");
  }
  if (policy == PagePolicy::kThp) {
    if (auto use = ReadFirstLine(kUseZeroPageFile)) {
      facts.push_back("THP use_zero_page=" + *use);
    }
  }
  for (const auto& f : facts) probe.evidence += (probe.evidence.empty() ? "" : "; ") + f;
  return probe;
}

}  // namespace

const ZeroPageProbe& ProbeZeroPage(PagePolicy policy) {
  // THP's use_zero_page, as it reads now, is part of the key: a run may
  // vary it (--setting), and the answer with it.
  static std::map<std::pair<PagePolicy, std::string>, ZeroPageProbe> cache;
  const auto key = std::pair{policy, policy == PagePolicy::kThp ? ReadFirstLine(kUseZeroPageFile).value_or("") : ""};
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, Probe(policy)).first;
  return it->second;
}

std::int64_t VmstatCounter(const std::string& name) {
  const auto text = ReadFile("/proc/vmstat");
  if (!text) return -1;
  std::istringstream in(*text);
  std::string key;
  std::int64_t value = 0;
  while (in >> key >> value) {
    if (key == name) return value;
  }
  return -1;
}

}  // namespace membench::sys
