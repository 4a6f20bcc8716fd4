// File: report/metadata_diff.h
// What differs between the machines and settings of two sides of a
// comparison: the kernel (what a kernel A/B changes on purpose), and
// everything else that would explain a change as well (command line, THP,
// microcode, governor, boost, CPU, memory...), which compare warns about.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

namespace membench {

struct MetadataDifference {
  std::string field;  // "kernel_release", "thp.enabled", "label.commit"
  std::string a;      // the side's values; several joined by " | "
  std::string b;
  bool expected = false;  // the kernel, its boot, the user's labels
};

// Field -> value, for one run; the fields a kernel A/B changes on purpose
// (kernel, boot) first.
std::vector<std::pair<std::string, std::string>> MetadataFields(const RunResult& r);

std::vector<MetadataDifference> DifferingMetadata(const std::vector<RunResult>& a, const std::vector<RunResult>& b);

// The table of differences and, where something besides the kernel
// differs, a warning naming it; one line saying so when the sides agree.
void WriteMetadataDifferences(const std::vector<MetadataDifference>& differences, std::ostream& out);

nlohmann::json MetadataDifferencesToJson(const std::vector<MetadataDifference>& differences);

}  // namespace membench
