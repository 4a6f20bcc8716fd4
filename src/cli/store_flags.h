// File: cli/store_flags.h
// Where the history store is (--store, else $MEMBENCH_STORE, else
// $XDG_DATA_HOME/membench/history.sqlite), and what a measuring command
// saves into it: --save, --tag T, --label KEY=VALUE.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "store/store.h"

namespace membench {

struct SaveFlags {
  bool save = false;
  std::string tag;
  std::vector<std::string> labels;  // KEY=VALUE
  std::string store;                // --store; empty: the environment's or the default
  // --tag, --label and --store each imply --save.
  bool wanted() const { return save || !tag.empty() || !labels.empty() || !store.empty(); }
};

// --save, --tag, --label and --store on a measuring command; more_store_help
// says what else --store means there.
void AddSaveFlags(CLI::App& cmd, SaveFlags& flags, const std::string& more_store_help = "");
// --store alone, on commands that read the store.
void AddStoreFlag(CLI::App& cmd, std::string& store, const std::string& more_help = "");

// The store location the flag, the environment or the default names; the
// default's folder is created on first use.
std::string StoreLocation(const std::string& flag);

// The store the flag or the environment names, else the default store where
// its file exists; nullopt for none. Creates nothing: noise floors go to a
// store only where there is one.
std::optional<std::string> StoreIfAny(const std::string& flag);

// Opens (creating or upgrading) the store; throws Error naming it.
std::unique_ptr<Store> OpenStoreNamed(const std::string& flag);

// Before measuring: the tag and labels are well formed and the store opens,
// so a bad store is an error before minutes are spent. Throws Error.
void CheckSaveFlags(const SaveFlags& flags);

// Stamps the tag and labels into the result (also for --json).
void ApplyTagAndLabels(const SaveFlags& flags, RunResult& result);

}  // namespace membench
