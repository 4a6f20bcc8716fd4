// File: tests/doctor_noise_test.cpp
// `membench doctor --noise`: the machine's noise floor measured from separate invocations,
// recorded in the file and the default store.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "membench_process.h"
#include "report/noise_floor_json.h"
#include "store/store.h"

namespace membench {
namespace {

TEST(Doctor, RecordsThisMachinesNoiseFloorFromSeparateInvocations) {
  const XdgHomes homes("doctor");
  const Outcome o = Membench("doctor --noise -r 2 --invocations 2", homes.Prefix());
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("between invocations: 2 separate runs"), std::string::npos) << o.output;
  // And the runs a side compare needs, from each point's run-to-run CV.
  EXPECT_NE(o.output.find("runs a side to detect a change with 80% power, each a result of --invocations 1"),
            std::string::npos)
      << o.output;
  const std::string needed = R"((\d+|> 100))";
  EXPECT_TRUE(std::regex_search(o.output, std::regex("\n  memcpy  1%: " + needed + "\\*, 2%: " + needed +
                                                     ", 3%: " + needed + ", 5%: " + needed + "\n")))
      << o.output;
  EXPECT_NE(o.output.find("  * at --threshold 0: at a threshold of 1%"), std::string::npos) << o.output;
  // No store: the file, and no store made for it.
  EXPECT_NE(o.output.find("Recorded in " + homes.state + "/membench/noise-floor.json.\n"), std::string::npos)
      << o.output;
  EXPECT_FALSE(std::filesystem::exists(homes.data + "/membench/history.sqlite"));
  const nlohmann::json floors = ReadJson(homes.state + "/membench/noise-floor.json");
  EXPECT_EQ(floors["schema"], "membench-noise-floor/1");
  const auto& host = floors["hosts"].begin().value();
  EXPECT_EQ(host["memcpy"]["invocations"], 2);
  EXPECT_GE(host["fault"]["floor_pct"].get<double>(), 0.0);
}

// Where the default store exists, the floors go there and not to the file.
TEST(Doctor, RecordsTheNoiseFloorInTheDefaultStoreWhereItExists) {
  const XdgHomes homes("doctor_store");
  const std::string store = homes.data + "/membench/history.sqlite";
  std::filesystem::create_directories(homes.data + "/membench");
  OpenStore(store);
  const Outcome o = Membench("doctor --noise -r 2 --invocations 2", homes.Prefix());
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("Recorded in store " + store + ".\n"), std::string::npos) << o.output;
  EXPECT_FALSE(std::filesystem::exists(homes.state + "/membench/noise-floor.json"));
  auto opened = OpenStore(store);
  utsname machine{};
  ASSERT_EQ(::uname(&machine), 0);
  const auto floors = opened->NewestNoiseFloors(machine.nodename);
  ASSERT_EQ(floors.size(), 2u);
  EXPECT_EQ(floors[0].kind, "fault");
  EXPECT_EQ(floors[1].kind, "memcpy");
  EXPECT_EQ(floors[1].invocations, 2u);
  EXPECT_TRUE(opened->History({}).empty()) << "the A/A run was saved without --save";
}

// A store that cannot take the floors loses nothing: they go to the file,
// and doctor says so and exits 2.
TEST(Doctor, AStoreThatFailsLeavesTheNoiseFloorInTheFile) {
  const XdgHomes homes("doctor_bad");
  const std::string not_a_store = TempPath("doctor_notes.txt");
  std::ofstream(not_a_store) << "not a database\n";
  const Outcome o =
      Membench("doctor --noise -r 2 --invocations 2", homes.Prefix() + "MEMBENCH_STORE=" + not_a_store + " ");
  EXPECT_EQ(o.status, 2) << o.output;
  const std::string file = homes.state + "/membench/noise-floor.json";
  EXPECT_NE(
      o.output.find("the noise floors were not recorded in the store: " + not_a_store + " is not a membench store"),
      std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("Recorded in " + file + ".\n"), std::string::npos) << o.output;
  EXPECT_TRUE(std::filesystem::exists(file));
}

TEST(Doctor, NoiseRunsAnAaAndPrintsTheDetectableChange) {
  const Outcome run = Membench("doctor --noise -r 3");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("A/A: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("smallest change detectable"), std::string::npos) << run.output;
  // 3 samples a side can never give p < 0.05 (2 / C(6, 3) = 0.1); the threshold used is named.
  EXPECT_NE(run.output.find("-r 3   cannot decide at -r 3 (3 and 3 samples are too few"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("\nthreshold "), std::string::npos) << run.output;
}

}  // namespace
}  // namespace membench
