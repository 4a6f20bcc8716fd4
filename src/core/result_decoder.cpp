// File: core/result_decoder.cpp
#include "core/result_decoder.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/hypervisor_name.h"
#include "core/result_encoder.h"

namespace membench {
namespace {

using nlohmann::json;

// Typed access to one file's JSON, every failure an Error that names the
// file and the field's path ("measurements[0].samples[3].wall_ns").
class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void Fail(const std::string& where, const std::string& what) const {
    throw Error(origin_ + ": " + where + " " + what);
  }

  const json& At(const json& object, const std::string& key, const std::string& where) const {
    if (!object.is_object() || !object.contains(key)) Fail(Join(where, key), "is missing");
    return object.at(key);
  }
  // Absent and null both mean "not given".
  const json* Find(const json& object, const std::string& key) const {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
  }

  double Number(const json& value, const std::string& where) const {
    if (!value.is_number()) Fail(where, "is not a number");
    const double v = value.get<double>();
    if (!std::isfinite(v)) Fail(where, "is not a finite number");
    return v;
  }
  std::int64_t Integer(const json& value, const std::string& where) const {
    if (value.is_number_integer()) return value.get<std::int64_t>();
    const double v = Number(value, where);
    if (v != std::floor(v) || std::fabs(v) > 9.2e18) Fail(where, "is not a whole number");
    return static_cast<std::int64_t>(v);
  }
  std::uint64_t Unsigned(const json& value, const std::string& where) const {
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    const std::int64_t v = Integer(value, where);
    if (v < 0) Fail(where, "is negative");
    return static_cast<std::uint64_t>(v);
  }
  std::string Text(const json& value, const std::string& where) const {
    if (!value.is_string()) Fail(where, "is not a string");
    return value.get<std::string>();
  }
  bool Flag(const json& value, const std::string& where) const {
    if (!value.is_boolean()) Fail(where, "is not true or false");
    return value.get<bool>();
  }
  const json& Array(const json& value, const std::string& where) const {
    if (!value.is_array()) Fail(where, "is not a list");
    return value;
  }
  const json& Object(const json& value, const std::string& where) const {
    if (!value.is_object()) Fail(where, "is not an object");
    return value;
  }

  // Optional fields: their default when absent or null.
  std::string TextOr(const json& object, const std::string& key, const std::string& where,
                     const std::string& fallback = "") const {
    const json* v = Find(object, key);
    return v ? Text(*v, Join(where, key)) : fallback;
  }
  bool FlagOr(const json& object, const std::string& key, const std::string& where, bool fallback = false) const {
    const json* v = Find(object, key);
    return v ? Flag(*v, Join(where, key)) : fallback;
  }
  std::uint64_t UnsignedOr(const json& object, const std::string& key, const std::string& where,
                           std::uint64_t fallback = 0) const {
    const json* v = Find(object, key);
    return v ? Unsigned(*v, Join(where, key)) : fallback;
  }
  std::int64_t IntegerOr(const json& object, const std::string& key, const std::string& where,
                         std::int64_t fallback = 0) const {
    const json* v = Find(object, key);
    return v ? Integer(*v, Join(where, key)) : fallback;
  }
  std::vector<std::string> Texts(const json& object, const std::string& key, const std::string& where) const {
    std::vector<std::string> out;
    const json* v = Find(object, key);
    if (!v) return out;
    const std::string at = Join(where, key);
    for (std::size_t i = 0; i < Array(*v, at).size(); ++i) out.push_back(Text((*v)[i], Index(at, i)));
    return out;
  }
  // An object of whole numbers: {"vmstat.pgfault": 12}.
  std::map<std::string, std::int64_t> IntegerMap(const json& object, const std::string& key,
                                                 const std::string& where) const {
    std::map<std::string, std::int64_t> out;
    const json* v = Find(object, key);
    if (!v) return out;
    const std::string at = Join(where, key);
    for (const auto& [name, value] : Object(*v, at).items()) out[name] = Integer(value, Join(at, name));
    return out;
  }
  std::vector<std::int64_t> Integers(const json& object, const std::string& key, const std::string& where) const {
    std::vector<std::int64_t> out;
    const json* v = Find(object, key);
    if (!v) return out;
    const std::string at = Join(where, key);
    for (std::size_t i = 0; i < Array(*v, at).size(); ++i) out.push_back(Integer((*v)[i], Index(at, i)));
    return out;
  }
  // Counts where null is one that could not be taken.
  std::vector<std::optional<std::uint64_t>> OptionalUnsigneds(const json& object, const std::string& key,
                                                              const std::string& where) const {
    std::vector<std::optional<std::uint64_t>> out;
    const json* v = Find(object, key);
    if (!v) return out;
    const std::string at = Join(where, key);
    for (std::size_t i = 0; i < Array(*v, at).size(); ++i) {
      const json& item = (*v)[i];
      out.push_back(item.is_null() ? std::nullopt : std::optional<std::uint64_t>(Unsigned(item, Index(at, i))));
    }
    return out;
  }

  static std::string Index(const std::string& where, std::size_t i) { return where + "[" + std::to_string(i) + "]"; }
  static std::string Join(const std::string& where, const std::string& key) {
    return where.empty() ? key : where + "." + key;
  }

 private:
  std::string origin_;
};

SystemInfo ReadSystem(const Reader& in, const json& s, const std::string& at) {
  SystemInfo out;
  out.hostname = in.TextOr(s, "hostname", at);
  out.kernel_release = in.TextOr(s, "kernel_release", at);
  out.kernel_version = in.TextOr(s, "kernel_version", at);
  out.kernel_cmdline = in.TextOr(s, "kernel_cmdline", at);
  out.boot_id = in.TextOr(s, "boot_id", at);
  out.boot_time = in.TextOr(s, "boot_time", at);
  out.machine = in.TextOr(s, "machine", at);
  out.cpu_vendor = in.TextOr(s, "cpu_vendor", at);
  out.cpu_model = in.TextOr(s, "cpu_model", at);
  out.microcode = in.TextOr(s, "microcode", at);
  out.cpu_features = in.Texts(s, "cpu_features", at);
  out.online_cpus = static_cast<int>(in.IntegerOr(s, "online_cpus", at));
  if (const json* caches = in.Find(s, "caches")) {
    for (std::size_t i = 0; i < in.Array(*caches, at + ".caches").size(); ++i) {
      const std::string where = Reader::Index(at + ".caches", i);
      out.caches.push_back({in.Text(in.At((*caches)[i], "name", where), where + ".name"),
                            in.Unsigned(in.At((*caches)[i], "bytes", where), where + ".bytes")});
    }
  } else if (const json* by_name = in.Find(s, "caches_bytes")) {
    for (const auto& [name, bytes] : by_name->items()) {
      out.caches.push_back({name, in.Unsigned(bytes, at + ".caches_bytes." + name)});
    }
  }
  out.caches_source = in.TextOr(s, "caches_source", at, out.caches_source);
  if (const json* thp = in.Find(s, "thp")) {
    for (const auto& [name, value] : thp->items()) out.thp[name] = in.Text(value, at + ".thp." + name);
  }
  if (const json* pools = in.Find(s, "hugetlb_pools")) {
    for (const auto& [size, pool] : pools->items()) {
      for (const auto& [key, value] : pool.items()) {
        out.hugetlb_pools[size][key] = in.Integer(value, at + ".hugetlb_pools." + size + "." + key);
      }
    }
  }
  out.glibc_version = in.TextOr(s, "glibc_version", at);
  out.perf_event_paranoid = static_cast<int>(in.IntegerOr(s, "perf_event_paranoid", at));
  out.hardware_pmu = in.FlagOr(s, "hardware_pmu", at);
  // Files before the names held CPUID's signature ("KVMKVMKVM").
  out.hypervisor = HypervisorName(in.TextOr(s, "virtualization", at));
  out.free_page_reporting = in.TextOr(s, "free_page_reporting", at);
  out.mem_total_bytes = in.UnsignedOr(s, "mem_total_bytes", at);
  out.mem_available_bytes = in.UnsignedOr(s, "mem_available_bytes", at);
  out.cpufreq_governor = in.TextOr(s, "cpufreq_governor", at);
  out.cpufreq_driver = in.TextOr(s, "cpufreq_driver", at);
  out.cpu_boost = in.TextOr(s, "cpu_boost", at);
  out.root = in.FlagOr(s, "root", at);
  return out;
}

EventStatus ReadEvent(const Reader& in, const json& e, const std::string& at) {
  EventStatus out;
  out.name = in.Text(in.At(e, "name", at), at + ".name");
  out.supported = in.FlagOr(e, "supported", at);
  out.reason = in.TextOr(e, "reason", at);
  out.counted_modes = in.TextOr(e, "counted_modes", at);
  out.in_group = in.FlagOr(e, "in_group", at);
  out.kernel_not_permitted = in.FlagOr(e, "kernel_not_permitted", at);
  out.hide_if_unsupported = in.FlagOr(e, "hide_if_unsupported", at);
  return out;
}

WorkUnit ReadUnit(const Reader& in, const json& object, const std::string& key, const std::string& at) {
  const std::string where = Reader::Join(at, key);
  const std::string unit = in.Text(in.At(object, key, at), where);
  try {
    return ParseWorkUnit(unit);
  } catch (const Error&) {
    in.Fail(where, "is not a unit membench knows ('" + unit + "')");
  }
}

Sample ReadSample(const Reader& in, const json& s, const std::string& at) {
  Sample out;
  out.invocation = static_cast<int>(in.IntegerOr(s, "invocation", at));
  out.wall_ns = in.Integer(in.At(s, "wall_ns", at), at + ".wall_ns");
  out.work = in.Unsigned(in.At(s, "work", at), at + ".work");
  out.loops = in.Unsigned(in.At(s, "loops", at), at + ".loops");
  out.tsc_ticks = in.UnsignedOr(s, "tsc_ticks", at);
  out.user_ns = in.IntegerOr(s, "user_ns", at);
  out.system_ns = in.IntegerOr(s, "system_ns", at);
  out.worker_wall_ns = in.Integers(s, "worker_wall_ns", at);
  out.start_skew_ns = in.IntegerOr(s, "start_skew_ns", at);
  out.phase_ns = in.Integers(s, "phase_ns", at);
  out.side_counts = in.OptionalUnsigneds(s, "side_counts", at);
  out.kernel_window_ns = in.IntegerOr(s, "kernel_window_ns", at);
  out.kernel_deltas = in.IntegerMap(s, "kernel_deltas", at);
  out.profile_samples = in.UnsignedOr(s, "profile_samples", at);
  out.profile_self = in.IntegerMap(s, "profile_self", at);
  if (const json* rate = in.Find(s, "program_rate")) {
    out.program_rate = in.Number(*rate, at + ".program_rate");
    if (!(*out.program_rate > 0)) in.Fail(at + ".program_rate", "is not a positive rate");
  }
  if (const json* counters = in.Find(s, "counters")) {
    const std::string where = at + ".counters";
    for (std::size_t i = 0; i < in.Array(*counters, where).size(); ++i) {
      const json& c = (*counters)[i];
      const std::string ci = Reader::Index(where, i);
      if (c.is_null()) {
        out.counters.emplace_back(std::nullopt);
        continue;
      }
      CounterValue v = MakeCounterValue(in.Unsigned(in.At(c, "value", ci), ci + ".value"),
                                        in.Unsigned(in.At(c, "enabled_ns", ci), ci + ".enabled_ns"),
                                        in.Unsigned(in.At(c, "running_ns", ci), ci + ".running_ns"));
      // A team's value is the sum of each worker's scaled one: kept as written.
      if (const json* scaled = in.Find(c, "scaled")) v.scaled = in.Number(*scaled, ci + ".scaled");
      out.counters.emplace_back(v);
    }
  }
  return out;
}

// The buckets alone: the percentiles beside them are derived.
LatencyDistribution ReadLatency(const Reader& in, const json& l, const std::string& at) {
  LatencyDistribution d;
  d.what = in.TextOr(l, "what", at);
  if (const json* overhead = in.Find(l, "overhead_ns")) d.overhead_ns = in.Number(*overhead, at + ".overhead_ns");
  const std::string where = at + ".buckets";
  const json& buckets = in.Array(in.At(l, "buckets", at), where);
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const std::string bucket = Reader::Index(where, i);
    const json& b = in.Array(buckets[i], bucket);
    if (b.size() != 3) in.Fail(bucket, "is not [low_ns, high_ns, count]");
    LatencyBucket out{in.Number(b[0], bucket), in.Number(b[1], bucket), in.Unsigned(b[2], bucket)};
    if (!(out.low_ns >= 0 && out.low_ns < out.high_ns && std::isfinite(out.high_ns))) {
      in.Fail(bucket, "is not a bucket [low_ns, high_ns) of latencies 0 <= low < high");
    }
    d.buckets.push_back(out);
  }
  // Files written before the fixed grid kept each preparation's buckets at
  // its own timer rate: overlapping, and in no one order.
  if (PutOnGrid(d.buckets)) {
    d.what +=
        " (the file's buckets were not on the fixed nanosecond grid: each was moved to the grid bucket of its "
        "middle, so a percentile may be off by a bucket's width, 1/16 of its value)";
  }
  return d;
}

PageProof ReadProof(const Reader& in, const json& p, const std::string& at) {
  PageProof out;
  out.region = in.TextOr(p, "region", at);
  out.requested = in.TextOr(p, "requested", at);
  out.method = in.TextOr(p, "method", at);
  out.method_note = in.TextOr(p, "method_note", at);
  out.mapped_bytes = in.UnsignedOr(p, "mapped_bytes", at);
  out.resident_bytes = in.UnsignedOr(p, "resident_bytes", at);
  out.huge_bytes = in.UnsignedOr(p, "huge_bytes", at);
  if (const json* pct = in.Find(p, "huge_pct")) out.huge_pct = in.Number(*pct, at + ".huge_pct");
  if (const json* f = in.Find(p, "page_flags")) {
    const std::string where = at + ".page_flags";
    PageFlagCounts c;
    c.sampled = in.UnsignedOr(*f, "sampled_pages", where);
    c.not_present = in.UnsignedOr(*f, "not_present", where);
    c.normal = in.UnsignedOr(*f, "normal_4k", where);
    c.thp = in.UnsignedOr(*f, "thp", where);
    c.hugetlb = in.UnsignedOr(*f, "hugetlb", where);
    c.zero = in.UnsignedOr(*f, "zero_page", where);
    c.huge_zero = in.UnsignedOr(*f, "huge_zero_page", where);
    out.flags = c;
  }
  out.honoured = in.FlagOr(p, "honoured", at, true);
  out.verified = in.FlagOr(p, "verified", at, true);
  out.split = in.TextOr(p, "split", at);
  for (const auto& [node, pages] : in.IntegerMap(p, "node_pages", at)) {
    const std::string where = at + ".node_pages." + node;
    int number = -1;
    const auto [end, error] = std::from_chars(node.data(), node.data() + node.size(), number);
    if (error != std::errc() || end != node.data() + node.size() || number < 0) in.Fail(where, "is not a node number");
    if (pages < 0) in.Fail(where, "is negative");
    out.node_pages[number] = static_cast<std::uint64_t>(pages);
  }
  out.nodes_requested = in.TextOr(p, "nodes_requested", at);
  out.nodes_honoured = in.FlagOr(p, "nodes_honoured", at, true);
  out.text = in.TextOr(p, "text", at);
  return out;
}

SummaryFigure ReadFigure(const Reader& in, const std::string& name, const std::string& at) {
  for (const SummaryFigure f :
       {SummaryFigure::kMicrosPerOp, SummaryFigure::kMicrosPerFault, SummaryFigure::kMegabytesPerSecond}) {
    if (name == SummaryFigureName(f)) return f;
  }
  in.Fail(at, "is not a summary figure ('" + name + "')");
}

Point ReadPoint(const Reader& in, const json& m, const std::string& at) {
  Point out;
  if (const json* params = in.Find(m, "params")) {
    const std::string where = at + ".params";
    for (std::size_t i = 0; i < in.Array(*params, where).size(); ++i) {
      const json& p = (*params)[i];
      const std::string pi = Reader::Index(where, i);
      ParamValue value;
      value.text = in.Text(in.At(p, "text", pi), pi + ".text");
      value.number = in.UnsignedOr(p, "number", pi);
      value.numeric = in.FlagOr(p, "numeric", pi);
      out.values.emplace_back(in.Text(in.At(p, "name", pi), pi + ".name"), value);
    }
    return out;
  }
  // Files from before "params": the values by name, numbers shown as such.
  for (const auto& [name, value] : in.At(m, "point", at).items()) {
    ParamValue v;
    if (value.is_string()) {
      v.text = value.get<std::string>();
    } else {
      v.number = in.Unsigned(value, at + ".point." + name);
      v.text = std::to_string(v.number);
      v.numeric = true;
    }
    out.values.emplace_back(name, v);
  }
  return out;
}

Measurement ReadMeasurement(const Reader& in, const json& m, const std::string& at) {
  Measurement out;
  out.workload = in.Text(in.At(m, "workload", at), at + ".workload");
  out.unit = ReadUnit(in, m, "work_unit", at);
  out.rate_label = in.TextOr(m, "rate_label", at, std::string(UnitName(out.unit)));
  out.point = ReadPoint(in, m, at);
  out.loops = in.UnsignedOr(m, "loops_per_sample", at);
  out.loops_calibrated = in.FlagOr(m, "loops_calibrated", at);
  out.fresh_state_each_sample = in.FlagOr(m, "fresh_state_each_sample", at);
  out.warmup_samples = static_cast<int>(in.IntegerOr(m, "warmup_samples", at));
  out.cpu_time_scope = in.TextOr(m, "cpu_time_scope", at);
  out.phases = in.Texts(m, "phases", at);
  if (const json* sides = in.Find(m, "side_counts")) {
    const std::string where = at + ".side_counts";
    for (std::size_t i = 0; i < in.Array(*sides, where).size(); ++i) {
      const std::string si = Reader::Index(where, i);
      const json& side = (*sides)[i];
      SideCount count;
      count.name = in.Text(in.At(side, "name", si), si + ".name");
      count.unit = ReadUnit(in, side, "unit", si);
      const std::string kind = in.TextOr(side, "kind", si, SideKindName(SideKind::kWorkload));
      const auto parsed = SideKindFromName(kind);
      if (!parsed) in.Fail(si + ".kind", "is '" + kind + "', not one of workload, memory-read, memory-write");
      count.kind = parsed.value_or(SideKind::kWorkload);
      out.side_counts.push_back(std::move(count));
    }
  }
  if (const json* traffic = in.Find(m, "traffic")) {
    const std::string where = at + ".traffic";
    ByteTraffic t;
    t.requested_per_unit = in.Number(in.At(*traffic, "requested_per_unit", where), where + ".requested_per_unit");
    if (const json* memory = in.Find(*traffic, "memory_per_unit_estimated")) {
      t.memory_per_unit = in.Number(*memory, where + ".memory_per_unit_estimated");
    }
    t.how = in.TextOr(*traffic, "how", where);
    out.traffic = std::move(t);
  }
  if (const json* latency = in.Find(m, "latency")) out.latency = ReadLatency(in, *latency, at + ".latency");
  const std::string samples = at + ".samples";
  const json& list = in.Array(in.At(m, "samples", at), samples);
  for (std::size_t i = 0; i < list.size(); ++i)
    out.samples.push_back(ReadSample(in, list[i], Reader::Index(samples, i)));
  for (std::size_t i = 0; i < out.samples.size(); ++i) {
    const std::size_t counts = out.samples[i].side_counts.size();
    if (counts != 0 && counts != out.side_counts.size()) {
      in.Fail(Reader::Index(samples, i) + ".side_counts", "has " + std::to_string(counts) +
                                                              " counts, but the measurement's side_counts name " +
                                                              std::to_string(out.side_counts.size()));
    }
  }
  if (const json* first = in.Find(m, "first_sample")) out.first_sample = ReadSample(in, *first, at + ".first_sample");
  if (const json* proofs = in.Find(m, "page_proof")) {
    for (std::size_t i = 0; i < in.Array(*proofs, at + ".page_proof").size(); ++i) {
      out.page_proofs.push_back(ReadProof(in, (*proofs)[i], Reader::Index(at + ".page_proof", i)));
    }
  }
  out.notes = in.Texts(m, "notes", at);
  if (const json* precision = in.Find(m, "precision")) {
    const std::string where = at + ".precision";
    out.precision_target_pct = in.Number(in.At(*precision, "target_pct", where), where + ".target_pct");
    out.precision_reached = in.FlagOr(*precision, "reached", where);
    out.precision_pilot_runs = static_cast<int>(in.IntegerOr(*precision, "pilot_runs", where));
  }
  if (const json* figure = in.Find(m, "program_figure")) {
    const std::string where = at + ".program_figure";
    try {
      out.program_figure = ParseProgramFigure(ParseFigureKind(in.Text(in.At(*figure, "kind", where), where + ".kind")),
                                              in.Text(in.At(*figure, "pattern", where), where + ".pattern"),
                                              in.Text(in.At(*figure, "unit", where), where + ".unit"));
    } catch (const Error& e) {
      in.Fail(where, e.what());
    }
    if (out.program_figure->work_unit != out.unit) {
      in.Fail(where + ".unit", "is a rate of " + std::string(UnitName(out.program_figure->work_unit)) +
                                   ", but the measurement's work_unit is " + std::string(UnitName(out.unit)));
    }
  }
  if (const json* row = in.Find(m, "summary_row")) {
    const std::string where = at + ".summary_row";
    out.summary_row = SummaryRow{in.TextOr(*row, "section", where), in.TextOr(*row, "label", where),
                                 ReadFigure(in, in.TextOr(*row, "figure", where), where + ".figure")};
  }
  return out;
}

ResultKind ReadKind(const Reader& in, const std::string& name) {
  for (const ResultKind k : {ResultKind::kRun, ResultKind::kExec, ResultKind::kLmSummary}) {
    if (name == ResultKindName(k)) return k;
  }
  in.Fail("kind", "is not a kind of result membench writes ('" + name + "')");
}

}  // namespace

namespace {

json ParseJson(const std::string& text, const std::string& origin) {
  try {
    return json::parse(text);
  } catch (const json::exception&) {
    throw Error(origin + " is not a membench result (not JSON); write one with --json");
  }
}

RunResult ResultFromJson(const json& doc, const std::string& origin) {
  if (!doc.is_object() || !doc.contains("schema") || !doc["schema"].is_string()) {
    throw Error(origin + " is not a membench result (no \"schema\"); write one with --json");
  }
  const std::string schema = doc["schema"].get<std::string>();
  if (schema != kResultSchema) throw Error(origin + " has schema " + schema + "; this membench reads " + kResultSchema);
  const Reader in(origin);
  RunResult out;
  out.kind = ReadKind(in, in.TextOr(doc, "kind", "", "run"));
  if (const json* tool = in.Find(doc, "tool")) out.tool_version = in.TextOr(*tool, "version", "tool");
  out.command_line = in.TextOr(doc, "command_line", "");
  out.started_at = in.TextOr(doc, "started_at", "");
  out.tag = in.TextOr(doc, "tag", "");
  if (const json* labels = in.Find(doc, "labels")) {
    for (const auto& [key, value] : in.Object(*labels, "labels").items())
      out.labels[key] = in.Text(value, "labels." + key);
  }
  out.interrupted = in.FlagOr(doc, "interrupted", "");
  out.failure = in.TextOr(doc, "failure", "", "");
  out.interleaved = in.FlagOr(doc, "interleaved", "");
  const std::int64_t invocations = in.IntegerOr(doc, "invocations", "", 1);
  if (invocations < 1 || invocations > 1'000'000) in.Fail("invocations", "is not a count of invocations");
  out.invocations = static_cast<int>(invocations);
  out.paired_by = in.TextOr(doc, "paired_by", "", "");
  if (const json* system = in.Find(doc, "system")) out.system = ReadSystem(in, *system, "system");
  if (const json* tsc = in.Find(doc, "tsc_ghz")) out.tsc_ghz = in.Number(*tsc, "tsc_ghz");
  if (const json* idle = in.Find(doc, "kernel_idle")) {
    out.kernel_idle = KernelIdleInterval{in.Integer(in.At(*idle, "window_ns", "kernel_idle"), "kernel_idle.window_ns"),
                                         in.IntegerMap(*idle, "deltas", "kernel_idle")};
  }
  out.profile_event = in.TextOr(doc, "profile_event", "", "");
  out.profile_scope = in.TextOr(doc, "profile_scope", "", "");
  const json& events = in.Array(in.At(doc, "events", ""), "events");
  for (std::size_t i = 0; i < events.size(); ++i)
    out.events.push_back(ReadEvent(in, events[i], Reader::Index("events", i)));
  out.notes = in.Texts(doc, "notes", "");
  const json& measurements = in.Array(in.At(doc, "measurements", ""), "measurements");
  // The points of a run (one workload's matrix, or exec's command) all name
  // the same parameters in one order, as do lmsummary's of each workload:
  // the pairing and the tables look each name up in every point.
  std::map<std::string, std::size_t> first_of_group;
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    out.measurements.push_back(ReadMeasurement(in, measurements[i], Reader::Index("measurements", i)));
    const Measurement& m = out.measurements.back();
    for (std::size_t k = 0; k < m.samples.size(); ++k) {
      if (m.samples[k].invocation < 0 || m.samples[k].invocation >= out.invocations) {
        in.Fail(Reader::Index(Reader::Index("measurements", i) + ".samples", k) + ".invocation",
                fmt::format("is not one of the run's {} invocations", out.invocations));
      }
    }
    const std::string group = out.kind == ResultKind::kLmSummary ? m.workload : "";
    const auto [first, inserted] = first_of_group.emplace(group, i);
    if (inserted) continue;
    const Point& model = out.measurements[first->second].point;
    const auto names = [](const Point& p) {
      std::string joined;
      for (const auto& [name, value] : p.values) joined += (joined.empty() ? "" : ", ") + name;
      return joined;
    };
    if (names(m.point) != names(model)) {
      in.Fail(Reader::Index("measurements", i) + ".point",
              "names the parameters (" + names(m.point) + "), but " + Reader::Index("measurements", first->second) +
                  (group.empty() ? " of the same run" : " of the same workload") + " names (" + names(model) + ")");
    }
  }
  return out;
}

}  // namespace

RunResult ParseResult(const std::string& text, const std::string& origin) {
  return ResultFromJson(ParseJson(text, origin), origin);
}

std::vector<RunResult> ParseResults(const std::string& text, const std::string& origin) {
  const json doc = ParseJson(text, origin);
  if (!doc.is_array()) return {ResultFromJson(doc, origin)};
  if (doc.empty()) throw Error(origin + " is an empty list, with no membench result in it");
  std::vector<RunResult> results;
  for (std::size_t i = 0; i < doc.size(); ++i)
    results.push_back(ResultFromJson(doc[i], fmt::format("{}[{}]", origin, i)));
  return results;
}

}  // namespace membench
