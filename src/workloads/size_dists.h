// File: workloads/size_dists.h
// The size distributions --size-dist takes by name, written from published
// figures (docs/size-distributions.md cites each), and the loading of one
// by name or from a file in the format of core/size_distribution.h.
#pragma once

#include <string>
#include <vector>

#include "core/size_distribution.h"

namespace membench {

struct ShippedSizeDistribution {
  std::string name;
  std::string summary;
  std::string text;  // in the file format
};

const std::vector<ShippedSizeDistribution>& ShippedSizeDistributions();

// A shipped distribution's name, or a file's path; throws Error naming the
// shipped ones when it is neither.
SizeDistribution LoadSizeDistribution(const std::string& name_or_path);

}  // namespace membench
