// File: core/page_proof.cpp
#include "core/page_proof.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/units.h"

namespace membench {

namespace {

std::string Pct(std::uint64_t part, std::uint64_t whole) {
  return fmt::format("{:.1f}%", whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

// "100.0% THP", "87.5% THP, 12.5% 4K", "100.0% huge zero page"; shares of the
// present pages, the absent ones said apart.
// KPF_THP does not tell a folio's size: what an mTHP run finds is of the one
// size it left enabled.
// "4K", "64K", "2M", "512M": a page size as the splits name it.
std::string PageLabel(std::uint64_t bytes) {
  std::string label = PageSizeName(bytes);
  std::transform(label.begin(), label.end(), label.begin(), [](unsigned char ch) { return std::toupper(ch); });
  return label;
}

std::string DescribeFlags(const PageFlagCounts& c, PagePolicy requested, const std::string& base_label) {
  const std::uint64_t present = c.sampled - c.not_present;
  std::string out;
  const std::string thp_name = requested.kind == PagePolicy::Kind::kMthp
                                   ? "mTHP " + PageSizeName(requested.page_bytes) + " (PTE-mapped)"
                                   : std::string("THP");
  const std::pair<std::uint64_t, const char*> kinds[] = {
      {c.thp, thp_name.c_str()}, {c.hugetlb, "hugetlb"}, {c.huge_zero, "huge zero page"}, {c.zero, "zero page"}, {c.normal, base_label.c_str()}};
  for (const auto& [count, name] : kinds) {
    if (count != 0) out += (out.empty() ? "" : ", ") + Pct(count, present) + " " + name;
  }
  if (out.empty()) out = "none present";
  if (c.not_present != 0 && present != 0)
    out += fmt::format(" ({} of pages not present)", Pct(c.not_present, c.sampled));
  return out;
}

}  // namespace

PageProof MakePageProof(const std::string& region, PagePolicy requested, const PageBacking& backing,
                        const PageFlagSample& flags) {
  PageProof proof;
  proof.region = region;
  proof.requested = PagePolicyName(requested);
  proof.mapped_bytes = backing.mapped_bytes;
  proof.resident_bytes = backing.resident_bytes;
  proof.huge_bytes = backing.anon_huge_bytes;
  if (flags.counts) {
    const PageFlagCounts& c = *flags.counts;
    const std::uint64_t present = c.sampled - c.not_present;
    const std::uint64_t huge = c.thp + c.huge_zero;
    proof.method = "pagemap";
    proof.flags = c;
    proof.huge_pct = present == 0 ? 0 : 100.0 * static_cast<double>(huge) / static_cast<double>(present);
    // A region under the PMD size cannot hold a huge page: no request to honour.
    const bool too_small = backing.found && backing.mapped_bytes < backing.pmd_bytes;
    if (requested == PagePolicy::kThp) {
      proof.honoured = present == 0 || proof.huge_pct >= kThpHonouredPct || too_small;
    }
    // KPF_THP marks every large anonymous folio; with the PMD size off for
    // the run, a THP page here is one of the requested mTHP size, and smaps'
    // AnonHugePages (PMD mappings only) must stay 0.
    if (requested.kind == PagePolicy::Kind::kMthp) {
      proof.honoured = (present == 0 || proof.huge_pct >= kThpHonouredPct) && backing.anon_huge_bytes == 0;
    }
    if (requested == PagePolicy::k4k) proof.honoured = huge == 0;
    if (HugetlbPageBytes(requested) != 0) proof.honoured = c.hugetlb == present;
    proof.split = DescribeFlags(c, requested, PageLabel(backing.base_page_bytes)) +
                  (requested == PagePolicy::kThp && too_small
                       ? " (under " + FormatSize(backing.pmd_bytes) + ": no THP)"
                       : "");
    proof.text = fmt::format("{}: {} requested, {} (pagemap, {} pages sampled; {} resident){}", region, proof.requested,
                             proof.split, c.sampled, FormatSize(backing.resident_bytes),
                             proof.honoured ? "" : "  <-- NOT HONOURED");
    return proof;
  }
  proof.method = "smaps";
  proof.method_note = flags.unavailable_reason;
  if (!backing.found) {
    proof.honoured = false;
    proof.split = "not found";
    proof.text = fmt::format("{}: {} requested, region not found in /proc/self/smaps", region, proof.requested);
    return proof;
  }
  if (const std::size_t page = HugetlbPageBytes(requested); page != 0) {
    // hugetlb pages are not in Rss; smaps counts them apart and gives the
    // VMA's page size.
    proof.honoured = backing.kernel_page_bytes == page;
    proof.huge_bytes = backing.hugetlb_bytes;
    proof.split = backing.hugetlb_bytes == 0 ? "none resident" : fmt::format("100% hugetlb {}", FormatSize(page));
    proof.text =
        fmt::format("{}: {} requested, {} ({} in hugetlb pages, smaps){}", region, proof.requested, proof.split,
                    FormatSize(backing.hugetlb_bytes), proof.honoured ? "" : "  <-- NOT HONOURED");
    return proof;
  }
  if (requested.kind == PagePolicy::Kind::kMthp && backing.anon_huge_bytes == 0) {
    // smaps counts only PMD mappings as huge; mTHP folios are invisible
    // there: neither honoured nor refused, unverified.
    proof.verified = false;
    proof.split = "unverified";
    proof.text = fmt::format(
        "{}: {} requested, unverified: smaps cannot see mTHP folios and the pagemap proof needs root ({} resident)",
        region, proof.requested, FormatSize(backing.resident_bytes));
    return proof;
  }
  if (backing.resident_bytes == 0) {
    proof.split = "none resident";
    proof.text = fmt::format("{}: {} requested, nothing resident (never touched)", region, proof.requested);
    return proof;
  }
  proof.huge_pct = 100.0 * static_cast<double>(backing.anon_huge_bytes) / static_cast<double>(backing.resident_bytes);
  if (requested == PagePolicy::kThp) {
    proof.honoured = proof.huge_pct >= kThpHonouredPct || backing.mapped_bytes < backing.pmd_bytes;
  }
  if (requested == PagePolicy::k4k) proof.honoured = backing.anon_huge_bytes == 0;
  if (backing.anon_huge_bytes == 0) {
    proof.split = "100% " + PageLabel(backing.base_page_bytes);
  } else if (backing.anon_huge_bytes == backing.resident_bytes) {
    proof.split = "100% " + PageLabel(backing.pmd_bytes);
  } else {
    proof.split = fmt::format("{:.1f}% {}, {:.1f}% {}", proof.huge_pct, PageLabel(backing.pmd_bytes),
                              100.0 - proof.huge_pct, PageLabel(backing.base_page_bytes));
  }
  proof.text = fmt::format("{}: {} requested, {} ({} resident, smaps){}", region, proof.requested, proof.split,
                           FormatSize(backing.resident_bytes), proof.honoured ? "" : "  <-- NOT HONOURED");
  return proof;
}

std::string MainPageKind(const PageProof& proof) {
  const auto dominant = [](std::uint64_t part, std::uint64_t whole) {
    return whole != 0 && 100.0 * static_cast<double>(part) / static_cast<double>(whole) >= kThpHonouredPct;
  };
  if (proof.flags) {
    const PageFlagCounts& c = *proof.flags;
    const std::uint64_t present = c.sampled - c.not_present;
    if (present == 0) return "none present";
    const std::pair<std::uint64_t, const char*> kinds[] = {{c.normal, "4K"},
                                                           {c.thp, "THP"},
                                                           {c.hugetlb, "hugetlb"},
                                                           {c.zero, "zero page"},
                                                           {c.huge_zero, "huge zero page"}};
    for (const auto& [count, name] : kinds) {
      if (dominant(count, present)) return name;
    }
    return "";
  }
  if (!proof.verified || proof.resident_bytes == 0) return "";
  if (proof.requested.starts_with("hugetlb")) return proof.honoured ? "hugetlb" : "";
  if (dominant(proof.huge_bytes, proof.resident_bytes)) return "THP";
  return proof.huge_bytes == 0 ? "4K" : "";
}

}  // namespace membench
