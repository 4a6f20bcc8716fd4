// File: report/page_word.cpp
#include "report/page_word.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace membench {
namespace {

// One region's split ("100.0% 4K", "95.0% THP, 5.0% 4K", "100% 2M",
// "100% hugetlb 2 MiB", "none resident") by its largest kind: huge pages
// with their share, the rest by name.
std::string SplitWord(const std::string& split) {
  const std::size_t percent = split.find("% ");
  if (percent == std::string::npos) return split.substr(0, split.find(" ("));
  const double share = std::strtod(split.c_str(), nullptr);
  std::string kind = split.substr(percent + 2);
  kind = kind.substr(0, kind.find_first_of(",("));
  while (!kind.empty() && kind.back() == ' ') kind.pop_back();
  // The PMD size ("2M"; "32M" or "512M" on arm64) is THP's.
  const bool pmd_size = !kind.empty() && std::isdigit(static_cast<unsigned char>(kind.front())) &&
                        (kind.back() == 'M' || kind.back() == 'G');
  if (pmd_size || kind == "THP") return fmt::format("THP {:.0f}%", share);
  if (kind == "huge zero page") kind = "huge zero";
  if (share >= 99.95) return kind;
  return fmt::format("{} {:.0f}%", kind, share);
}

}  // namespace

std::string PageWord(const std::vector<PageProof>& proofs) {
  if (proofs.empty()) return "-";
  for (const PageProof& p : proofs) {
    if (!p.verified) return "unverified";
  }
  for (const PageProof& p : proofs) {
    if (!p.honoured) return "NOT " + p.requested;
  }
  std::vector<std::string> words;
  for (const PageProof& p : proofs) {
    const std::string word = SplitWord(p.split);
    if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  }
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : "/") + w;
  return out;
}

}  // namespace membench
