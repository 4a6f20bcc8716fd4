// File: tests/experiment_pool_test.cpp
// What experiment report pools: results by run id (by title before ids),
// by session and date, of one version of the file's runs; and the version
// itself, which only the runs as parsed change.
#include "cli/experiment_pool.h"

#include <gtest/gtest.h>

#include "cli/experiment_version.h"
#include "core/error.h"

namespace membench {
namespace {

constexpr const char* kFile = R"(name = "n"
question = "q?"
[[run]]
id = "copy"
title = "a copy"
workload = "memcpy"
params = { size = "16K" }
)";

RunResult Saved(const std::string& run_id, const std::string& title, const std::string& session,
                const std::string& version, const std::string& started_at, const std::string& boot) {
  RunResult r;
  r.labels = {{"experiment", "n"}, {"run", title}, {"variant", "full"}};
  if (!run_id.empty()) r.labels["run_id"] = run_id;
  if (!session.empty()) r.labels["session"] = session;
  if (!version.empty()) r.labels["experiment_version"] = version;
  r.started_at = started_at;
  r.system.boot_id = boot;
  return r;
}

TEST(ExperimentVersion, OnlyTheRunsAsParsedChangeIt) {
  const std::string version = RunsVersion(ParseExperiment(kFile, "x.toml"));
  EXPECT_EQ(version.size(), 16u);
  // Comments, layout, key order and the title leave it.
  std::string relaid = R"(# a comment
name = "n"
question = "q?"

[[run]]
params = { size = "16K" }   # the same size
workload = "memcpy"
title = "renamed"
id = "copy"
)";
  EXPECT_EQ(RunsVersion(ParseExperiment(relaid, "x.toml")), version);
  std::string sized = kFile;
  sized.replace(sized.find("16K"), 3, "32K");
  EXPECT_NE(RunsVersion(ParseExperiment(sized, "x.toml")), version);
  std::string renumbered = kFile;
  renumbered.replace(renumbered.find("\"copy\""), 6, "\"copy2\"");
  EXPECT_NE(RunsVersion(ParseExperiment(renumbered, "x.toml")), version);
  EXPECT_NE(NewSessionId(), NewSessionId());
}

TEST(ExperimentFile, ARunNeedsAUniqueIdOfPlainCharacters) {
  std::string missing = kFile;
  missing.erase(missing.find("id = \"copy\"\n"), 12);
  try {
    ParseExperiment(missing, "x.toml");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("x.toml:3: run[1].id: missing: each run needs an id"), std::string::npos)
        << e.what();
  }
  const std::string twice = std::string(kFile) + "[[run]]\nid = \"copy\"\ntitle = \"b\"\nworkload = \"memset\"\n";
  try {
    ParseExperiment(twice, "x.toml");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("x.toml:9: run[2].id: two runs with the id copy"), std::string::npos)
        << e.what();
  }
  std::string spaced = kFile;
  spaced.replace(spaced.find("\"copy\""), 6, "\"a copy\"");
  EXPECT_THROW(ParseExperiment(spaced, "x.toml"), Error);
}

TEST(ExperimentPool, ResultsAreMatchedByIdThenByTitleWithANote) {
  const Experiment e = ParseExperiment(kFile, "x.toml");
  const std::vector<RunResult> tagged = {
      Saved("copy", "old title", "s1", "v1", "2026-12-01T10:00:00Z", "b1"),
      Saved("other", "a copy", "s1", "v1", "2026-12-01T10:01:00Z", "b1"),  // another run, the same title
      Saved("", "a copy", "", "", "2026-11-01T10:00:00Z", "b0"),           // before ids
      Saved("", "an older title", "", "", "2026-11-01T10:00:00Z", "b0"),
  };
  const PooledRun pooled = PoolRun(tagged, e, e.runs[0], PoolFilter{"full", {}, ""});
  ASSERT_EQ(pooled.results.size(), 2u);
  EXPECT_EQ(pooled.results[0].labels.at("run"), "old title");
  ASSERT_EQ(pooled.notes.size(), 1u);
  EXPECT_NE(pooled.notes[0].find("1 result saved before runs had ids matched by the title \"a copy\""),
            std::string::npos)
      << pooled.notes[0];
  EXPECT_TRUE(PoolRun(tagged, e, e.runs[0], PoolFilter{"quick", {}, ""}).results.empty());
}

TEST(ExperimentPool, ASessionOrADateLimitsWhatIsPooled) {
  const Experiment e = ParseExperiment(kFile, "x.toml");
  const std::vector<RunResult> tagged = {
      Saved("copy", "a copy", "s1", "v1", "2026-12-01T10:00:00Z", "b1"),
      Saved("copy", "a copy", "s2", "v1", "2026-12-02T10:00:00Z", "b2"),
      Saved("copy", "a copy", "s2", "v1", "2026-12-02T11:00:00Z", "b2"),
  };
  EXPECT_EQ(PoolRun(tagged, e, e.runs[0], PoolFilter{"full", {"s2"}, ""}).results.size(), 2u);
  EXPECT_EQ(PoolRun(tagged, e, e.runs[0], PoolFilter{"full", {}, SinceTime("2026-12-02T10:30")}).results.size(), 1u);
  EXPECT_EQ(SinceTime("2026-12-02"), "2026-12-02T00:00:00Z");
  EXPECT_EQ(SinceTime("2026-12-02T10:30:05Z"), "2026-12-02T10:30:05Z");
  EXPECT_THROW(SinceTime("yesterday"), Error);
  EXPECT_THROW(SinceTime("2026-12-2"), Error);
  std::vector<const RunResult*> all;
  for (const RunResult& r : tagged) all.push_back(&r);
  const std::vector<std::string> lines = DescribePool("base", all);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0],
            "@base pools 3 results (3 invocations) from 2 sessions and 2 boots, 2026-12-01T10:00:00Z .. "
            "2026-12-02T11:00:00Z");
  EXPECT_NE(lines[2].find("session s2: 2 results, boot b2, 2026-12-02T10:00:00Z .. 2026-12-02T11:00:00Z, version v1"),
            std::string::npos)
      << lines[2];
}

TEST(ExperimentPool, TwoVersionsAreRefusedUnlessMixingIsAskedFor) {
  const RunResult old = Saved("copy", "a copy", "s1", "v1", "2026-12-01T10:00:00Z", "b1");
  const RunResult changed = Saved("copy", "a copy", "s2", "v2", "2026-12-02T10:00:00Z", "b2");
  const RunResult unversioned = Saved("", "a copy", "", "", "2026-11-01T10:00:00Z", "b0");
  try {
    CheckVersions({&old, &changed}, "v2", false);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("2 versions of the file's runs: v1 (session s1); v2 (session s2)"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("--mixed-versions"), std::string::npos) << e.what();
  }
  EXPECT_EQ(CheckVersions({&old, &changed}, "v2", true).size(), 1u);
  EXPECT_TRUE(CheckVersions({&changed}, "v2", false).empty());
  const std::vector<std::string> notes = CheckVersions({&old, &unversioned}, "v2", false);
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_NE(notes[0].find("measured by version v1 of the file's runs; the file's runs are now version v2"),
            std::string::npos)
      << notes[0];
  EXPECT_NE(notes[1].find("1 result saved before versions"), std::string::npos) << notes[1];
}

}  // namespace
}  // namespace membench
