// File: tests/store_test.cpp
// The history store, against a real SQLite file and a real PostgreSQL
// server (a throw-away cluster this test binary starts): the same suite
// for both back ends, through the store's interface and through the
// membench binary; then what only SQLite can be made to do - a file that
// is not a store, a corrupt one, a locked one, kill -9 mid-save.
#include "store/store.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "core/error.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "membench_process.h"
#include "postgres_cluster.h"
#include "store/measurement_rows.h"
#include "store/postgres_database.h"
#include "store/schema.h"
#include "store/sqlite_database.h"

namespace membench {
namespace {

PostgresCluster& Cluster() {
  static PostgresCluster cluster;  // started once for the binary, stopped at exit
  return cluster;
}

// A real result: one short run of the binary, read back.
const RunResult& RealResult() {
  static const RunResult result = [] {
    const std::string path = TempPath("template.json");
    const Outcome run =
        Membench("run memcpy --size 4K --impl libc,movsb -r 2 --loops 10 --invocations 1 --json " + path);
    if (run.status != 0) throw std::runtime_error(run.output);
    std::ifstream in(path);
    return ParseResult(std::string(std::istreambuf_iterator<char>(in), {}), path);
  }();
  return result;
}

RunResult Variant(const std::string& tag, const std::string& host, int n) {
  RunResult r = RealResult();
  r.tag = tag;
  r.system.hostname = host;
  r.started_at = "2026-12-01T00:00:" + std::to_string(10 + n) + "Z";
  r.command_line = "membench run memcpy #" + std::to_string(n);
  return r;
}

enum class Backend { kSqlite, kPostgres };

class StoreTest : public testing::TestWithParam<Backend> {
 protected:
  // A new, empty store of the back end under test.
  std::string NewLocation() {
    if (GetParam() == Backend::kPostgres) return Cluster().NewDatabase();
    static int n = 0;
    const std::string path = TempPath("store" + std::to_string(++n) + ".sqlite");
    std::filesystem::remove(path);
    return path;
  }
  std::unique_ptr<Database> RawDatabase(const std::string& location) {
    return IsPostgresLocation(location) ? OpenPostgresDatabase(location) : OpenSqliteDatabase(location);
  }
};

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

TEST_P(StoreTest, KeepsTheCompleteResult) {
  auto store = OpenStore(NewLocation());
  RunResult r = Variant("base", "host-a", 1);
  r.labels = {{"commit", "abc123"}, {"config", "defconfig"}};
  r.interrupted = true;
  const SaveOutcome saved = store->Save(r);
  EXPECT_FALSE(saved.already_stored);
  const RunResult back = store->Load(saved.id);
  EXPECT_EQ(ResultToJson(back).dump(), ResultToJson(r).dump());
  EXPECT_EQ(back.labels.at("commit"), "abc123");
  EXPECT_FALSE(back.system.boot_id.empty());
  EXPECT_THROW(store->Load(saved.id + 100), Error);
}

TEST_P(StoreTest, HistoryFiltersAndListsTheMostRecentOldestFirst) {
  auto store = OpenStore(NewLocation());
  for (int i = 0; i < 6; ++i) store->Save(Variant(i % 2 ? "patched" : "base", i < 4 ? "host-a" : "host-b", i));
  auto all = store->History({});
  ASSERT_EQ(all.size(), 6u);
  EXPECT_LT(all.front().id, all.back().id);
  EXPECT_EQ(all.back().command_line, "membench run memcpy #5");
  HistoryFilter recent;
  recent.limit = 2;
  auto two = store->History(recent);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two.back().id, all.back().id);
  HistoryFilter by_tag;
  by_tag.tag = "base";
  EXPECT_EQ(store->History(by_tag).size(), 3u);
  HistoryFilter by_host;
  by_host.host = "host-b";
  by_host.tag = "patched";
  ASSERT_EQ(store->History(by_host).size(), 1u);
  HistoryFilter by_workload;
  by_workload.workload = "memcpy";
  EXPECT_EQ(store->History(by_workload).size(), 6u);
  by_workload.workload = "fault";
  EXPECT_TRUE(store->History(by_workload).empty());
  EXPECT_EQ(store->Tagged("patched").size(), 3u);
  EXPECT_EQ(store->Latest(0), all.back().id);
  EXPECT_EQ(store->Latest(1), all[4].id);
  EXPECT_FALSE(store->Latest(6).has_value());
}

TEST_P(StoreTest, RemovesARunWholeAndNeverReusesItsId) {
  auto store = OpenStore(NewLocation());
  const auto first = store->Save(Variant("x", "h", 1)).id;
  const auto second = store->Save(Variant("x", "h", 2)).id;
  EXPECT_TRUE(store->Remove(second));
  EXPECT_FALSE(store->Remove(second));
  EXPECT_EQ(store->Tagged("x"), std::vector<std::int64_t>{first});
  EXPECT_GT(store->Save(Variant("x", "h", 3)).id, second);
}

TEST_P(StoreTest, AnIdenticalImportIsStoredOnce) {
  auto store = OpenStore(NewLocation());
  const RunResult r = Variant("t", "h", 1);
  const auto first = store->Save(r, true);
  const auto again = store->Save(r, true);
  EXPECT_TRUE(again.already_stored);
  EXPECT_EQ(again.id, first.id);
  RunResult other = r;
  other.notes.push_back("a different run that started in the same second");
  EXPECT_FALSE(store->Save(other, true).already_stored);
}

TEST_P(StoreTest, ManyWritersAtOnceAllLand) {
  const std::string location = NewLocation();
  OpenStore(location);  // created before the writers race
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&, w] {
      auto store = OpenStore(location);
      for (int i = 0; i < 8; ++i) store->Save(Variant("w" + std::to_string(w), "h", i));
    });
  }
  for (auto& t : writers) t.join();
  HistoryFilter all;
  all.limit = 0;
  EXPECT_EQ(OpenStore(location)->History(all).size(), 32u);
}

TEST_P(StoreTest, AnOlderStoreIsUpgradedAndANewerOneRefused) {
  const std::string location = NewLocation();
  {
    auto db = RawDatabase(location);
    MigrateTo(*db, 1);
    // A run as membench with schema version 1 stored it: no measurement rows.
    db->Query(
        "INSERT INTO runs (started_at, saved_at, kind, tag, host, kernel_release, boot_id, command_line, "
        "tool_version, interrupted, result) VALUES ('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'run', "
        "'old', 'h', 'k', 'b', 'c', '0.0.1', 0, ?)",
        {ResultToJson(RealResult()).dump()});
  }
  auto store = OpenStore(location);
  HistoryFilter by_workload;
  by_workload.workload = "memcpy";
  ASSERT_EQ(store->History(by_workload).size(), 1u);
  store.reset();
  RawDatabase(location)->Query("UPDATE membench_meta SET value = '99' WHERE key = 'schema_version'", {});
  try {
    OpenStore(location);
    FAIL() << "a newer store opened";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("newer membench"), std::string::npos) << e.what();
  }
}

NoiseFloor Floor(const std::string& kind, double pct, const std::string& measured_at) {
  NoiseFloor f;
  f.kind = kind;
  f.point = kind + " reference point";
  f.invocations = 5;
  f.run_cv_pct = pct / 2.77;
  f.within_cv_pct = 0.123456789012345;
  f.floor_pct = pct;
  f.measured_at = measured_at;
  return f;
}

NoiseFloorOrigin Origin(const std::string& host) { return {host, "6.18.0-test", "boot-" + host, "Test CPU", "0.1.0"}; }

// What compare takes from a store: the newest floor of each kind for the
// host, nothing of other hosts'; every measurement stays (a host's floors
// over time, for a fleet's own SQL).
TEST_P(StoreTest, RecordsNoiseFloorsAndReadsTheNewestOfEachKindForAHost) {
  const std::string location = NewLocation();
  auto store = OpenStore(location);
  EXPECT_TRUE(store->NewestNoiseFloors("host-a").empty());
  store->RecordNoiseFloors(Origin("host-a"),
                           {Floor("memcpy", 3.0, "2026-12-01T10:00:00Z"), Floor("fault", 5.0, "2026-12-01T10:00:00Z")});
  store->RecordNoiseFloors(Origin("host-b"), {Floor("memcpy", 9.0, "2026-12-03T10:00:00Z")});
  store->RecordNoiseFloors(Origin("host-a"), {Floor("memcpy", 2.0, "2026-12-02T10:00:00Z")});
  // Measured in the same second as the one before: recorded later, it wins.
  store->RecordNoiseFloors(Origin("host-a"), {Floor("memcpy", 2.5, "2026-12-02T10:00:00Z")});
  // Recorded last but measured first (an import of an old measurement, say).
  store->RecordNoiseFloors(Origin("host-a"), {Floor("fault", 7.0, "2026-11-01T10:00:00Z")});

  const std::vector<NoiseFloor> a = store->NewestNoiseFloors("host-a");
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].kind, "fault");
  EXPECT_EQ(a[0].floor_pct, 5.0);
  EXPECT_EQ(a[0].measured_at, "2026-12-01T10:00:00Z");
  EXPECT_EQ(a[1].kind, "memcpy");
  EXPECT_EQ(a[1].floor_pct, 2.5);
  EXPECT_EQ(a[1].point, "memcpy reference point");
  EXPECT_EQ(a[1].invocations, 5u);
  // SQLite gives a double back as text of 15 significant digits.
  EXPECT_NEAR(a[1].run_cv_pct, 2.5 / 2.77, 1e-14);
  EXPECT_NEAR(a[1].within_cv_pct, 0.123456789012345, 1e-14);
  const std::vector<NoiseFloor> b = store->NewestNoiseFloors("host-b");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].floor_pct, 9.0);
  EXPECT_TRUE(store->NewestNoiseFloors("host-c").empty());

  // The same without opening it as a store.
  const std::vector<NoiseFloor> read = ReadNoiseFloors(location, "host-a");
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[1].floor_pct, 2.5);
  // docs/store.md's query of the newest floors of every host, as written.
  const auto newest = RawDatabase(location)->Query(
      "SELECT host, kind, floor_pct, run_cv_pct, invocations, measured_at, kernel_release, cpu_model\n"
      "FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY host, kind ORDER BY measured_at DESC, id DESC) AS newness\n"
      "      FROM noise_floors) f\n"
      "WHERE newness = 1 ORDER BY kind, floor_pct DESC;");
  ASSERT_EQ(newest.size(), 3u);
  EXPECT_EQ(newest[0][0], "host-a");
  EXPECT_EQ(newest[0][1], "fault");
  EXPECT_EQ(newest[1][0], "host-b");
  EXPECT_EQ(newest[2][0], "host-a");
  EXPECT_EQ(std::stod(newest[2][2].value_or("")), 2.5);
  // The machine of each floor is there for SQL across hosts.
  const auto rows = RawDatabase(location)->Query(
      "SELECT kernel_release, boot_id, cpu_model, tool_version, COUNT(*) FROM noise_floors WHERE host = ? "
      "GROUP BY kernel_release, boot_id, cpu_model, tool_version",
      {"host-a"});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0], (SqlRow{"6.18.0-test", "boot-host-a", "Test CPU", "0.1.0", "5"}));
}

// compare looks for floors on every run: it must not create a store where
// there is none, nor upgrade an old one.
TEST_P(StoreTest, ReadingNoiseFloorsCreatesAndUpgradesNothing) {
  const std::string empty = NewLocation();
  if (GetParam() == Backend::kSqlite) {
    EXPECT_THROW(ReadNoiseFloors(empty, "h"), Error);
    EXPECT_FALSE(std::filesystem::exists(empty));
  } else {
    EXPECT_TRUE(ReadNoiseFloors(empty, "h").empty());
    EXPECT_TRUE(RawDatabase(empty)
                    ->Query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
                    .empty());
  }
  const std::string old = NewLocation();
  MigrateTo(*RawDatabase(old), 2);
  EXPECT_TRUE(ReadNoiseFloors(old, "h").empty());
  const auto version = RawDatabase(old)->Query("SELECT value FROM membench_meta WHERE key = 'schema_version'");
  ASSERT_EQ(version.size(), 1u);
  EXPECT_EQ(version[0][0], "2");
}

// Version 3 adds the floors; the runs of a version-2 store stay whole.
TEST_P(StoreTest, AVersionTwoStoreKeepsItsRunsAndTakesFloors) {
  const std::string location = NewLocation();
  {
    auto db = RawDatabase(location);
    MigrateTo(*db, 2);
    const auto rows = db->Query(
        "INSERT INTO runs (started_at, saved_at, kind, tag, host, kernel_release, boot_id, command_line, "
        "tool_version, interrupted, result) VALUES ('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'run', "
        "'v2', 'h', 'k', 'b', 'c', '0.0.2', 0, ?) RETURNING id",
        {ResultToJson(RealResult()).dump()});
    InsertMeasurementRows(*db, std::stoll(rows.at(0).at(0).value_or("0")), RealResult());
  }
  auto store = OpenStore(location);
  const auto tagged = store->Tagged("v2");
  ASSERT_EQ(tagged.size(), 1u);
  EXPECT_EQ(ResultToJson(store->Load(tagged[0])).dump(), ResultToJson(RealResult()).dump());
  HistoryFilter by_workload;
  by_workload.workload = "memcpy";
  EXPECT_EQ(store->History(by_workload).size(), 1u);
  store->RecordNoiseFloors(Origin("h"), {Floor("memcpy", 4.0, "2026-12-01T00:00:00Z")});
  EXPECT_EQ(store->NewestNoiseFloors("h").size(), 1u);
  const auto version = RawDatabase(location)->Query("SELECT value FROM membench_meta WHERE key = 'schema_version'");
  EXPECT_EQ(version.at(0).at(0), std::to_string(kStoreSchemaVersion));
}

TEST_P(StoreTest, ADatabaseOfSomethingElseIsNotAStore) {
  const std::string location = NewLocation();
  RawDatabase(location)->Query("CREATE TABLE invoices (id INTEGER)", {});
  try {
    OpenStore(location);
    FAIL() << "opened someone else's database";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("is not a membench store"), std::string::npos) << e.what();
  }
}

// The workflow of the README, through the binary.
TEST_P(StoreTest, TheKernelABWorkflowWorksAsWritten) {
  const std::string store = " --store " + Quoted(NewLocation());
  const std::string run = "run memcpy --size 16K --impl libc -r 3 --loops 20";
  for (const char* tag : {"base", "base", "patched"}) {
    const Outcome o = Membench(run + " --tag " + tag + " --label commit=c-" + tag + store);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.output.find("with tag " + std::string(tag)), std::string::npos) << o.output;
  }
  const Outcome history = Membench("history" + store);
  ASSERT_EQ(history.status, 0) << history.output;
  EXPECT_TRUE(std::regex_search(
      history.output, std::regex(R"(\n\s+3\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+\S+\s+\S+\s+patched\s+.*run memcpy)")))
      << history.output;
  const Outcome filtered = Membench("history --tag base --workload memcpy" + store);
  EXPECT_NE(filtered.output.find("2 runs"), std::string::npos) << filtered.output;
  EXPECT_NE(Membench("history --workload fault" + store).output.find("no run matches"), std::string::npos);

  const Outcome show = Membench("history show 2" + store);
  ASSERT_EQ(show.status, 0) << show.output;
  EXPECT_NE(show.output.find("# tag: base; labels: commit=c-base"), std::string::npos) << show.output;
  EXPECT_NE(show.output.find("memcpy"), std::string::npos);

  const Outcome compare = Membench("compare @base @patched" + store);
  ASSERT_EQ(compare.status, 0) << compare.output;
  // Two stored runs of three invocations each: six runs to compare.
  EXPECT_NE(compare.output.find("@base (runs 1, 2): 6 runs"), std::string::npos) << compare.output;
  EXPECT_NE(compare.output.find("label.commit"), std::string::npos) << compare.output;
  EXPECT_NE(compare.output.find("rate (GB/s)"), std::string::npos) << compare.output;
  // Files, ids and last~N mix.
  const std::string file = TempPath("exported.json");
  ASSERT_EQ(Membench("history export 1 --json " + file + store).status, 0);
  const Outcome mixed = Membench("compare " + file + " last~1" + store);
  EXPECT_EQ(mixed.status, 0) << mixed.output;
  EXPECT_NE(mixed.output.find("do not differ"), std::string::npos) << mixed.output;

  const Outcome again = Membench("history import " + file + store);
  EXPECT_NE(again.output.find("already stored as run 1"), std::string::npos) << again.output;
  ASSERT_EQ(Membench("history rm 1" + store).status, 0);
  const Outcome back = Membench("history import " + file + store);
  EXPECT_NE(back.output.find("saved as run 4"), std::string::npos) << back.output;
  EXPECT_NE(Membench("history show 1" + store).output.find("has no run 1"), std::string::npos);
  EXPECT_NE(Membench("compare @nosuch @base" + store).output.find("no run tagged 'nosuch'"), std::string::npos);
}

// doctor --noise --store records the floors there, not in the file, and
// compare of one run a side applies them, finding the store through
// $MEMBENCH_STORE.
TEST_P(StoreTest, DoctorRecordsNoiseFloorsInTheStoreAndCompareAppliesThem) {
  const std::string location = NewLocation();
  const XdgHomes homes(GetParam() == Backend::kSqlite ? "floors_sqlite" : "floors_postgres");
  const std::string env = homes.Prefix();
  const Outcome doctor = Membench("doctor --noise -r 2 --invocations 2 --store " + Quoted(location), env);
  ASSERT_EQ(doctor.status, 0) << doctor.output;
  auto store = OpenStore(location);
  EXPECT_NE(doctor.output.find("Recorded in store " + store->name() + ".\n"), std::string::npos) << doctor.output;
  EXPECT_FALSE(std::filesystem::exists(homes.state + "/membench/noise-floor.json"));
  const auto floors = store->NewestNoiseFloors(RealResult().system.hostname);
  ASSERT_EQ(floors.size(), 2u);
  EXPECT_EQ(floors[0].kind, "fault");
  EXPECT_EQ(floors[1].kind, "memcpy");
  EXPECT_EQ(floors[1].invocations, 2u);
  EXPECT_EQ(store->History({}).size(), 1u) << "--store implies --save: the A/A run";

  const std::string file = TempPath("floors_result.json");
  std::ofstream(file) << ResultToJson(RealResult()).dump();
  // --wide: the note is matched whole, not wrapped to 100 columns.
  const Outcome compare =
      Membench("compare --wide " + file + " " + file, env + "MEMBENCH_STORE=" + Quoted(location) + " ");
  ASSERT_EQ(compare.status, 0) << compare.output;
  const std::string applied =
      fmt::format("--threshold overrides): fault {:.1f}% ({}), memcpy {:.1f}% ({}) in store {}\n", floors[0].floor_pct,
                  floors[0].measured_at, floors[1].floor_pct, floors[1].measured_at, store->name());
  EXPECT_NE(compare.output.find(applied), std::string::npos) << compare.output;
}

TEST_P(StoreTest, AnInterruptedRunIsSavedAsInterruptedWithWhatItMeasured) {
  const std::string location = NewLocation();
  // Created first: a new store's fsyncs can take seconds on a busy disk,
  // and a Ctrl-C before the run has started measuring just ends membench.
  // --foreground: without it timeout signals the child and then its whole
  // process group, a second Ctrl-C that ends membench at once.
  OpenStore(location);
  const Outcome o = RunCommand("timeout --foreground --preserve-status -s INT 5 " + std::string(MEMBENCH_BINARY) +
                               " run memcpy --size 64K --impl libc -r 1000 --save --store " + Quoted(location));
  ASSERT_EQ(o.status, 130) << o.output;
  EXPECT_NE(o.output.find("interrupted: what it measured"), std::string::npos) << o.output;
  auto store = OpenStore(location);
  const auto runs = store->History({});
  ASSERT_EQ(runs.size(), 1u) << o.output;
  EXPECT_TRUE(runs.front().interrupted);
  const RunResult r = store->Load(runs.front().id);
  ASSERT_FALSE(r.measurements.empty());
  EXPECT_GT(r.measurements.front().samples.size(), 0u);
}

// The schema as the database describes it: what a store's migrations made.
std::vector<std::string> SchemaOf(Database& db) {
  const char* sql =
      db.dialect() == SqlDialect::kSqlite
          ? "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY 1"
          : "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || "
            "COALESCE(column_default, '') FROM information_schema.columns WHERE table_schema = current_schema() "
            "UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1";
  std::vector<std::string> schema;
  for (const SqlRow& row : db.Query(sql)) schema.push_back(row.at(0).value_or("NULL"));
  return schema;
}

// The stores of schema version 2 that the membench of that version wrote
// (tests/data/old/make-fixtures.sh), frozen: today's membench opens and
// migrates them, and reads back the rows that membench stored. A migrated
// store must have exactly the schema a new one gets: the frozen store never
// ran today's text of the earlier migrations, so an edit to one fails here.
TEST_P(StoreTest, AStoreTheLastVersionWroteOpensMigratesAndKeepsItsRows) {
  const std::string fixtures = std::string(MEMBENCH_SOURCE_DIR) + "/tests/data/old/";
  std::string location;
  if (GetParam() == Backend::kPostgres) {
    location = Cluster().NewDatabase();
    const Outcome restored =
        RunCommand("psql -q -v ON_ERROR_STOP=1 -d '" + location + "' -f " + fixtures + "store-v2.pg.sql > /dev/null");
    ASSERT_EQ(restored.status, 0) << restored.output;
  } else {
    location = TempPath("store-v2.sqlite");
    std::filesystem::copy_file(fixtures + "store-v2.sqlite", location,
                               std::filesystem::copy_options::overwrite_existing);
  }
  ASSERT_EQ(RawDatabase(location)->Query("SELECT value FROM membench_meta WHERE key = 'schema_version'").at(0).at(0),
            "2");
  auto store = OpenStore(location);
  ASSERT_EQ(store->Tagged("base").size(), 2u);
  ASSERT_EQ(store->Tagged("patched").size(), 1u);
  for (const std::int64_t id : store->Tagged("base")) EXPECT_FALSE(store->Load(id).measurements.empty()) << id;
  store.reset();

  std::ifstream expected_file(fixtures + "store-v2.rows.json");
  const nlohmann::json expected = nlohmann::json::parse(expected_file);
  auto db = RawDatabase(location);
  for (const auto& [name, sql] : expected["queries"].items()) {
    std::vector<std::vector<std::string>> rows;
    for (const SqlRow& row : db->Query(sql.get<std::string>())) {
      std::vector<std::string> values;
      for (const SqlValue& value : row) values.push_back(value.value_or("NULL"));
      rows.push_back(values);
    }
    EXPECT_EQ(nlohmann::json(rows), expected["rows"][name]) << name;
  }
  EXPECT_EQ(db->Query("SELECT value FROM membench_meta WHERE key = 'schema_version'").at(0).at(0),
            std::to_string(kStoreSchemaVersion));
  auto fresh_location = NewLocation();
  OpenStore(fresh_location);
  EXPECT_EQ(SchemaOf(*db), SchemaOf(*RawDatabase(fresh_location)))
      << "a migrated store differs from a new one: was an earlier migration edited?";

  // And through the binary, as a user would: the A/B of the frozen runs.
  const Outcome compared = Membench("compare @base @patched --store '" + location + "'");
  EXPECT_EQ(compared.status, 0) << compared.output;
}

INSTANTIATE_TEST_SUITE_P(BothBackEnds, StoreTest, testing::Values(Backend::kSqlite, Backend::kPostgres),
                         [](const auto& param_info) {
                           return param_info.param == Backend::kSqlite ? "Sqlite" : "Postgres";
                         });

// ---- What a broken or busy store does to a run ----

const std::string kShortRun = "run memcpy --size 16K --impl libc -r 2 --loops 10";

TEST(BadStore, AFileThatIsNotAStoreStopsTheRunBeforeItMeasures) {
  const std::string path = TempPath("notes.txt");
  std::ofstream(path) << "shopping list: milk, eggs, a faster memcpy\n";
  const Outcome o = Membench(kShortRun + " --save --store " + path);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find(path + " is not a membench store"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("GB/s"), std::string::npos) << "measured although the store was bad:\n" << o.output;
}

TEST(BadStore, ACorruptStoreIsNamedNotCrashedOn) {
  const std::string path = TempPath("corrupt.sqlite");
  std::filesystem::remove(path);
  {
    auto store = OpenStore(path);
    for (int i = 0; i < 20; ++i) store->Save(Variant("t", "h", i));
  }
  // Checkpointed into the main file, then its second half cut off.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
  const Outcome o = Membench("history --limit 0 --workload memcpy --store " + path);
  EXPECT_NE(o.status, 0) << o.output;
  EXPECT_LT(o.status, 128) << "crashed:\n" << o.output;
  EXPECT_NE(o.output.find(path), std::string::npos) << o.output;
}

TEST(BadStore, AnUnreachableServerStopsTheRunBeforeItMeasures) {
  const Outcome o = Membench(kShortRun + " --store 'postgresql://someone:secret@/x?host=/nonexistent&port=1'");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("cannot reach the PostgreSQL store postgresql://someone:***@/x"), std::string::npos)
      << o.output;
  EXPECT_EQ(o.output.find("secret"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("GB/s"), std::string::npos) << o.output;
}

TEST(BadStore, AServerLostBeforeTheSaveIsAnErrorNotAHang) {
  const std::string uri = Cluster().NewDatabase();
  auto store = OpenStore(uri);
  OpenPostgresDatabase(uri)->Query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND "
      "pid <> pg_backend_pid()",
      {});
  try {
    store->Save(Variant("t", "h", 1));
    FAIL() << "saved over a terminated connection";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("PostgreSQL store"), std::string::npos) << e.what();
  }
}

TEST(BadStore, ARefusedConnectionSaysWhy) {
  const Outcome o = Membench(kShortRun + " --save --store " + Quoted(Cluster().Uri("no_such_database")));
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("cannot reach the PostgreSQL store"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("\"no_such_database\" does not exist"), std::string::npos) << o.output;
}

TEST(BadStore, ALockedStoreStillPrintsAndKeepsTheResult) {
  const std::string path = TempPath("locked.sqlite");
  std::filesystem::remove(path);
  OpenStore(path);
  sqlite3* holder = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &holder), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string json = TempPath("locked.json");
  std::filesystem::remove(json);
  const Outcome o = Membench(kShortRun + " --save --json " + json + " --store " + path);
  sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("is locked by another process"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("GB/s"), std::string::npos) << "the result was not printed:\n" << o.output;
  EXPECT_TRUE(std::filesystem::exists(json));
  EXPECT_NE(o.output.find("history import " + json), std::string::npos) << o.output;
  // Without --json the result goes to a rescue file that imports.
  sqlite3_open(path.c_str(), &holder);
  sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  const std::string rescue_directory = TempPath("rescue");
  std::filesystem::create_directory(rescue_directory);
  const Outcome rescued = Membench(kShortRun + " --save --store " + path, "TMPDIR=" + rescue_directory + " ");
  sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  std::smatch file;
  ASSERT_TRUE(std::regex_search(rescued.output, file, std::regex(R"(kept it in (\S+\.json))"))) << rescued.output;
  const Outcome imported = Membench("history import " + file[1].str() + " --store " + path);
  EXPECT_NE(imported.output.find("saved as run 1"), std::string::npos) << imported.output;
}

TEST(Concurrency, TwoRunsSavingAtOnceBothLand) {
  const std::string path = TempPath("two.sqlite");
  std::filesystem::remove(path);
  const std::string run = std::string(MEMBENCH_BINARY) + " " + kShortRun + " --tag both --store " + path;
  const Outcome o =
      RunCommand("(" + run + " >/dev/null & a=$!; " + run + " >/dev/null & b=$!; wait $a && wait $b) && echo BOTH-OK");
  EXPECT_NE(o.output.find("BOTH-OK"), std::string::npos) << o.output;
  EXPECT_EQ(OpenStore(path)->Tagged("both").size(), 2u);
}

// Distinct result files, for imports that really save.
std::vector<std::string> ResultFiles(const std::string& prefix, int count) {
  std::vector<std::string> files;
  for (int i = 0; i < count; ++i) {
    files.push_back(TempPath(prefix + std::to_string(i) + ".json"));
    std::ofstream(files.back()) << ResultToJson(Variant(prefix, "h", i)).dump();
  }
  return files;
}

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += " " + w;
  return out;
}

TEST(Concurrency, TwoImportsAtOnceBothLandWhole) {
  const std::string path = TempPath("imports.sqlite");
  std::filesystem::remove(path);
  const std::string a =
      std::string(MEMBENCH_BINARY) + " history import --store " + path + Joined(ResultFiles("ia", 40));
  const std::string b =
      std::string(MEMBENCH_BINARY) + " history import --store " + path + Joined(ResultFiles("ib", 40));
  const Outcome o =
      RunCommand("(" + a + " >/dev/null & x=$!; " + b + " >/dev/null & y=$!; wait $x && wait $y) && echo BOTH-OK");
  EXPECT_NE(o.output.find("BOTH-OK"), std::string::npos) << o.output;
  auto store = OpenStore(path);
  EXPECT_EQ(store->Tagged("ia").size(), 40u);
  EXPECT_EQ(store->Tagged("ib").size(), 40u);
}

// Every stored run is whole: its measurement rows match its result.
void ExpectConsistent(const std::string& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* check = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &check, nullptr);
  ASSERT_EQ(sqlite3_step(check), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(check, 0)), "ok");
  sqlite3_finalize(check);
  sqlite3_close(db);
  auto store = OpenStore(path);
  HistoryFilter all;
  all.limit = 0;
  HistoryFilter with_rows = all;
  with_rows.workload = "memcpy";
  EXPECT_EQ(store->History(all).size(), store->History(with_rows).size());
  for (const auto& run : store->History(all)) EXPECT_FALSE(store->Load(run.id).measurements.empty());
}

TEST(Crash, KillNineDuringSavesLeavesTheEarlierRunsIntact) {
  const std::string path = TempPath("killed.sqlite");
  std::filesystem::remove(path);
  // Enough that the import is still going when a poll that waited on the
  // writer's lock returns (150 were sometimes all in by then).
  const auto files = ResultFiles("k", 1000);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::vector<std::string> args = {MEMBENCH_BINARY, "history", "import", "--store", path};
    args.insert(args.end(), files.begin(), files.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::freopen("/dev/null", "w", stdout);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  // Killed once some runs are in, mid-way through the rest.
  std::size_t stored = 0;
  for (int i = 0; i < 2000 && stored < 10; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    try {
      if (std::filesystem::exists(path)) stored = OpenStore(path)->Tagged("k").size();
    } catch (const Error&) {
      // Still being created.
    }
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_GE(stored, 10u) << "the import never got going";
  ASSERT_TRUE(WIFSIGNALED(status)) << "the import ended before the kill: nothing was tested";
  ExpectConsistent(path);
  auto store = OpenStore(path);
  const auto kept = store->Tagged("k");
  EXPECT_GE(kept.size(), stored);
  EXPECT_LT(kept.size(), files.size());
  EXPECT_EQ(store->Load(kept.front()).command_line, "membench run memcpy #0");
  // It takes new runs afterwards.
  EXPECT_EQ(Membench("history import " + files.back() + " --store " + path).status, 0);
}

TEST(DefaultStore, LivesUnderXdgDataHomeAndMembenchStoreOverridesIt) {
  const std::string home = TempPath("xdg");
  std::filesystem::remove_all(home);
  const Outcome o = Membench(kShortRun + " --save", "env -u MEMBENCH_STORE XDG_DATA_HOME=" + home + " ");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(std::filesystem::exists(home + "/membench/history.sqlite")) << o.output;
  const std::string other = TempPath("env.sqlite");
  std::filesystem::remove(other);
  ASSERT_EQ(Membench(kShortRun + " --save", "MEMBENCH_STORE=" + other + " ").status, 0);
  EXPECT_EQ(OpenStore(other)->History({}).size(), 1u);
}

TEST(SaveFlags, MalformedTagsAndLabelsAreRefusedBeforeTheRun) {
  const Outcome label = Membench(kShortRun + " --label nokey --store " + TempPath("flags.sqlite"));
  EXPECT_EQ(label.status, 2);
  EXPECT_NE(label.output.find("expected KEY=VALUE"), std::string::npos) << label.output;
  const Outcome tag = Membench(kShortRun + " --tag 'a b' --store " + TempPath("flags.sqlite"));
  EXPECT_EQ(tag.status, 2);
  EXPECT_NE(tag.output.find("--tag 'a b'"), std::string::npos) << tag.output;
  const Outcome last = Membench("compare last~x last --store " + TempPath("flags.sqlite"));
  EXPECT_NE(last.output.find("expected last~N"), std::string::npos) << last.output;
}

}  // namespace
}  // namespace membench
