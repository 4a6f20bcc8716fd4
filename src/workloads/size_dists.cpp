// File: workloads/size_dists.cpp
#include "workloads/size_dists.h"

#include <fmt/format.h>

#include "core/error.h"
#include "sys/files.h"

namespace membench {

const std::vector<ShippedSizeDistribution>& ShippedSizeDistributions() {
  // The share of calls per size, in percent, from the frequency tables of
  // glibc's benchtests (bench-memcpy-random.c and bench-memset-random.c,
  // "based on SPEC2017", sizes under 4096 bytes): the most common sizes as
  // they are, every other call spread uniformly over its power-of-two range
  // (our summary of the tables, not the tables), and the alignment shares.
  static const std::vector<ShippedSizeDistribution> shipped = {
      {"spec2017-memcpy",
       "memcpy calls under 4 KiB in SPEC CPU2017, after glibc's bench-memcpy-random: 77% of calls at most 32 bytes",
       R"(# memcpy sizes in SPEC CPU2017 (glibc benchtests/bench-memcpy-random.c), percent of calls
32,34.1
16,14.6
8,13.6
152,8.1
4,3.3
1..3,1.9
5..7,1.9
9..15,4.5
17..31,2.9
33..63,0.4
64..127,2.8
128..255,1.9
256..511,5.3
512..1023,2.3
1024..2047,1.9
2048..4095,0.5
align 8,29.3
align 16,28.5
align 32,16.4
align 64,14.9
align 4,7.7
align 1,1.8
align 2,1.4
)"},
      {"spec2017-memset",
       "memset calls under 4 KiB in SPEC CPU2017, after glibc's bench-memset-random: 88% of calls at most 64 bytes",
       R"(# memset sizes in SPEC CPU2017 (glibc benchtests/bench-memset-random.c), percent of calls
40,44.0
32,23.4
16,5.8
296,5.4
24,5.3
0,0.2
1..7,1.1
8..15,5.1
17..31,0.8
33..63,1.9
64..127,2.2
128..255,0.1
256..511,3.4
512..4095,1.0
align 16,33.0
align 8,30.0
align 32,14.5
align 64,12.8
)"},
  };
  return shipped;
}

SizeDistribution LoadSizeDistribution(const std::string& name_or_path) {
  for (const ShippedSizeDistribution& d : ShippedSizeDistributions()) {
    if (d.name == name_or_path) return SizeDistribution::Parse(d.text, d.name);
  }
  const std::optional<std::string> text = sys::ReadFile(name_or_path);
  if (!text) {
    std::string names;
    for (const ShippedSizeDistribution& d : ShippedSizeDistributions()) names += (names.empty() ? "" : ", ") + d.name;
    throw Error(fmt::format("--size-dist {}: neither a distribution membench ships ({}) nor a readable file",
                            name_or_path, names));
  }
  return SizeDistribution::Parse(*text, name_or_path);
}

}  // namespace membench
