// File: sys/events.cpp
#include "sys/events.h"

#include <linux/perf_event.h>
#include <perfmon/pfmlib_perf_event.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>

#include "core/error.h"
#include "core/suggest.h"
#include "sys/files.h"
#include "sys/tracefs.h"

namespace membench::sys {
namespace {

struct GenericEvent {
  const char* name;
  std::uint32_t type;
  std::uint64_t config;
  const char* description;
};

// perf's generic names (tools/perf/util/parse-events.c), with their aliases.
const std::vector<GenericEvent>& GenericEvents() {
  static const std::vector<GenericEvent> events = {
      {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "core cycles"},
      {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "core cycles"},
      {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "retired instructions"},
      {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES, "last-level cache accesses"},
      {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, "last-level cache misses"},
      {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "retired branches"},
      {"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "retired branches"},
      {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, "mispredicted branches"},
      {"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES, "bus cycles"},
      {"stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
       "cycles the front end delivered nothing"},
      {"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
       "cycles the back end retired nothing"},
      {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES, "reference (nominal-frequency) cycles"},
      {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, "CPU clock (ns)"},
      {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "CPU time of this task (ns)"},
      {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page faults"},
      {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page faults"},
      {"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN, "faults without I/O"},
      {"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ, "faults with I/O"},
      {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context switches"},
      {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context switches"},
      {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "moves to another CPU"},
      {"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "moves to another CPU"},
      {"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS, "alignment faults"},
      {"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS, "emulation faults"},
  };
  return events;
}

struct CacheName {
  const char* name;
  std::uint64_t id;
};

// perf's hardware-cache names: <cache>-<op>[-misses], e.g. dTLB-load-misses.
constexpr CacheName kCaches[] = {{"L1-dcache", PERF_COUNT_HW_CACHE_L1D}, {"L1-icache", PERF_COUNT_HW_CACHE_L1I},
                                 {"LLC", PERF_COUNT_HW_CACHE_LL},        {"dTLB", PERF_COUNT_HW_CACHE_DTLB},
                                 {"iTLB", PERF_COUNT_HW_CACHE_ITLB},     {"branch", PERF_COUNT_HW_CACHE_BPU},
                                 {"node", PERF_COUNT_HW_CACHE_NODE}};
constexpr CacheName kCacheOps[] = {{"load", PERF_COUNT_HW_CACHE_OP_READ},
                                   {"store", PERF_COUNT_HW_CACHE_OP_WRITE},
                                   {"prefetch", PERF_COUNT_HW_CACHE_OP_PREFETCH}};

struct CacheEvent {
  std::string name;
  std::uint64_t config;
};

const std::vector<CacheEvent>& CacheEvents() {
  static const std::vector<CacheEvent> events = [] {
    std::vector<CacheEvent> out;
    for (const auto& cache : kCaches) {
      for (const auto& op : kCacheOps) {
        const std::uint64_t base = cache.id | (op.id << 8);
        out.push_back(
            {std::string(cache.name) + "-" + op.name + "s", base | (PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16)});
        out.push_back(
            {std::string(cache.name) + "-" + op.name + "-misses", base | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16)});
      }
    }
    return out;
  }();
  return events;
}

bool InitPfm() {
  static const bool ok = pfm_initialize() == PFM_SUCCESS;
  return ok;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Splits "name:u" into ("name", kUser). Tracepoints and libpfm4 umasks also
// contain colons, so only a trailing u, k, uk or ku counts as a modifier.
std::pair<std::string, CountMode> SplitModifier(const std::string& spec) {
  const auto colon = spec.rfind(':');
  if (colon == std::string::npos) return {spec, CountMode::kDefault};
  const std::string mod = spec.substr(colon + 1);
  const std::string base = spec.substr(0, colon);
  if (mod == "u") return {base, CountMode::kUser};
  if (mod == "k") return {base, CountMode::kKernel};
  if (mod == "uk" || mod == "ku") return {base, CountMode::kUserKernel};
  return {spec, CountMode::kDefault};
}

std::optional<EventEncoding> FromGeneric(const std::string& name) {
  for (const auto& e : GenericEvents()) {
    if (name == e.name) {
      EventEncoding enc;
      enc.source = e.type == PERF_TYPE_SOFTWARE ? "software" : "hardware";
      enc.type = e.type;
      enc.config = e.config;
      return enc;
    }
  }
  for (const auto& e : CacheEvents()) {
    if (name == e.name) {
      EventEncoding enc;
      enc.source = "cache";
      enc.type = PERF_TYPE_HW_CACHE;
      enc.config = e.config;
      return enc;
    }
  }
  return std::nullopt;
}

// subsys:name, one colon, the subsystem in lower case (libpfm4's
// EVENT:UMASK names are upper case).
bool TracepointSyntax(const std::string& name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos || name.find(':', colon + 1) != std::string::npos) return false;
  const std::string subsys = name.substr(0, colon);
  return !subsys.empty() && colon + 1 < name.size() && Lower(subsys) == subsys;
}

// Every tracepoint under `root`, as "subsystem:event", sorted. Read once per
// tracefs root: the walk opens thousands of directories, and a run (or a
// fuzzer) that names unknown tracepoints would pay it for each.
const std::vector<std::string>& TracepointNames(const std::string& root) {
  static std::map<std::string, std::vector<std::string>> by_root;
  const auto known = by_root.find(root);
  if (known != by_root.end()) return known->second;
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& sub : std::filesystem::directory_iterator(root + "/events", ec)) {
    if (!sub.is_directory()) continue;
    for (const auto& ev : std::filesystem::directory_iterator(sub.path(), ec)) {
      if (ev.is_directory()) names.push_back(sub.path().filename().string() + ":" + ev.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return by_root.emplace(root, std::move(names)).first->second;
}

// The tracepoint to suggest for an unknown `subsys:event`: the closest
// event of that subsystem where the subsystem exists (a misspelt event),
// else the closest of all (a misspelt subsystem).
std::string ClosestTracepoint(const std::string& root, const std::string& subsys, const std::string& name) {
  const std::vector<std::string>& all = TracepointNames(root);
  const std::string prefix = subsys + ":";
  const auto first = std::lower_bound(all.begin(), all.end(), prefix);
  auto last = first;
  while (last != all.end() && last->compare(0, prefix.size(), prefix) == 0) ++last;
  if (first == last) return ClosestName(name, all);
  return ClosestName(name, std::vector<std::string>(first, last));
}

std::optional<EventEncoding> FromTracepoint(const std::string& name) {
  if (!TracepointSyntax(name)) return std::nullopt;
  const auto colon = name.find(':');
  const std::string subsys = name.substr(0, colon);
  const std::string event = name.substr(colon + 1);
  EventEncoding enc;
  enc.source = "tracepoint";
  enc.type = PERF_TYPE_TRACEPOINT;
  const std::string root = TracefsRoot();
  if (root.empty()) {
    enc.unsupported_reason = IsRoot() ? "tracefs is not available on this kernel"
                                      : "tracefs is not readable (run as root, which mounts it for the run, or "
                                        "mount it: mount -t tracefs nodev /sys/kernel/tracing)";
    return enc;
  }
  const auto id = ReadInteger(root + "/events/" + subsys + "/" + event + "/id");
  if (!id) {
    const std::string guess = ClosestTracepoint(root, subsys, name);
    throw Error("unknown tracepoint '" + name + "' (not in " + root + "/events)" +
                (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
  }
  enc.config = static_cast<std::uint64_t>(*id);
  return enc;
}

// The events of the PMUs libpfm4 knows but this machine lacks, by lower-case
// name, with why they cannot be counted here. Built once: walking every
// PMU's tables takes milliseconds, and every unknown name would pay it.
const std::map<std::string, std::string>& AbsentPmuEvents() {
  static const std::map<std::string, std::string> events = [] {
    std::map<std::string, std::string> out;
    for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; ++p) {
      pfm_pmu_info_t pinfo{};
      pinfo.size = sizeof pinfo;
      if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(p), &pinfo) != PFM_SUCCESS || pinfo.is_present) continue;
      const std::string reason = std::string("libpfm4 knows it for the ") + pinfo.name + " PMU (" +
                                 (pinfo.desc ? pinfo.desc : "") + "), which this machine does not have";
      for (int idx = pinfo.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
        pfm_event_info_t einfo{};
        einfo.size = sizeof einfo;
        if (pfm_get_event_info(idx, PFM_OS_NONE, &einfo) != PFM_SUCCESS) break;
        out.emplace(Lower(einfo.name), reason);  // the first PMU that knows it names it
      }
    }
    return out;
  }();
  return events;
}

// Names are searched in the PMUs libpfm4 finds on this machine; a name that
// only an absent PMU knows is valid but unsupported here.
std::optional<EventEncoding> FromLibpfm(const std::string& name) {
  if (!InitPfm()) return std::nullopt;
  auto try_encode = [](const std::string& n) -> std::optional<EventEncoding> {
    perf_event_attr attr{};
    pfm_perf_encode_arg_t arg{};
    arg.attr = &attr;
    arg.size = sizeof arg;
    if (pfm_get_os_event_encoding(n.c_str(), PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg) != PFM_SUCCESS) {
      return std::nullopt;
    }
    EventEncoding enc;
    enc.source = "libpfm4";
    enc.type = attr.type;
    enc.config = attr.config;
    enc.config1 = attr.config1;
    enc.config2 = attr.config2;
    return enc;
  };
  // The Intel manuals write EVENT.UMASK; libpfm4 writes EVENT:UMASK.
  std::string alt = name;
  if (const auto dot = alt.find('.'); dot != std::string::npos) alt[dot] = ':';
  if (auto enc = try_encode(name)) return enc;
  if (auto enc = try_encode(alt)) return enc;
  const auto& absent = AbsentPmuEvents();
  const auto found = absent.find(Lower(alt.substr(0, alt.find(':'))));
  if (found == absent.end()) return std::nullopt;
  EventEncoding enc;
  enc.source = "libpfm4";
  enc.unsupported_reason = found->second;
  return enc;
}

std::vector<std::string> AllGenericNames() {
  std::vector<std::string> names;
  for (const auto& set : EventSets()) names.push_back(set.name);
  for (const auto& e : GenericEvents()) names.emplace_back(e.name);
  for (const auto& e : CacheEvents()) names.push_back(e.name);
  return names;
}

}  // namespace

const std::vector<EventSet>& EventSets() {
  // default: perf stat's set (tools/perf/builtin-stat.c); tlb and cache: the
  // counters of the huge-zero-page thread (seed 000).
  static const std::vector<EventSet> sets = {
      {"default",
       "perf stat's default set",
       {"task-clock", "context-switches", "cpu-migrations", "page-faults", "cycles", "stalled-cycles-frontend",
        "stalled-cycles-backend", "instructions", "branches", "branch-misses"}},
      {"tlb",
       "data and instruction TLB accesses and misses",
       {"dTLB-loads", "dTLB-load-misses", "iTLB-loads", "iTLB-load-misses"}},
      {"cache",
       "L1 data and last-level cache loads and misses",
       {"L1-dcache-loads", "L1-dcache-load-misses", "LLC-loads", "LLC-load-misses", "cache-references",
        "cache-misses"}},
      {"branch", "branches and mispredictions", {"branches", "branch-misses"}},
      {"faults", "page faults, minor and major", {"page-faults", "minor-faults", "major-faults"}},
  };
  return sets;
}

const std::vector<std::string>& DefaultEventNames() { return EventSets().front().events; }

EventEncoding ResolveEvent(const std::string& spec) {
  auto [base, mode] = SplitModifier(spec);
  std::optional<EventEncoding> enc = FromGeneric(base);
  if (!enc) enc = FromTracepoint(base);
  if (!enc) enc = FromLibpfm(base);
  if (!enc) {
    const std::string guess = ClosestName(base, AllGenericNames());
    throw Error("unknown event '" + spec + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
                " (membench list events shows what this machine has)");
  }
  enc->name = spec;
  enc->base_name = base;
  enc->mode = mode;
  return *enc;
}

namespace {

// Splits "a,{b,c},d" at the commas outside braces.
std::vector<std::string> SplitTopLevel(const std::string& list) {
  std::vector<std::string> items(1);
  int depth = 0;
  for (char c : list) {
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (depth < 0 || depth > 1) throw Error("unbalanced or nested braces in event list '" + list + "'");
    if (c == ',' && depth == 0) {
      items.emplace_back();
    } else {
      items.back() += c;
    }
  }
  if (depth != 0) throw Error("unbalanced braces in event list '" + list + "'");
  return items;
}

void AppendItem(const std::string& item, int group, const std::string& list, std::vector<EventEncoding>& out) {
  if (item.empty()) throw Error("empty event name in '" + list + "'");
  for (const auto& set : EventSets()) {
    if (item != set.name) continue;
    for (const auto& name : set.events) {
      EventEncoding enc = ResolveEvent(name);
      enc.hide_if_unsupported = set.name == "default" && name.rfind("stalled-cycles", 0) == 0;
      enc.group = group;
      out.push_back(enc);
    }
    return;
  }
  EventEncoding enc = ResolveEvent(item);
  enc.group = group;
  out.push_back(enc);
}

}  // namespace

std::vector<EventEncoding> ResolveEventList(const std::string& list) {
  std::vector<EventEncoding> out;
  int groups = 0;
  for (const std::string& item : SplitTopLevel(list)) {
    if (item.size() >= 2 && item.front() == '{' && item.back() == '}') {
      ++groups;
      for (const std::string& member : SplitTopLevel(item.substr(1, item.size() - 2))) {
        AppendItem(member, groups, list, out);
      }
    } else if (item.find_first_of("{}") != std::string::npos) {
      throw Error("malformed group '" + item + "' in event list '" + list + "' (write {a,b})");
    } else {
      AppendItem(item, 0, list, out);
    }
  }
  return out;
}

bool NamesTracepoints(const std::string& list) {
  for (std::string item : SplitTopLevel(list)) {
    if (item.size() >= 2 && item.front() == '{' && item.back() == '}') {
      if (NamesTracepoints(item.substr(1, item.size() - 2))) return true;
      continue;
    }
    if (TracepointSyntax(SplitModifier(item).first)) return true;
  }
  return false;
}

std::vector<EventListing> ListKnownEvents() {
  std::vector<EventListing> out;
  for (const auto& e : GenericEvents()) {
    out.push_back({e.name, e.type == PERF_TYPE_SOFTWARE ? "software" : "hardware", e.description});
  }
  for (const auto& e : CacheEvents()) out.push_back({e.name, "cache", "hardware cache event"});
  if (InitPfm()) {
    for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; ++p) {
      pfm_pmu_info_t pinfo{};
      pinfo.size = sizeof pinfo;
      if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(p), &pinfo) != PFM_SUCCESS || !pinfo.is_present) continue;
      // libpfm4's "perf" pseudo-PMUs repeat the generic names above.
      if (std::strncmp(pinfo.name, "perf", 4) == 0) continue;
      for (int idx = pinfo.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
        pfm_event_info_t einfo{};
        einfo.size = sizeof einfo;
        if (pfm_get_event_info(idx, PFM_OS_NONE, &einfo) != PFM_SUCCESS) break;
        out.push_back({std::string(pinfo.name) + "::" + einfo.name, "libpfm4", einfo.desc ? einfo.desc : ""});
      }
    }
  }
  return out;
}

}  // namespace membench::sys
