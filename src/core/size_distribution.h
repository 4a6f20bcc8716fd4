// File: core/size_distribution.h
// Sizes (and alignments) to draw calls of memcpy or memset from, as the
// programs that make those calls produce them, instead of one fixed size.
// The format (docs/size-distributions.md), one item a line, '#' comments:
//
//   32,34.1          size 32 bytes in 34.1 parts of the calls
//   1K..4K,2.5       a size drawn uniformly from 1 KiB to 4 KiB inclusive
//   align 16,28.5    addresses aligned to 16 bytes in 28.5 parts of the calls
//
// Weights need not sum to 100; they are normalised. Without align lines,
// addresses take any byte. Pure: tested with synthetic text.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace membench {

struct SizeRange {
  std::uint64_t low = 0;
  std::uint64_t high = 0;  // inclusive
  double weight = 0;
};

struct AlignmentShare {
  std::uint64_t bytes = 1;  // a power of two
  double weight = 0;
};

class SizeDistribution {
 public:
  // Throws Error naming `origin` and the line for anything malformed: a
  // bad size or weight, a reversed range, an alignment that is not a power
  // of two, negative weights, or no size with a positive weight.
  static SizeDistribution Parse(const std::string& text, const std::string& origin);

  std::uint64_t Draw(std::mt19937_64& rng) const;
  std::uint64_t DrawAlignment(std::mt19937_64& rng) const;
  std::uint64_t Largest() const;
  std::uint64_t LargestAlignment() const;
  // The mean size, from the weights (each range's midpoint).
  double MeanSize() const;
  const std::vector<SizeRange>& sizes() const { return sizes_; }
  const std::vector<AlignmentShare>& alignments() const { return alignments_; }

 private:
  std::vector<SizeRange> sizes_;
  std::vector<AlignmentShare> alignments_;
  std::discrete_distribution<std::size_t> pick_size_;
  std::discrete_distribution<std::size_t> pick_alignment_;
};

}  // namespace membench
