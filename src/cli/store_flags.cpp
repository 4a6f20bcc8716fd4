// File: cli/store_flags.cpp
#include "cli/store_flags.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/error.h"
#include "engine/os.h"

namespace membench {
namespace {

bool NameCharacters(const std::string& text, const std::string& extra) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || extra.find(c) != std::string::npos;
  });
}

std::pair<std::string, std::string> SplitLabel(const std::string& label) {
  const auto eq = label.find('=');
  if (eq == std::string::npos || !NameCharacters(label.substr(0, eq), "_.-")) {
    throw Error("--label '" + label +
                "': expected KEY=VALUE with a KEY of letters, digits, _ . - (e.g. commit=abc123)");
  }
  return {label.substr(0, eq), label.substr(eq + 1)};
}

void CheckTag(const std::string& tag) {
  if (!tag.empty() && !NameCharacters(tag, "_.:+-")) {
    throw Error("--tag '" + tag + "': use letters, digits and _ . : + - (compare names it as @" + tag + ")");
  }
}

constexpr const char* kDefaultStoreFile = "history.sqlite";

std::string DefaultStoreFolder() { return os::DataHome() + "/membench"; }

// The store --store or $MEMBENCH_STORE names.
std::optional<std::string> NamedStore(const std::string& flag) {
  if (!flag.empty()) return flag;
  return os::EnvironmentValue("MEMBENCH_STORE");
}

}  // namespace

void AddSaveFlags(CLI::App& cmd, SaveFlags& flags, const std::string& more_store_help) {
  cmd.add_flag("--save", flags.save, "keep the result in the history store (membench history lists it)");
  cmd.add_option("--tag", flags.tag, "name the side of an A/B this run belongs to, e.g. base (implies --save)")
      ->type_name("TAG");
  cmd.add_option("--label", flags.labels, "a fact about the run, e.g. commit=abc123 (repeatable; implies --save)")
      ->type_name("KEY=VALUE");
  AddStoreFlag(cmd, flags.store, " (implies --save)" + more_store_help);
}

void AddStoreFlag(CLI::App& cmd, std::string& store, const std::string& more_help) {
  cmd.add_option("--store", store,
                 "the history store: an SQLite file or postgresql://... (default $MEMBENCH_STORE, else "
                 "$XDG_DATA_HOME/membench/history.sqlite)" +
                     more_help)
      ->type_name("PATH|URI");
}

std::string StoreLocation(const std::string& flag) {
  if (auto named = NamedStore(flag)) return *named;
  const std::string folder = DefaultStoreFolder();
  os::CreateDirectories(folder);
  return folder + "/" + kDefaultStoreFile;
}

std::optional<std::string> StoreIfAny(const std::string& flag) {
  if (auto named = NamedStore(flag)) return named;
  const std::string path = DefaultStoreFolder() + "/" + kDefaultStoreFile;
  if (os::PathExists(path)) return path;
  return std::nullopt;
}

std::unique_ptr<Store> OpenStoreNamed(const std::string& flag) { return OpenStore(StoreLocation(flag)); }

void CheckSaveFlags(const SaveFlags& flags) {
  CheckTag(flags.tag);
  std::map<std::string, std::string> seen;
  for (const auto& label : flags.labels) {
    const auto [key, value] = SplitLabel(label);
    const auto [at, added] = seen.emplace(key, value);
    if (!added) {
      throw Error("--label " + key + " is given twice (" + key + "=" + at->second + " and " + label +
                  "): a run has one value a key; keep one");
    }
  }
  if (!flags.wanted()) return;
  const std::string location = StoreLocation(flags.store);
  if (!IsPostgresLocation(location)) os::CheckFreeSpace(location, "the store");
  OpenStore(location);
}

void ApplyTagAndLabels(const SaveFlags& flags, RunResult& result) {
  result.tag = flags.tag;
  for (const auto& label : flags.labels) {
    const auto [key, value] = SplitLabel(label);
    result.labels[key] = value;
  }
}

}  // namespace membench
