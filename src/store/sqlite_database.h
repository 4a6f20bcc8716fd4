// File: store/sqlite_database.h
// The default store: one SQLite file, in WAL mode so readers never wait for
// a writer, with a busy timeout so two membench processes saving at once
// queue rather than fail.
#pragma once

#include <memory>
#include <string>

#include "store/database.h"

namespace membench {

enum class SqliteOpen {
  kCreate,        // a new store: the file is created when absent (its folder must exist)
  kExistingOnly,  // only to read: nothing is created or changed
};

// Throws Error when it cannot be opened (with kExistingOnly: is absent), is
// not an SQLite database, or stays locked.
std::unique_ptr<Database> OpenSqliteDatabase(const std::string& path, SqliteOpen mode = SqliteOpen::kCreate);

// How long a save waits for another process's write before it gives up.
inline constexpr int kSqliteBusyTimeoutMs = 10000;

}  // namespace membench
