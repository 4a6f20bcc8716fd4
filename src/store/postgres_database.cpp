// File: store/postgres_database.cpp
#include "store/postgres_database.h"

#include <libpq-fe.h>

#include "core/error.h"

namespace membench {
namespace {

std::string FirstLine(const char* text) {
  std::string line = text != nullptr ? text : "";
  const auto end = line.find('\n');
  return end == std::string::npos ? line : line.substr(0, end);
}

// `?` placeholders as PostgreSQL's $1, $2, ... (the store's statements
// have no `?` inside literals).
std::string NumberedPlaceholders(const std::string& sql) {
  std::string out;
  int next = 1;
  for (const char c : sql) {
    if (c == '?') {
      out += "$" + std::to_string(next++);
    } else {
      out += c;
    }
  }
  return out;
}

class PostgresDatabase final : public Database {
 public:
  explicit PostgresDatabase(const std::string& uri) : name_(WithoutPassword(uri)) {
    // The timeouts come before the URI, so those given in it win.
    const char* keywords[] = {"connect_timeout", "tcp_user_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {"10", "30000", "membench", uri.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, 1);
    if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) {
      const std::string why = conn_ != nullptr ? FirstLine(PQerrorMessage(conn_)) : "out of memory";
      PQfinish(conn_);
      throw Error("cannot reach the PostgreSQL store " + name_ + " (" + why +
                  "); is the server running, and are the URI, user and password right?");
    }
    // Notices must not chatter on stderr.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    // A server that stops answering, or another writer that holds a lock,
    // must end in an error (and the result kept in a file), not a hang.
    Query("SET lock_timeout = '10s'", {});
    Query("SET statement_timeout = '120s'", {});
  }
  ~PostgresDatabase() override { PQfinish(conn_); }

  SqlDialect dialect() const override { return SqlDialect::kPostgres; }
  const std::string& name() const override { return name_; }

  std::vector<SqlRow> Query(const std::string& sql, const std::vector<SqlValue>& params) override {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    PGresult* res = PQexecParams(conn_, NumberedPlaceholders(sql).c_str(), static_cast<int>(values.size()), nullptr,
                                 values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = PQresultStatus(res);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const std::string why = res != nullptr ? FirstLine(PQresultErrorMessage(res)) : FirstLine(PQerrorMessage(conn_));
      PQclear(res);
      if (PQstatus(conn_) != CONNECTION_OK) {
        throw Error("lost the connection to the PostgreSQL store " + name_ + " (" + why +
                    "); save again when it is back");
      }
      throw Error("PostgreSQL store " + name_ + ": " + why);
    }
    std::vector<SqlRow> rows;
    for (int r = 0; r < PQntuples(res); ++r) {
      SqlRow row;
      for (int c = 0; c < PQnfields(res); ++c) {
        if (PQgetisnull(res, r, c)) {
          row.emplace_back(std::nullopt);
        } else {
          row.emplace_back(std::string(PQgetvalue(res, r, c), static_cast<std::size_t>(PQgetlength(res, r, c))));
        }
      }
      rows.push_back(std::move(row));
    }
    PQclear(res);
    return rows;
  }

  void Begin() override { Query("BEGIN", {}); }
  void Commit() override { Query("COMMIT", {}); }
  void Rollback() noexcept override { PQclear(PQexec(conn_, "ROLLBACK")); }
  // Any fixed key: every membench opening the store agrees on it.
  void SerializeWriters() override { Query("SELECT pg_advisory_xact_lock(7274823)", {}); }

 private:
  std::string name_;
  PGconn* conn_ = nullptr;
};

}  // namespace

std::unique_ptr<Database> OpenPostgresDatabase(const std::string& uri) {
  return std::make_unique<PostgresDatabase>(uri);
}

std::string WithoutPassword(const std::string& uri) {
  std::string out = uri;
  // postgresql://user:password@host/...
  const auto scheme = out.find("://");
  if (scheme != std::string::npos) {
    const auto at = out.find('@', scheme + 3);
    const auto slash = out.find('/', scheme + 3);
    const auto colon = out.find(':', scheme + 3);
    if (at != std::string::npos && (slash == std::string::npos || at < slash) && colon != std::string::npos &&
        colon < at) {
      out.replace(colon, at - colon, ":***");
    }
  }
  // ...?password=secret&...
  const auto key = out.find("password=");
  if (key != std::string::npos) {
    const auto end = out.find('&', key);
    out.replace(key, (end == std::string::npos ? out.size() : end) - key, "password=***");
  }
  return out;
}

}  // namespace membench
