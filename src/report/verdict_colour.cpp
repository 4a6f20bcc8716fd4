// File: report/verdict_colour.cpp
#include "report/verdict_colour.h"

namespace membench {

std::string ColouredVerdict(const std::string& words, Finding finding, bool colour) {
  if (!colour) return words;
  // The words, not the colour, carry the meaning: colour only helps the
  // eye find them.
  switch (finding) {
    case Finding::kWorse:
      return "\033[31m" + words + "\033[0m";
    case Finding::kBetter:
      return "\033[32m" + words + "\033[0m";
    case Finding::kInvocationsDiffer:
    case Finding::kChanged:
      return "\033[33m" + words + "\033[0m";
    case Finding::kNoChange:
    case Finding::kInconclusive:
      break;
  }
  return words;
}

}  // namespace membench
