// File: store/database.h
// The little the store needs of a SQL database, for SQLite and PostgreSQL
// alike: statements with text parameters written as `?`, rows of text
// (NULL as nullopt), and a write transaction. Every failure is an Error
// that names the store and says what the user can do.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace membench {

using SqlValue = std::optional<std::string>;
using SqlRow = std::vector<SqlValue>;

enum class SqlDialect { kSqlite, kPostgres };

class Database {
 public:
  virtual ~Database() = default;
  virtual SqlDialect dialect() const = 0;
  // What messages call the store: the file, or the server without password.
  virtual const std::string& name() const = 0;
  // Runs one statement; returns its rows (none for most).
  virtual std::vector<SqlRow> Query(const std::string& sql, const std::vector<SqlValue>& params = {}) = 0;
  // A write transaction: taken at once (SQLite's BEGIN IMMEDIATE), so two
  // writers queue on the busy timeout instead of failing on an upgrade.
  virtual void Begin() = 0;
  virtual void Commit() = 0;
  virtual void Rollback() noexcept = 0;
  // Inside a write transaction: makes the writers that read before they
  // write (a schema change, an import that skips what is stored) take
  // turns. SQLite's write lock already does; PostgreSQL's transactions
  // alone would let two of them read the same state.
  virtual void SerializeWriters() = 0;
};

// Begin on construction; Rollback unless Commit was called.
class WriteTransaction {
 public:
  explicit WriteTransaction(Database& db) : db_(db) { db_.Begin(); }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  ~WriteTransaction() {
    if (!done_) db_.Rollback();
  }
  void Commit() {
    db_.Commit();
    done_ = true;
  }

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace membench
