// File: store/store.h
// The history store: every saved result, complete (the JSON that `report`
// re-renders), with the columns history lists and filters on, and each
// host's noise floors (doctor --noise). One SQLite file by default, or a
// PostgreSQL server for a fleet; the same schema in both (store/schema.h).
// Each save is one transaction: a run is stored whole or not at all.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/noise_floor.h"
#include "core/result.h"
#include "store/database.h"

namespace membench {

// One line of `membench history`.
struct StoredRun {
  std::int64_t id = 0;
  std::string started_at;
  std::string kind;
  std::string tag;
  std::string host;
  std::string kernel_release;
  std::string command_line;
  bool interrupted = false;
};

struct HistoryFilter {
  std::string tag;       // empty: any
  std::string workload;  // runs with a measurement of it
  std::string host;
  int limit = 20;  // the most recent; 0 for all
};

struct SaveOutcome {
  std::int64_t id = 0;
  bool already_stored = false;  // an identical result was there (import)
};

// The machine a set of noise floors was measured on: a fleet's store holds
// many hosts' floors, and a host's across kernels and boots.
struct NoiseFloorOrigin {
  std::string host;
  std::string kernel_release;
  std::string boot_id;
  std::string cpu_model;
  std::string tool_version;
};

class Store {
 public:
  // Creates the schema in a new store, upgrades an older one; throws Error
  // for a database that is not a membench store or is newer.
  explicit Store(std::unique_ptr<Database> db);

  const std::string& name() const { return db_->name(); }

  // Stores the result (its tag and labels included) in one transaction.
  // With skip_identical, a result identical to a stored one is not stored
  // twice.
  // `before_commit` runs inside the transaction, just before the commit
  // (the kill tests pause membench there).
  SaveOutcome Save(const RunResult& result, bool skip_identical = false,
                   const std::function<void()>& before_commit = {});

  // The most recent runs that pass the filter, oldest first.
  std::vector<StoredRun> History(const HistoryFilter& filter);

  // Throws Error when there is no such run.
  RunResult Load(std::int64_t id);

  // Every run with this tag, oldest first.
  std::vector<std::int64_t> Tagged(const std::string& tag);

  // The id of the latest run (back = 0), or of the one `back` before it.
  std::optional<std::int64_t> Latest(int back);

  // False when there is no such run.
  bool Remove(std::int64_t id);

  // Keeps the floors one doctor --noise measured, in one transaction; the
  // floors recorded before stay (they are the host's history).
  void RecordNoiseFloors(const NoiseFloorOrigin& origin, const std::vector<NoiseFloor>& floors);

  // The newest floor (by measured_at) of each kind recorded for the host,
  // by kind.
  std::vector<NoiseFloor> NewestNoiseFloors(const std::string& host);

 private:
  std::unique_ptr<Database> db_;
};

// location: a postgresql:// (or postgres://) URI, else an SQLite file.
std::unique_ptr<Store> OpenStore(const std::string& location);

bool IsPostgresLocation(const std::string& location);

// The location as messages show it: a PostgreSQL URI without its password.
std::string StoreDisplayName(const std::string& location);

// Store::NewestNoiseFloors of the store at location, read without creating
// or upgrading anything (compare looks on every run): none from an empty
// database or a store older than the floors. Throws Error for an SQLite
// file that does not exist, a database that is not a membench store, or a
// newer store.
std::vector<NoiseFloor> ReadNoiseFloors(const std::string& location, const std::string& host);

}  // namespace membench
