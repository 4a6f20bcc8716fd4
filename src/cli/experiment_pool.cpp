// File: cli/experiment_pool.cpp
#include "cli/experiment_pool.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "core/error.h"

namespace membench {
namespace {

std::string LabelOf(const RunResult& result, const char* name) {
  const auto it = result.labels.find(name);
  return it == result.labels.end() ? "" : it->second;
}

std::string ShortBoot(const std::string& boot_id) {
  return boot_id.empty() ? "unknown" : boot_id.substr(0, std::min<std::size_t>(8, boot_id.size()));
}

// "2026-12-07T10:00:05Z .. 2026-12-07T12:31:40Z", or one time.
std::string Dates(const std::vector<const RunResult*>& results) {
  std::string first;
  std::string last;
  for (const RunResult* r : results) {
    if (first.empty() || r->started_at < first) first = r->started_at;
    if (r->started_at > last) last = r->started_at;
  }
  return first == last ? first : first + " .. " + last;
}

}  // namespace

std::string SinceTime(const std::string& text) {
  static const std::regex kForm(R"((\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?Z?)?)");
  std::smatch parts;
  if (!std::regex_match(text, parts, kForm)) {
    throw Error("--since '" + text +
                "': give a UTC date or time as 2026-12-07, 2026-12-07T14:30 or 2026-12-07T14:30:05Z");
  }
  const std::string time = parts[2].matched ? parts[2].str() : "00:00";
  const std::string seconds = parts[3].matched ? parts[3].str() : ":00";
  return parts[1].str() + "T" + time + seconds + "Z";
}

PooledRun PoolRun(const std::vector<RunResult>& tagged, const Experiment& experiment, const ExperimentRun& run,
                  const PoolFilter& filter) {
  PooledRun out;
  int by_title = 0;
  for (const RunResult& r : tagged) {
    if (LabelOf(r, kExperimentLabel) != experiment.name) continue;
    // Runs saved before the variant label were of the file's own scale.
    const std::string variant = LabelOf(r, kVariantLabel);
    if ((variant.empty() ? "full" : variant) != filter.variant) continue;
    const std::string id = LabelOf(r, kRunIdLabel);
    if (id.empty() ? LabelOf(r, kRunTitleLabel) != run.title : id != run.id) continue;
    if (!filter.sessions.empty() &&
        std::find(filter.sessions.begin(), filter.sessions.end(), LabelOf(r, kSessionLabel)) == filter.sessions.end()) {
      continue;
    }
    if (!filter.since.empty() && r.started_at < filter.since) continue;
    if (id.empty()) ++by_title;
    out.results.push_back(r);
  }
  if (by_title > 0) {
    out.notes.push_back(fmt::format(
        "{} result{} saved before runs had ids matched by the title \"{}\": a run renamed since is not among them",
        by_title, by_title == 1 ? "" : "s", run.title));
  }
  return out;
}

std::vector<std::string> DescribePool(const std::string& tag, const std::vector<const RunResult*>& pooled) {
  std::map<std::string, std::vector<const RunResult*>> by_session;
  std::set<std::string> boots;
  int invocations = 0;
  for (const RunResult* r : pooled) {
    by_session[LabelOf(*r, kSessionLabel)].push_back(r);
    boots.insert(r->system.boot_id);
    invocations += std::max(r->invocations, 1);
  }
  std::vector<std::string> lines;
  lines.push_back(fmt::format("@{} pools {} result{} ({} invocation{}) from {} session{} and {} boot{}, {}", tag,
                              pooled.size(), pooled.size() == 1 ? "" : "s", invocations, invocations == 1 ? "" : "s",
                              by_session.size(), by_session.size() == 1 ? "" : "s", boots.size(),
                              boots.size() == 1 ? "" : "s", Dates(pooled)));
  for (const auto& [session, results] : by_session) {
    std::map<std::string, std::string> boot_times;
    for (const RunResult* r : results) boot_times[r->system.boot_id] = r->system.boot_time;
    std::string boot_list;
    for (const auto& [boot, booted] : boot_times) {
      boot_list += fmt::format("{}{}{}", boot_list.empty() ? "" : ", ", ShortBoot(boot),
                               booted.empty() ? "" : " (booted " + booted + ")");
    }
    const std::string version = LabelOf(*results.front(), kVersionLabel);
    lines.push_back(fmt::format("  session {}: {} result{}, boot{} {}, {}{}",
                                session.empty() ? "(none: saved before sessions)" : session, results.size(),
                                results.size() == 1 ? "" : "s", boot_times.size() == 1 ? "" : "s", boot_list,
                                Dates(results), version.empty() ? "" : ", version " + version));
  }
  return lines;
}

std::vector<std::string> CheckVersions(const std::vector<const RunResult*>& pooled, const std::string& file_version,
                                       bool mixed_allowed) {
  std::map<std::string, std::set<std::string>> sessions_of_version;
  int unversioned = 0;
  for (const RunResult* r : pooled) {
    const std::string version = LabelOf(*r, kVersionLabel);
    if (version.empty()) {
      ++unversioned;
    } else {
      const std::string session = LabelOf(*r, kSessionLabel);
      sessions_of_version[version].insert(session.empty() ? "(no session)" : session);
    }
  }
  std::string versions;
  for (const auto& [version, sessions] : sessions_of_version) {
    std::string list;
    for (const std::string& session : sessions) list += (list.empty() ? "" : ", ") + session;
    versions += fmt::format("{}{} (session{} {})", versions.empty() ? "" : "; ", version,
                            sessions.size() == 1 ? "" : "s", list);
  }
  std::vector<std::string> notes;
  if (sessions_of_version.size() > 1) {
    if (!mixed_allowed) {
      throw Error(fmt::format(
          "the results to compare were measured by {} versions of the file's runs: {}; the runs' parameters changed "
          "between them (the file's runs are now version {}): compare one version (--session ID, --since TIME), or "
          "give --mixed-versions to pool them anyway",
          sessions_of_version.size(), versions, file_version));
    }
    notes.push_back("--mixed-versions: results of " + std::to_string(sessions_of_version.size()) +
                    " versions of the file's runs are pooled: " + versions);
  } else if (sessions_of_version.size() == 1 && sessions_of_version.begin()->first != file_version) {
    notes.push_back(
        fmt::format("the results were measured by version {} of the file's runs; the file's runs are "
                    "now version {} (a parameter, a run or an id changed since)",
                    sessions_of_version.begin()->first, file_version));
  }
  if (unversioned > 0) {
    notes.push_back(fmt::format("{} result{} saved before versions: which parameters measured {} is not known",
                                unversioned, unversioned == 1 ? "" : "s", unversioned == 1 ? "it" : "them"));
  }
  return notes;
}

}  // namespace membench
