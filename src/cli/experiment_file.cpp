// File: cli/experiment_file.cpp
#include "cli/experiment_file.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/kernel_accounting.h"
#include "core/kernel_setting.h"
#include "core/page_proof.h"
#include "core/suggest.h"
#include "engine/registry.h"
#include "engine/workers.h"

namespace membench {
namespace {

// Parameters every workload takes besides its own (worker counts).
const std::vector<std::string> kWorkerParams = {kProcsParam, kThreadsParam};

class FileReader {
 public:
  explicit FileReader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void Fail(const toml::node& at, const std::string& key, const std::string& what) const {
    throw Error(fmt::format("{}:{}: {}: {}", path_, at.source().begin.line, key, what));
  }

  // Every key of `table` must be one of `known`.
  void CheckKeys(const toml::table& table, const std::string& where, const std::vector<std::string>& known) const {
    for (const auto& [key, value] : table) {
      const std::string name(key.str());
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      const std::string guess = ClosestName(name, known);
      Fail(value, where + name,
           "unknown key" + (guess.empty() ? "" : "; did you mean " + guess + "?") +
               fmt::format(" (known: {})", fmt::join(known, ", ")));
    }
  }

  std::string Text(const toml::table& table, const std::string& where, const std::string& key, bool required) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) {
      if (required) Fail(table, where + key, "missing (a string)");
      return "";
    }
    const auto value = node->value<std::string>();
    if (!node->is_string() || !value) Fail(*node, where + key, "must be a string");
    return *value;
  }

  int Count(const toml::table& table, const std::string& where, const std::string& key, int fallback) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) return fallback;
    if (!node->is_integer()) Fail(*node, where + key, "must be an integer");
    const std::int64_t value = *node->value<std::int64_t>();
    if (value < 1 || value > 1'000'000) Fail(*node, where + key, fmt::format("{} is outside 1..1000000", value));
    return static_cast<int>(value);
  }

  // A parameter's value: a string, an integer, or an array of them, as
  // the command line's comma list.
  std::string ParamValue(const toml::node& node, const std::string& where) const {
    if (const auto text = node.value_exact<std::string>()) return *text;
    if (const auto number = node.value_exact<std::int64_t>()) return std::to_string(*number);
    if (const toml::array* list = node.as_array()) {
      if (list->empty()) Fail(node, where, "an empty list");
      std::string out;
      for (const toml::node& item : *list) {
        if (item.is_array() || item.is_table()) Fail(item, where, "a list of strings or integers");
        out += (out.empty() ? "" : ",") + ParamValue(item, where);
      }
      return out;
    }
    Fail(node, where, "must be a string, an integer or a list of them");
  }

 private:
  std::string path_;
};

std::vector<std::string> ParamNames(const WorkloadInfo& info) {
  std::vector<std::string> names;
  for (const ParamSpec& spec : info.params) names.push_back(spec.name);
  names.insert(names.end(), kWorkerParams.begin(), kWorkerParams.end());
  return names;
}

// A workload's params may also name kernel settings to vary
// (core/kernel_setting.h), kept under their short names.
std::map<std::string, std::string> ReadParams(const FileReader& in, const toml::table& table, const std::string& where,
                                              const std::vector<std::string>& known, const std::string& workload,
                                              bool settings_allowed) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : table) {
    std::string name(key.str());
    if (settings_allowed && IsKernelSetting(name)) {
      try {
        name = KernelSettingName(name);
      } catch (const Error& e) {
        in.Fail(value, where + std::string(key.str()), e.what());
      }
    } else if (std::find(known.begin(), known.end(), name) == known.end()) {
      const std::string guess = ClosestName(name, known);
      in.Fail(value, where + name,
              "not a parameter of " + workload + (guess.empty() ? "" : "; did you mean " + guess + "?") +
                  fmt::format(" (its parameters: {})", fmt::join(known, ", ")));
    }
    if (out.count(name) != 0) in.Fail(value, where + name, "given twice (the same setting, spelled two ways)");
    out[name] = in.ParamValue(value, where + name);
  }
  return out;
}

// The "{name}" placeholders of an exec run's arguments.
std::set<std::string> Placeholders(const std::vector<std::string>& command) {
  std::set<std::string> names;
  for (const std::string& arg : command) {
    for (std::size_t open = arg.find('{'); open != std::string::npos; open = arg.find('{', open + 1)) {
      const std::size_t close = arg.find('}', open);
      if (close == std::string::npos) break;
      names.insert(arg.substr(open + 1, close - open - 1));
    }
  }
  return names;
}

// What the run measures, and the parameter names it takes.
std::vector<std::string> ReadWhat(const FileReader& in, const toml::table& table, const std::string& where,
                                  ExperimentRun& run) {
  const toml::node* exec = table.get("exec");
  if (exec != nullptr && table.contains("workload")) {
    in.Fail(*exec, where + "exec", "a run has a workload or an exec command, not both");
  }
  if (exec == nullptr) {
    run.workload = in.Text(table, where, "workload", true);
    for (const char* key : {"missing", "rate_from", "time_from"}) {
      if (table.contains(key)) in.Fail(*table.get(key), where + key, "only for exec runs");
    }
    if (run.workload == "lmsummary") {
      run.kind = RunKind::kLmSummary;
      for (const char* key : {"params", "treatment", "scale", "quick"}) {
        if (table.contains(key))
          in.Fail(*table.get(key), where + key, "lmsummary's rows are fixed: no " + std::string(key));
      }
      return {};
    }
    try {
      return ParamNames(FindWorkload(run.workload));
    } catch (const Error& e) {
      in.Fail(*table.get("workload"), where + "workload", e.what());
    }
  }
  run.kind = RunKind::kCommand;
  const toml::array* argv = exec->as_array();
  if (argv == nullptr || argv->empty() || !argv->is_homogeneous(toml::node_type::string)) {
    in.Fail(*exec, where + "exec", "must be a list of strings: the program and its arguments");
  }
  for (const toml::node& arg : *argv) run.command.push_back(*arg.value<std::string>());
  run.missing_hint = in.Text(table, where, "missing", false);
  for (const char* key : {"treatment", "cpu"}) {
    if (table.contains(key)) {
      in.Fail(*table.get(key), where + key,
              "not for exec runs (one point each: compare replicates, or two kernels with experiment report)");
    }
  }
  for (const FigureKind kind : {FigureKind::kRate, FigureKind::kTime}) {
    const std::string key = kind == FigureKind::kRate ? "rate_from" : "time_from";
    const toml::node* given = table.get(key);
    if (given == nullptr) continue;
    const toml::array* pair = given->as_array();
    if (pair == nullptr || pair->size() != 2 || !pair->is_homogeneous(toml::node_type::string)) {
      in.Fail(*given, where + key,
              "must be [\"REGEX\", \"UNIT\"], as exec --" + std::string(FigureKindName(kind)) + " takes them");
    }
    if (run.figure) in.Fail(*given, where + key, "a run's figure is a rate or a time: give rate_from or time_from");
    try {
      run.figure = ParseProgramFigure(kind, *pair->get(0)->value<std::string>(), *pair->get(1)->value<std::string>());
    } catch (const Error& e) {
      in.Fail(*given, where + key, e.what());
    }
  }
  const std::set<std::string> names = Placeholders(run.command);
  return {names.begin(), names.end()};
}

ExperimentRun ReadRun(const FileReader& in, const toml::table& table, const std::string& where) {
  in.CheckKeys(table, where,
               {"id",
                "title",
                "workload",
                "exec",
                "missing",
                "params",
                "treatment",
                "repeat",
                "replicates",
                "events",
                "cpu",
                "pressure",
                "scale",
                "quick",
                "pages_must_be",
                "kernel_values",
                "profile_symbols",
                "optional",
                "rate_from",
                "time_from",
                "effect_pct",
                "effect_source"});
  ExperimentRun run;
  run.line = static_cast<int>(table.source().begin.line);
  run.title = in.Text(table, where, "title", true);
  if (!table.contains("id")) {
    in.Fail(table, where + "id",
            "missing: each run needs an id that stays while its title changes (id = \"fresh\"): its saved results "
            "are stored under it");
  }
  run.id = in.Text(table, where, "id", true);
  if (run.id.empty() || run.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_.") != std::string::npos) {
    in.Fail(*table.get("id"), where + "id",
            "'" + run.id + "': an id is lower-case letters, digits, '-', '_' and '.' (\"movsq-fresh\")");
  }
  const std::vector<std::string> known = ReadWhat(in, table, where, run);
  const std::string what = run.kind == RunKind::kCommand ? "the exec command (no {name} for it)" : run.workload;
  if (const toml::node* params = table.get("params")) {
    if (!params->is_table()) in.Fail(*params, where + "params", "must be a table of parameter = value");
    run.params = ReadParams(in, *params->as_table(), where + "params.", known, what, run.kind == RunKind::kWorkload);
  }
  if (run.kind == RunKind::kCommand) {
    for (const std::string& name : known) {
      if (run.params.count(name) == 0)
        in.Fail(*table.get("exec"), where + "exec", "{" + name + "} has no value in params");
    }
  }
  run.treatment = in.Text(table, where, "treatment", false);
  if (run.kind == RunKind::kWorkload && IsKernelSetting(run.treatment)) {
    try {
      run.treatment = KernelSettingName(run.treatment);
    } catch (const Error& e) {
      in.Fail(*table.get("treatment"), where + "treatment", e.what());
    }
    if (run.params.count(run.treatment) == 0) {
      in.Fail(*table.get("treatment"), where + "treatment", "a setting the params do not vary");
    }
  } else if (!run.treatment.empty() && std::find(known.begin(), known.end(), run.treatment) == known.end()) {
    in.Fail(*table.get("treatment"), where + "treatment", "not a parameter of " + run.workload);
  }
  if (const toml::node* optional = table.get("optional")) {
    if (!optional->is_boolean() || run.kind == RunKind::kLmSummary) {
      in.Fail(*optional, where + "optional", "true or false, for a workload's or an exec run");
    }
    run.optional = *optional->value<bool>();
  }
  if (const toml::node* effect = table.get("effect_pct")) {
    const std::optional<double> pct = effect->value<double>();
    if (!pct || !std::isfinite(*pct) || *pct <= -100 || *pct == 0) {
      in.Fail(*effect, where + "effect_pct", "the change the run looks for, in percent (28.3, or -5 for a drop)");
    }
    run.effect_pct = pct;
    run.effect_source = in.Text(table, where, "effect_source", true);
  } else if (table.contains("effect_source")) {
    in.Fail(*table.get("effect_source"), where + "effect_source", "says where effect_pct comes from: give effect_pct");
  }
  run.repeat = in.Count(table, where, "repeat", 5);
  run.replicates = in.Count(table, where, "replicates", 1);
  if (run.replicates > 10) in.Fail(*table.get("replicates"), where + "replicates", "at most 10");
  if (table.contains("events")) run.events = in.Text(table, where, "events", true);
  run.cpus = in.Text(table, where, "cpu", false);
  if (table.contains("pressure")) {
    if (run.kind != RunKind::kWorkload) {
      in.Fail(*table.get("pressure"), where + "pressure", "only for a workload's run (run --pressure)");
    }
    run.pressure = in.Count(table, where, "pressure", 0);
  }
  if (const toml::node* kinds = table.get("pages_must_be")) {
    const toml::array* list = kinds->as_array();
    if (list == nullptr || list->empty()) in.Fail(*kinds, where + "pages_must_be", "must be a list of page kinds");
    const std::vector<std::string> kinds_known(std::begin(kPageKinds), std::end(kPageKinds));
    for (const toml::node& item : *list) {
      const auto kind = item.value_exact<std::string>();
      if (!kind || std::find(kinds_known.begin(), kinds_known.end(), *kind) == kinds_known.end()) {
        in.Fail(item, where + "pages_must_be", fmt::format("page kinds are {}", fmt::join(kinds_known, ", ")));
      }
      run.pages_must_be.push_back(*kind);
    }
  }
  if (const toml::node* values = table.get("kernel_values")) {
    const toml::array* list = values->as_array();
    if (list == nullptr || list->empty() || run.kind == RunKind::kLmSummary) {
      in.Fail(*values, where + "kernel_values",
              "a list of values of the kernel's accounting, for a workload's or an exec run");
    }
    for (const toml::node& item : *list) {
      const auto name = item.value_exact<std::string>();
      if (!name || !IsKernelValueName(*name)) {
        in.Fail(item, where + "kernel_values",
                "each is vmstat.<name>, meminfo.<Name> or node<N>.<name>, as /proc/vmstat, /proc/meminfo and "
                "numastat name them (\"vmstat.thp_fault_alloc\")");
      }
      run.kernel_values.push_back(*name);
    }
  }
  if (const toml::node* symbols = table.get("profile_symbols")) {
    const toml::array* list = symbols->as_array();
    if (list == nullptr || list->empty() || run.kind == RunKind::kLmSummary) {
      in.Fail(*symbols, where + "profile_symbols", "a list of symbols (\"clear_page_erms\"), for a workload's or an exec run");
    }
    for (const toml::node& item : *list) {
      const auto name = item.value_exact<std::string>();
      if (!name || name->empty()) in.Fail(item, where + "profile_symbols", "each is a symbol's name, as --profile shows it");
      run.profile_symbols.push_back(*name);
    }
  }
  if (const toml::node* quick = table.get("quick")) {
    if (!quick->is_table()) in.Fail(*quick, where + "quick", "must be a table (repeat and parameters)");
    const toml::table& replacements = *quick->as_table();
    run.quick_repeat = in.Count(replacements, where + "quick.", "repeat", run.quick_repeat);
    std::vector<std::string> quick_keys = known;
    quick_keys.emplace_back("repeat");
    const auto all = ReadParams(in, replacements, where + "quick.", quick_keys, what, run.kind == RunKind::kWorkload);
    for (const auto& [name, value] : all) {
      if (name != "repeat") run.quick_params[name] = value;
    }
  }
  run.quick_repeat = std::min(run.quick_repeat, run.repeat);
  if (const toml::node* scale = table.get("scale")) {
    const toml::array* rules = scale->as_array();
    if (rules == nullptr || !rules->is_homogeneous(toml::node_type::table)) {
      in.Fail(*scale, where + "scale", "must be [[run.scale]] tables");
    }
    for (std::size_t i = 0; i < rules->size(); ++i) {
      const toml::table& rule = *rules->get(i)->as_table();
      const std::string at = fmt::format("{}scale[{}].", where, i + 1);
      in.CheckKeys(rule, at, {"param", "want", "per_cpu"});
      ScaleRule r{in.Text(rule, at, "param", true), in.Count(rule, at, "want", 0), in.Count(rule, at, "per_cpu", 0)};
      if (r.want == 0 || r.per_cpu == 0) {
        in.Fail(rule, at + (r.want == 0 ? "want" : "per_cpu"), "missing (a scale rule needs want and per_cpu)");
      }
      if (std::find(known.begin(), known.end(), r.param) == known.end()) {
        in.Fail(*rule.get("param"), at + "param", "not a parameter of " + what);
      }
      run.scale.push_back(r);
    }
  }
  return run;
}

}  // namespace

Experiment ParseExperiment(const std::string& text, const std::string& path) {
  toml::table doc;
  try {
    doc = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw Error(fmt::format("{}:{}: {}", path, e.source().begin.line, e.description()));
  }
  const FileReader in(path);
  in.CheckKeys(doc, "", {"name", "seed", "question", "duration_s", "duration_measured_on", "run"});
  Experiment out;
  out.path = path;
  out.name = in.Text(doc, "", "name", true);
  out.seed = in.Text(doc, "", "seed", false);
  out.question = in.Text(doc, "", "question", true);
  out.duration_s = in.Count(doc, "", "duration_s", 0);
  out.duration_measured_on = in.Text(doc, "", "duration_measured_on", out.duration_s > 0);
  const toml::node* runs = doc.get("run");
  if (runs == nullptr) in.Fail(doc, "run", "an experiment needs at least one [[run]]");
  const toml::array* list = runs->as_array();
  if (list == nullptr || list->empty() || !list->is_homogeneous(toml::node_type::table)) {
    in.Fail(*runs, "run", "must be [[run]] tables");
  }
  std::set<std::string> titles;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string where = fmt::format("run[{}].", i + 1);
    const toml::table& table = *list->get(i)->as_table();
    ExperimentRun run = ReadRun(in, table, where);
    if (!titles.insert(run.title).second) in.Fail(*list->get(i), where + "title", "two runs titled " + run.title);
    if (!ids.insert(run.id).second) {
      in.Fail(*table.get("id"), where + "id",
              "two runs with the id " + run.id + " (the store keys saved results on it: give each run its own)");
    }
    out.runs.push_back(std::move(run));
  }
  return out;
}

Experiment LoadExperiment(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw Error("cannot read the experiment file " + path + ": " + std::strerror(errno));
  std::stringstream text;
  text << file.rdbuf();
  return ParseExperiment(text.str(), path);
}

std::map<std::string, std::string> ParamsForMachine(const ExperimentRun& run, bool quick, bool full, int cpus,
                                                    std::vector<std::string>& notes) {
  std::map<std::string, std::string> params = run.params;
  if (quick) {
    for (const auto& [name, value] : run.quick_params) params[name] = value;
  }
  for (const ScaleRule& rule : run.scale) {
    if (full) {
      if (rule.want > rule.per_cpu * std::max(cpus, 1)) {
        notes.push_back(fmt::format("{}: the experiment's {} as the thread had it (--full), {} per CPU here",
                                    rule.param, rule.want, static_cast<double>(rule.want) / std::max(cpus, 1)));
      }
      params[rule.param] = std::to_string(rule.want);
      continue;
    }
    const int scaled = std::min(rule.want, rule.per_cpu * std::max(cpus, 1));
    params[rule.param] = std::to_string(scaled);
    if (scaled != rule.want) {
      notes.push_back(fmt::format("{}: the experiment's {} scaled to {} = min({}, {} x {} CPUs)", rule.param, rule.want,
                                  scaled, rule.want, rule.per_cpu, cpus));
    }
  }
  return params;
}

std::vector<std::string> CommandFor(const ExperimentRun& run, const std::map<std::string, std::string>& params) {
  std::vector<std::string> argv;
  for (std::string arg : run.command) {
    for (const auto& [name, value] : params) {
      const std::string placeholder = "{" + name + "}";
      for (std::size_t at = arg.find(placeholder); at != std::string::npos; at = arg.find(placeholder, at)) {
        arg.replace(at, placeholder.size(), value);
        at += value.size();
      }
    }
    argv.push_back(std::move(arg));
  }
  return argv;
}

}  // namespace membench
