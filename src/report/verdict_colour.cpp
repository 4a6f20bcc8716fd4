// File: report/verdict_colour.cpp
#include "report/verdict_colour.h"

namespace membench {

std::string ColouredVerdict(const std::string& verdict, bool colour) {
  if (!colour) return verdict;
  const auto says = [&](const char* word) { return verdict.find(word) != std::string::npos; };
  // The words, not the colour, carry the meaning: colour only helps the
  // eye find them.
  if (says("worse") || (says("slower") && !says("better"))) return "\033[31m" + verdict + "\033[0m";
  if (says("better") || says("faster")) return "\033[32m" + verdict + "\033[0m";
  if (says("invocations differ")) return "\033[33m" + verdict + "\033[0m";
  return verdict;
}

}  // namespace membench
