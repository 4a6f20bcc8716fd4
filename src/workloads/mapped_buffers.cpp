// File: workloads/mapped_buffers.cpp
#include "workloads/mapped_buffers.h"

#include <cstring>
#include <map>

#include "core/error.h"
#include "sys/mthp.h"
#include "sys/numa.h"
#include "sys/page_flags.h"

namespace membench {

ParamSpec SizeParam(const std::string& default_value) {
  return SizeParamNamed("size", default_value, "bytes per call; list or range, e.g. 4K,64M or 4K..1G:x4", 1);
}

ParamSpec PagesParam() {
  std::vector<std::string> choices = {"default", "4k", "thp"};
  for (const std::size_t size : kHugetlbSizes) choices.push_back(PagePolicyName({PagePolicy::Kind::kHugetlb, size}));
  for (const std::size_t size : kMthpSizes) choices.push_back(PagePolicyName(PagePolicy::Mthp(size)));
  ParamSpec spec = ChoiceParam(
      kPagesParam, "default",
      "page policy: 4k (MADV_NOHUGEPAGE: base pages, 4, 16 or 64 KiB), thp (MADV_HUGEPAGE), default (no madvise), "
      "hugetlb-2m, hugetlb-1g and arm64's hugetlb-64k..hugetlb-16g (MAP_HUGETLB from the reserved pool), "
      "mthp-8k..mthp-256m (MADV_HUGEPAGE with only that multi-size THP enabled, mthp-64k being arm64's contpte; "
      "membench sets and restores it as root)",
      choices);
  spec.unavailable_reason = [](const std::string& choice) -> std::string {
    const PagePolicy policy = ParsePagePolicy(choice);
    if (policy.kind == PagePolicy::Kind::kMthp) return sys::MthpUnavailableReason(policy.page_bytes);
    if (policy.kind == PagePolicy::Kind::kHugetlb && !sys::ReadHugetlbPool(policy.page_bytes).exists) {
      return "this kernel offers no " + PageSizeName(policy.page_bytes) + " hugetlb pages";
    }
    return "";
  };
  return spec;
}

ParamSpec PrefaultParam() {
  return ChoiceParam("prefault", "write",
                     "before timing: none (first touch is timed, fresh buffers every sample), read (map by reading; "
                     "the timed writes fault), write (populated by writing), populate (MADV_POPULATE_WRITE)",
                     {"none", "read", "write", "populate"});
}

ParamSpec SourcePrefaultParam() {
  return ChoiceParam("src-prefault", "write",
                     "the source before timing: write (filled with a pattern: real data), read (mapped by reading: "
                     "the zero page, as perf bench's unwritten source read), none (untouched and mapped afresh "
                     "every sample: the timed reads fault)",
                     {"none", "read", "write"});
}

SourcePrefault ParseSourcePrefault(const std::string& text) {
  if (text == "none") return SourcePrefault::kNone;
  if (text == "read") return SourcePrefault::kRead;
  if (text == "write") return SourcePrefault::kWrite;
  throw Error("unknown source prefault mode '" + text + "'");
}

ParamSpec OffsetParam(const std::string& name, const std::string& what) {
  ParamSpec p =
      SizeParamNamed(name, "0", "misalignment of the " + what + " in bytes from a THP-size boundary (0..4095)", 0);
  p.kind = ParamKind::kCount;
  p.max_value = 4095;
  return p;
}

WorkloadNeeds MemoryNeeds(PagePolicy policy, std::uint64_t bytes, int buffers) {
  WorkloadNeeds needs;
  if (const std::size_t page = HugetlbPageBytes(policy); page != 0) {
    needs.hugetlb_pages[page] = (bytes + page - 1) / page + static_cast<std::uint64_t>(buffers);
  } else {
    needs.memory_bytes = bytes;
  }
  if (policy.kind == PagePolicy::Kind::kMthp) needs.only_mthp_size = policy.page_bytes;
  return needs;
}

ByteTraffic TrafficOf(double reads, double writes, bool non_temporal, const std::string& what) {
  ByteTraffic t;
  t.requested_per_unit = reads + writes;
  t.memory_per_unit = reads + writes + (non_temporal ? 0 : writes);
  t.how = what + (writes == 0       ? ""
                  : non_temporal    ? "; non-temporal stores read nothing first"
                                    : "; the estimate reads each written line first (write-allocate)");
  return t;
}

sys::Prefault ParsePrefault(const std::string& text) {
  if (text == "none") return sys::Prefault::kNone;
  if (text == "read") return sys::Prefault::kRead;
  if (text == "write") return sys::Prefault::kWrite;
  if (text == "populate") return sys::Prefault::kPopulate;
  throw Error("unknown prefault mode '" + text + "'");
}

Buffer::Buffer(std::string name, std::uint64_t bytes, std::uint64_t offset, PagePolicy policy)
    : name_(std::move(name)),
      bytes_(bytes),
      offset_(offset),
      policy_(policy),
      // THP needs regions aligned to its PMD size to be eligible at all;
      // aligning every policy alike keeps the comparison about the page size alone.
      region_(sys::MappedRegion::Map(bytes + offset, sys::ThpPageBytes(), policy)) {}

PageProof Buffer::Proof() const {
  PageProof proof = MakePageProof(name_, policy_, sys::ReadPageBacking(data(), bytes_),
                                  sys::SamplePageFlags(data(), bytes_, kProofSamplePages));
  proof.node_pages = sys::SampleNodes(data(), bytes_, kProofSamplePages);
  return proof;
}

void SourceBuffer::Configure(std::uint64_t bytes, std::uint64_t offset, PagePolicy policy, SourcePrefault prefault) {
  bytes_ = bytes;
  offset_ = offset;
  policy_ = policy;
  prefault_ = prefault;
  Remap();
}

void SourceBuffer::Remap() {
  buffer_ = Buffer();
  buffer_ = Buffer("src", bytes_, offset_, policy_);
  if (prefault_ == SourcePrefault::kRead) buffer_.Prefault(sys::Prefault::kRead);
  // A pattern, not zeros: a page of zeros written is still a real page, but
  // a non-zero one can never be mistaken for the zero page.
  if (prefault_ == SourcePrefault::kWrite) std::memset(buffer_.data(), 0x5a, bytes_);
}

void DestinationBuffer::Configure(std::uint64_t bytes, std::uint64_t offset, PagePolicy policy,
                                  sys::Prefault prefault) {
  bytes_ = bytes;
  offset_ = offset;
  policy_ = policy;
  prefault_ = prefault;
  if (!fresh_each_sample()) Remap();
}

void DestinationBuffer::Remap() {
  buffer_ = Buffer();
  buffer_ = Buffer("dst", bytes_, offset_, policy_);
  prefault_note_ = buffer_.Prefault(prefault_);
}

std::vector<std::string> DestinationBuffer::Notes() const {
  if (prefault_note_.empty()) return {};
  return {prefault_note_};
}

}  // namespace membench
