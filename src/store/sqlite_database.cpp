// File: store/sqlite_database.cpp
#include "store/sqlite_database.h"

#include <sqlite3.h>

#include <chrono>
#include <thread>

#include "core/error.h"

namespace membench {
namespace {

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(std::string path, SqliteOpen mode) : path_(std::move(path)) {
    // The handle exists even when opening fails, and must be closed then.
    try {
      const bool create = mode == SqliteOpen::kCreate;
      const int rc =
          sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0), nullptr);
      if (rc != SQLITE_OK) Fail(rc);
      sqlite3_extended_result_codes(db_, 1);
      sqlite3_busy_timeout(db_, kSqliteBusyTimeoutMs);
      // WAL: readers and one writer at once, and a crash mid-save leaves the
      // last committed state; set (it stays set) on a new store, never on
      // someone else's database, which the schema check refuses next. The
      // first read of the file: one that is not a database fails here.
      const bool empty = Query("SELECT 1 FROM sqlite_master LIMIT 1", {}).empty();
      const bool ours = empty || !Query("SELECT 1 FROM sqlite_master WHERE name = 'membench_meta'", {}).empty();
      if (create && ours) EnableWal();
      Query("PRAGMA foreign_keys = ON", {});
    } catch (...) {
      sqlite3_close_v2(db_);
      throw;
    }
  }
  ~SqliteDatabase() override { sqlite3_close_v2(db_); }

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }
  const std::string& name() const override { return path_; }

  std::vector<SqlRow> Query(const std::string& sql, const std::vector<SqlValue>& params) override {
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &statement, nullptr);
    if (rc != SQLITE_OK) Fail(rc);
    std::vector<SqlRow> rows;
    try {
      for (std::size_t i = 0; i < params.size(); ++i) {
        const int index = static_cast<int>(i) + 1;
        rc = params[i] ? sqlite3_bind_text(statement, index, params[i]->data(), static_cast<int>(params[i]->size()),
                                           SQLITE_TRANSIENT)
                       : sqlite3_bind_null(statement, index);
        if (rc != SQLITE_OK) Fail(rc);
      }
      while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        SqlRow row;
        for (int c = 0; c < sqlite3_column_count(statement); ++c) {
          if (sqlite3_column_type(statement, c) == SQLITE_NULL) {
            row.emplace_back(std::nullopt);
          } else {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, c));
            row.emplace_back(std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(statement, c))));
          }
        }
        rows.push_back(std::move(row));
      }
      if (rc != SQLITE_DONE) Fail(rc);
    } catch (...) {
      sqlite3_finalize(statement);
      throw;
    }
    sqlite3_finalize(statement);
    return rows;
  }

  void Begin() override { Query("BEGIN IMMEDIATE", {}); }
  void Commit() override { Query("COMMIT", {}); }
  void Rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }
  void SerializeWriters() override {}  // BEGIN IMMEDIATE took the write lock

 private:
  [[noreturn]] void Fail(int rc) const {
    const std::string detail = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    const std::string store = "store " + path_;
    // SQLite opens a file it may not write read-only without a word; a WAL
    // store then fails for its -shm file.
    if (db_ != nullptr && sqlite3_db_readonly(db_, "main") == 1 &&
        ((rc & 0xff) == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_READONLY)) {
      throw Error(store + " cannot be written: the file or its filesystem is read-only (" + detail +
                  "); give a writable --store, or copy it to a writable place (a WAL store is not even read where "
                  "its -shm file cannot be written)");
    }
    switch (rc & 0xff) {
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
        throw Error(store + " is locked by another process (gave up after waiting up to " +
                    std::to_string(kSqliteBusyTimeoutMs / 1000) + " s); try again when it has finished");
      case SQLITE_NOTADB:
        throw Error(path_ + " is not a membench store (not an SQLite database); give another --store or move it away");
      case SQLITE_CORRUPT:
        throw Error(store + " is corrupt (" + detail + "); move it away and start a new one (`sqlite3 " + path_ +
                    " .recover` may save its runs)");
      case SQLITE_READONLY:
        throw Error(store + " is read-only (" + detail + "); give a writable --store, or check its permissions");
      case SQLITE_CANTOPEN:
        throw Error("cannot open " + store + " (" + detail + "); does its folder exist, and may you write there?");
      case SQLITE_FULL:
        throw Error(store + ": the disk is full; free space and save again");
      default:
        throw Error(store + ": " + detail);
    }
  }

  // Switching a new file to WAL takes an exclusive lock, and a second
  // process doing the same at that moment got SQLITE_BUSY at once, without
  // the busy handler's wait (two saves into a new store, in the tests): wait
  // here as the handler would.
  void EnableWal() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kSqliteBusyTimeoutMs);
    while (true) {
      char* message = nullptr;
      const int rc = sqlite3_exec(db_, "PRAGMA journal_mode = WAL", nullptr, nullptr, &message);
      sqlite3_free(message);
      if (rc == SQLITE_OK) return;
      if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline) Fail(rc);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  std::string path_;
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Database> OpenSqliteDatabase(const std::string& path, SqliteOpen mode) {
  return std::make_unique<SqliteDatabase>(path, mode);
}

}  // namespace membench
