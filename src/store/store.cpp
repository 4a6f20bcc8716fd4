// File: store/store.cpp
#include "store/store.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

#include "core/error.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "store/measurement_rows.h"
#include "store/postgres_database.h"
#include "store/schema.h"
#include "store/sqlite_database.h"

namespace membench {
namespace {

std::string NowUtc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     fmt::gmtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now())));
}

std::int64_t IdOf(const SqlValue& value) { return std::stoll(value.value_or("0")); }

SqlValue TagValue(const std::string& tag) { return tag.empty() ? SqlValue() : SqlValue(tag); }

std::string Number(double value) { return fmt::format("{:.17g}", value); }

// Two floors measured in the same second: the one recorded later wins.
std::vector<NoiseFloor> NewestFloors(Database& db, const std::string& host) {
  std::vector<NoiseFloor> floors;
  for (const SqlRow& row :
       db.Query("SELECT kind, point, invocations, run_cv_pct, within_cv_pct, floor_pct, measured_at FROM (SELECT *, "
                "ROW_NUMBER() OVER (PARTITION BY kind ORDER BY measured_at DESC, id DESC) AS newness FROM noise_floors "
                "WHERE host = ?) f WHERE newness = 1 ORDER BY kind",
                {host})) {
    NoiseFloor f;
    f.kind = row.at(0).value_or("");
    f.point = row.at(1).value_or("");
    f.invocations = std::stoul(row.at(2).value_or("0"));
    f.run_cv_pct = std::stod(row.at(3).value_or("0"));
    f.within_cv_pct = std::stod(row.at(4).value_or("0"));
    f.floor_pct = std::stod(row.at(5).value_or("0"));
    f.measured_at = row.at(6).value_or("");
    floors.push_back(f);
  }
  return floors;
}

std::unique_ptr<Database> OpenDatabase(const std::string& location, SqliteOpen mode) {
  return IsPostgresLocation(location) ? OpenPostgresDatabase(location) : OpenSqliteDatabase(location, mode);
}

}  // namespace

Store::Store(std::unique_ptr<Database> db) : db_(std::move(db)) { PrepareSchema(*db_); }

SaveOutcome Store::Save(const RunResult& result, bool skip_identical, const std::function<void()>& before_commit) {
  // A command line or host name need not be UTF-8; JSON must be.
  const std::string text = ResultToJson(result).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  WriteTransaction transaction(*db_);
  if (skip_identical) {
    db_->SerializeWriters();
    for (const SqlRow& row : db_->Query("SELECT id, result FROM runs WHERE host = ? AND started_at = ? AND "
                                        "command_line = ?",
                                        {result.system.hostname, result.started_at, result.command_line})) {
      if (row.at(1) == text) return {IdOf(row.at(0)), true};
    }
  }
  const auto rows = db_->Query(
      "INSERT INTO runs (started_at, saved_at, kind, tag, host, kernel_release, boot_id, command_line, tool_version, "
      "interrupted, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
      {result.started_at, NowUtc(), std::string(ResultKindName(result.kind)), TagValue(result.tag),
       result.system.hostname, result.system.kernel_release, result.system.boot_id, result.command_line,
       result.tool_version, result.interrupted ? "1" : "0", text});
  const std::int64_t id = IdOf(rows.at(0).at(0));
  for (const auto& [key, value] : result.labels) {
    db_->Query("INSERT INTO labels (run_id, key, value) VALUES (?, ?, ?)", {std::to_string(id), key, value});
  }
  InsertMeasurementRows(*db_, id, result);
  if (before_commit) before_commit();
  transaction.Commit();
  return {id, false};
}

std::vector<StoredRun> Store::History(const HistoryFilter& filter) {
  std::string sql =
      "SELECT id, started_at, kind, tag, host, kernel_release, command_line, interrupted FROM runs r WHERE 1 = 1";
  std::vector<SqlValue> params;
  if (!filter.tag.empty()) {
    sql += " AND tag = ?";
    params.emplace_back(filter.tag);
  }
  if (!filter.host.empty()) {
    sql += " AND host = ?";
    params.emplace_back(filter.host);
  }
  if (!filter.workload.empty()) {
    sql += " AND EXISTS (SELECT 1 FROM measurements m WHERE m.run_id = r.id AND m.workload = ?)";
    params.emplace_back(filter.workload);
  }
  sql += " ORDER BY id DESC";
  if (filter.limit > 0) sql += fmt::format(" LIMIT {}", filter.limit);
  std::vector<StoredRun> runs;
  for (const SqlRow& row : db_->Query(sql, params)) {
    runs.push_back({IdOf(row.at(0)), row.at(1).value_or(""), row.at(2).value_or(""), row.at(3).value_or(""),
                    row.at(4).value_or(""), row.at(5).value_or(""), row.at(6).value_or(""), row.at(7) == "1"});
  }
  std::reverse(runs.begin(), runs.end());
  return runs;
}

RunResult Store::Load(std::int64_t id) {
  const auto rows = db_->Query("SELECT result FROM runs WHERE id = ?", {std::to_string(id)});
  if (rows.empty()) throw Error(fmt::format("store {} has no run {} (membench history lists them)", name(), id));
  return ParseResult(rows.front().at(0).value_or(""), fmt::format("{} run {}", name(), id));
}

std::vector<std::int64_t> Store::Tagged(const std::string& tag) {
  std::vector<std::int64_t> ids;
  for (const SqlRow& row : db_->Query("SELECT id FROM runs WHERE tag = ? ORDER BY id", {tag})) {
    ids.push_back(IdOf(row.at(0)));
  }
  return ids;
}

std::optional<std::int64_t> Store::Latest(int back) {
  const auto rows = db_->Query(fmt::format("SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET {}", back));
  if (rows.empty()) return std::nullopt;
  return IdOf(rows.front().at(0));
}

bool Store::Remove(std::int64_t id) {
  WriteTransaction transaction(*db_);
  // Its labels and measurement rows go with it (ON DELETE CASCADE).
  const bool removed = !db_->Query("DELETE FROM runs WHERE id = ? RETURNING id", {std::to_string(id)}).empty();
  transaction.Commit();
  return removed;
}

void Store::RecordNoiseFloors(const NoiseFloorOrigin& origin, const std::vector<NoiseFloor>& floors) {
  WriteTransaction transaction(*db_);
  for (const NoiseFloor& f : floors) {
    db_->Query(
        "INSERT INTO noise_floors (host, kind, point, invocations, run_cv_pct, within_cv_pct, floor_pct, "
        "measured_at, kernel_release, boot_id, cpu_model, tool_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {origin.host, f.kind, f.point, std::to_string(f.invocations), Number(f.run_cv_pct), Number(f.within_cv_pct),
         Number(f.floor_pct), f.measured_at, origin.kernel_release, origin.boot_id, origin.cpu_model,
         origin.tool_version});
  }
  transaction.Commit();
}

std::vector<NoiseFloor> Store::NewestNoiseFloors(const std::string& host) { return NewestFloors(*db_, host); }

bool IsPostgresLocation(const std::string& location) {
  return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

std::string StoreDisplayName(const std::string& location) {
  return IsPostgresLocation(location) ? WithoutPassword(location) : location;
}

std::unique_ptr<Store> OpenStore(const std::string& location) {
  return std::make_unique<Store>(OpenDatabase(location, SqliteOpen::kCreate));
}

std::vector<NoiseFloor> ReadNoiseFloors(const std::string& location, const std::string& host) {
  const auto db = OpenDatabase(location, SqliteOpen::kExistingOnly);
  if (ReadableSchemaVersion(*db) < kNoiseFloorsSchemaVersion) return {};
  return NewestFloors(*db, host);
}

}  // namespace membench
