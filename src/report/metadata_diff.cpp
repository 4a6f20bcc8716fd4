// File: report/metadata_diff.cpp
#include "report/metadata_diff.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <map>
#include <set>
#include <sstream>

namespace membench {
namespace {

// The kernel command line without BOOT_IMAGE=, which names the kernel
// image and so differs with the kernel itself.
std::string CmdlineWithoutImage(const std::string& cmdline) {
  std::istringstream in(cmdline);
  std::string word;
  std::string out;
  while (in >> word) {
    if (word.rfind("BOOT_IMAGE=", 0) == 0) continue;
    out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> MetadataFields(const RunResult& r) {
  const SystemInfo& s = r.system;
  std::vector<std::pair<std::string, std::string>> f = {
      {"kernel_release", s.kernel_release},
      {"kernel_version", s.kernel_version},
      {"boot_id", s.boot_id},
      {"kernel_cmdline", CmdlineWithoutImage(s.kernel_cmdline)},
      {"hostname", s.hostname},
      {"cpu_model", s.cpu_model},
      {"microcode", s.microcode},
      {"online_cpus", std::to_string(s.online_cpus)},
      {"mem_total_bytes", std::to_string(s.mem_total_bytes)},
      {"virtualization", s.hypervisor},
      {"free_page_reporting", s.free_page_reporting},
      {"cpufreq_governor", s.cpufreq_governor},
      {"cpufreq_driver", s.cpufreq_driver},
      {"cpu_boost", s.cpu_boost},
      {"perf_event_paranoid", std::to_string(s.perf_event_paranoid)},
      {"hardware_pmu", s.hardware_pmu ? "yes" : "no"},
      {"root", s.root ? "yes" : "no"},
      {"glibc_version", s.glibc_version},
      {"membench_version", r.tool_version},
  };
  for (const auto& [name, value] : s.thp) f.emplace_back("thp." + name, value);
  for (const auto& [size, pool] : s.hugetlb_pools) {
    if (pool.count("nr_hugepages")) f.emplace_back("hugetlb." + size, std::to_string(pool.at("nr_hugepages")));
  }
  for (const auto& [key, value] : r.labels) f.emplace_back("label." + key, value);
  return f;
}

namespace {

bool Expected(const std::string& field) {
  return field == "kernel_release" || field == "kernel_version" || field == "boot_id" || field.rfind("label.", 0) == 0;
}

std::string Joined(const std::set<std::string>& values) {
  std::string out;
  for (const auto& v : values) out += (out.empty() ? "" : " | ") + (v.empty() ? std::string("(none)") : v);
  return out.empty() ? "(none)" : out;
}

// Field -> every value the side's runs had; a field a run lacks counts as
// empty, so "label.commit" on one side only still shows.
std::map<std::string, std::set<std::string>> Values(const std::vector<RunResult>& runs,
                                                    const std::vector<std::string>& fields) {
  std::map<std::string, std::set<std::string>> out;
  for (const RunResult& r : runs) {
    std::map<std::string, std::string> mine;
    for (const auto& [field, value] : MetadataFields(r)) mine[field] = value;
    for (const auto& field : fields) out[field].insert(mine.count(field) ? mine[field] : "");
  }
  return out;
}

}  // namespace

std::vector<MetadataDifference> DifferingMetadata(const std::vector<RunResult>& a, const std::vector<RunResult>& b) {
  // Every field either side has, in the order the first run to have it lists them.
  std::vector<std::string> fields;
  for (const auto* side : {&a, &b}) {
    for (const RunResult& r : *side) {
      for (const auto& [field, value] : MetadataFields(r)) {
        if (std::find(fields.begin(), fields.end(), field) == fields.end()) fields.push_back(field);
      }
    }
  }
  const auto values_a = Values(a, fields);
  const auto values_b = Values(b, fields);
  std::vector<MetadataDifference> out;
  for (const auto& field : fields) {
    const auto& va = values_a.at(field);
    const auto& vb = values_b.at(field);
    if (va == vb && va.size() == 1) continue;
    out.push_back({field, Joined(va), Joined(vb), Expected(field)});
  }
  return out;
}

void WriteMetadataDifferences(const std::vector<MetadataDifference>& differences, std::ostream& out) {
  if (differences.empty()) {
    fmt::print(out,
               "# the sides' machines and settings do not differ (kernel, command line, THP, CPU, microcode...)\n");
    return;
  }
  fmt::print(out, "# what differs between the sides' machines and settings (several values: the side mixes them):\n");
  std::string unexpected;
  for (const auto& d : differences) {
    fmt::print(out, "#   {:<22} A: {}\n#   {:<22} B: {}\n", d.field, d.a, "", d.b);
    if (!d.expected) unexpected += (unexpected.empty() ? "" : ", ") + d.field;
  }
  if (!unexpected.empty()) {
    fmt::print(out,
               "# warning: besides the kernel, {} differ(s): a change below may come from that rather than from the "
               "kernel\n",
               unexpected);
  }
}

nlohmann::json MetadataDifferencesToJson(const std::vector<MetadataDifference>& differences) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : differences) {
    out.push_back({{"field", d.field}, {"a", d.a}, {"b", d.b}, {"expected", d.expected}});
  }
  return out;
}

}  // namespace membench
