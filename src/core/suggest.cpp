// File: core/suggest.cpp
#include "core/suggest.h"

#include <algorithm>
#include <cctype>

namespace membench {
namespace {

void LowerInto(const std::string& s, std::string& out) {
  out.assign(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Edit distance of a and b, or `limit` when it is at least `limit`: an
// unknown event name is compared with thousands of libpfm4 names, and
// almost all of them are far off, so a row that cannot come under the
// limit any more ends the comparison.
// `row` is scratch space, kept by the caller across candidates.
std::size_t BoundedDistance(const std::string& a, const std::string& b, std::size_t limit,
                            std::vector<std::size_t>& row) {
  const std::size_t length_gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (length_gap >= limit) return limit;
  row.resize(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    std::size_t row_min = row[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
      row_min = std::min(row_min, row[j]);
    }
    if (row_min >= limit) return limit;
  }
  return std::min(row[b.size()], limit);
}

}  // namespace

std::string ClosestName(const std::string& name, const std::vector<std::string>& candidates) {
  std::string wanted;
  LowerInto(name, wanted);
  std::string best;
  std::string candidate;
  std::vector<std::size_t> row;
  std::size_t best_distance = std::max<std::size_t>(3, name.size() / 3) + 1;
  for (const auto& c : candidates) {
    LowerInto(c, candidate);
    const std::size_t d = BoundedDistance(wanted, candidate, best_distance, row);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace membench
