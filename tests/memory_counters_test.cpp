// File: tests/memory_counters_test.cpp
// Choosing the memory controllers' counters and turning their readings
// into bytes, with synthetic sysfs descriptions and readings: the machines
// CI runs on (VMs) have no uncore PMU. The descriptions follow what Linux
// publishes for Intel server and client IMCs and AMD's UMCs.
#include "core/memory_counters.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"

namespace membench {
namespace {

constexpr double kCasScale = 6.103515625e-5;  // 64 bytes in MiB, as the kernel publishes it

// An Intel server IMC: uncore_imc_<n> with CAS events in MiB.
PmuDescription IntelImc(int index, std::vector<int> cpus) {
  PmuDescription pmu;
  pmu.name = "uncore_imc_" + std::to_string(index);
  pmu.type = 20 + static_cast<std::uint32_t>(index);
  pmu.cpus = std::move(cpus);
  pmu.formats = {{"event", "config:0-7"}, {"umask", "config:8-15"}, {"edge", "config:18"}};
  pmu.events = {{"cas_count_read", "event=0x05,umask=0xcf", kCasScale, "MiB"},
                {"cas_count_write", "event=0x05,umask=0xf0", kCasScale, "MiB"},
                {"clockticks", "event=0x01,umask=0x01", std::nullopt, ""}};
  return pmu;
}

PmuDescription AmdUmc(int index) {
  PmuDescription pmu;
  pmu.name = "amd_umc_" + std::to_string(index);
  pmu.type = 40 + static_cast<std::uint32_t>(index);
  pmu.cpus = {0};
  pmu.formats = {{"event", "config:0-7"}, {"rdwrmask", "config:8-9"}};
  return pmu;
}

PmuDescription CorePmu() {
  PmuDescription pmu;
  pmu.name = "cpu";
  pmu.type = 4;
  pmu.formats = {{"event", "config:0-7"}, {"umask", "config:8-15"}};
  return pmu;
}

TEST(EncodePmuTerms, PlacesEachFieldInItsBits) {
  const auto words = EncodePmuTerms(IntelImc(0, {0}).formats, "event=0x05,umask=0xcf");
  EXPECT_EQ(words.config, 0xcf05u);
  EXPECT_EQ(words.config1, 0u);
  EXPECT_EQ(EncodePmuTerms(IntelImc(0, {0}).formats, "event=4,edge").config, 0x40004u);
}

TEST(EncodePmuTerms, SplitsAValueOverDisjointRanges) {
  const std::map<std::string, std::string> formats = {{"event", "config:0-7,32-35"}, {"thresh", "config1:0-31"}};
  const auto words = EncodePmuTerms(formats, "event=0x1ff,thresh=7");
  EXPECT_EQ(words.config, 0xffu | (std::uint64_t{1} << 32));
  EXPECT_EQ(words.config1, 7u);
  EXPECT_EQ(EncodePmuTerms(formats, "config=0x1234,config2=9").config2, 9u);
  // A mask written high range first still takes the value's low bits low.
  const auto reversed = EncodePmuTerms({{"event", "config:32-35,0-7"}}, "event=0x1ff");
  EXPECT_EQ(reversed.config, 0xffu | (std::uint64_t{1} << 32));
  EXPECT_EQ(EncodePmuTerms(formats, " event = 0x3 , thresh=1").config, 3u);
}

TEST(EncodePmuTerms, RefusesWhatItCannotEncode) {
  const auto formats = IntelImc(0, {0}).formats;
  EXPECT_THROW(EncodePmuTerms(formats, "colour=3"), Error);
  EXPECT_THROW(EncodePmuTerms(formats, "event=0x100"), Error);  // 9 bits into 8
  EXPECT_THROW(EncodePmuTerms(formats, "event=zz"), Error);
  EXPECT_THROW(EncodePmuTerms({{"event", "config:7-0"}}, "event=1"), Error);
  EXPECT_THROW(EncodePmuTerms({{"event", "register:0-7"}}, "event=1"), Error);
}

TEST(BytesPerCount, ReadsTheKernelsScaleAndUnit) {
  EXPECT_DOUBLE_EQ(*BytesPerCount(kCasScale, "MiB"), 64.0);
  EXPECT_DOUBLE_EQ(*BytesPerCount(64, "Bytes"), 64.0);
  EXPECT_DOUBLE_EQ(*BytesPerCount(1, "MB"), 1e6);
  EXPECT_FALSE(BytesPerCount(kCasScale, "furlongs"));
  EXPECT_FALSE(BytesPerCount(std::nullopt, "MiB"));
  EXPECT_FALSE(BytesPerCount(0.0, "MiB"));
}

TEST(ChooseMemoryCounters, IntelServerEveryImcOnEverySocket) {
  std::vector<PmuDescription> pmus = {CorePmu()};
  for (int i = 0; i < 8; ++i) pmus.push_back(IntelImc(i, {0, 56}));
  const MemoryCounterChoice choice = ChooseMemoryCounters(pmus);
  ASSERT_EQ(choice.counters.size(), 8u * 2 * 2);
  int reads = 0;
  for (const auto& c : choice.counters) {
    EXPECT_DOUBLE_EQ(c.bytes_per_count, 64.0);
    EXPECT_TRUE(c.cpu == 0 || c.cpu == 56);
    if (c.direction == MemoryDirection::kRead) {
      ++reads;
      EXPECT_EQ(c.words.config, 0xcf05u);
    } else {
      EXPECT_EQ(c.words.config, 0xf005u);
    }
  }
  EXPECT_EQ(reads, 16);
  EXPECT_NE(choice.source.find("8 PMUs (uncore_imc_0 .. uncore_imc_7) on CPUs 0,56"), std::string::npos)
      << choice.source;
  EXPECT_NE(choice.source.find("64 bytes a count"), std::string::npos);
  EXPECT_TRUE(choice.why_not.empty());
}

TEST(ChooseMemoryCounters, IntelClientDataCounts) {
  PmuDescription imc;
  imc.name = "uncore_imc";
  imc.type = 15;
  imc.formats = {{"event", "config:0-7"}};
  imc.events = {{"data_reads", "event=0x01", kCasScale, "MiB"}, {"data_writes", "event=0x02", kCasScale, "MiB"}};
  const MemoryCounterChoice choice = ChooseMemoryCounters({imc});
  ASSERT_EQ(choice.counters.size(), 2u);
  EXPECT_EQ(choice.counters[0].event, "data_reads");
  EXPECT_EQ(choice.counters[1].words.config, 2u);
  EXPECT_EQ(choice.counters[0].cpu, 0);  // no cpumask: CPU 0
}

TEST(ChooseMemoryCounters, PrefersProgrammableImcsToFreeRunningOnes) {
  PmuDescription free_running;
  free_running.name = "uncore_imc_free_running_0";
  free_running.type = 30;
  free_running.cpus = {0};
  free_running.formats = {{"event", "config:0-7"}, {"umask", "config:8-15"}};
  free_running.events = {{"data_read", "event=0xff,umask=0x20", kCasScale, "MiB"},
                         {"data_write", "event=0xff,umask=0x21", kCasScale, "MiB"}};
  const MemoryCounterChoice both = ChooseMemoryCounters({free_running, IntelImc(0, {0})});
  ASSERT_FALSE(both.counters.empty());
  EXPECT_EQ(both.counters[0].pmu, "uncore_imc_0");
  const MemoryCounterChoice alone = ChooseMemoryCounters({free_running});
  ASSERT_EQ(alone.counters.size(), 2u);
  EXPECT_EQ(alone.counters[0].pmu, "uncore_imc_free_running_0");
}

TEST(ChooseMemoryCounters, AmdUmcUsesPerfsEncoding) {
  const MemoryCounterChoice choice = ChooseMemoryCounters({CorePmu(), AmdUmc(0), AmdUmc(1)});
  ASSERT_EQ(choice.counters.size(), 4u);
  EXPECT_EQ(choice.counters[0].words.config, 0x10au);  // umc_cas_cmd.rd
  EXPECT_EQ(choice.counters[1].words.config, 0x20au);  // umc_cas_cmd.wr
  EXPECT_EQ(choice.counters[0].type, 40u);
  EXPECT_DOUBLE_EQ(choice.counters[0].bytes_per_count, 64.0);
}

TEST(ChooseMemoryCounters, SaysWhyThereAreNone) {
  const MemoryCounterChoice none = ChooseMemoryCounters({CorePmu()});
  EXPECT_TRUE(none.counters.empty());
  EXPECT_NE(none.why_not.find("no memory-controller PMU"), std::string::npos);

  PmuDescription odd = IntelImc(0, {0});
  odd.events[0].unit = "furlongs";
  const MemoryCounterChoice unknown_unit = ChooseMemoryCounters({odd});
  EXPECT_TRUE(unknown_unit.counters.empty());
  EXPECT_NE(unknown_unit.why_not.find("furlongs"), std::string::npos) << unknown_unit.why_not;

  // One controller it cannot use, and none is used: the rest would read as
  // less traffic than the memory moved.
  std::vector<PmuDescription> partly = {IntelImc(0, {0}), odd, IntelImc(2, {0})};
  partly[1].name = "uncore_imc_1";
  const MemoryCounterChoice partial = ChooseMemoryCounters(partly);
  EXPECT_TRUE(partial.counters.empty());
  EXPECT_NE(partial.why_not.find("uncore_imc_1/cas_count_read"), std::string::npos) << partial.why_not;

  PmuDescription umc = AmdUmc(0);
  umc.formats.erase("rdwrmask");  // an older kernel's UMC could not tell reads from writes
  const MemoryCounterChoice no_mask = ChooseMemoryCounters({umc});
  EXPECT_TRUE(no_mask.counters.empty());
  EXPECT_NE(no_mask.why_not.find("amd_umc_0/umc_cas_cmd.rd"), std::string::npos) << no_mask.why_not;
}

std::vector<MemoryCounterSpec> TwoImcs() {
  return ChooseMemoryCounters({IntelImc(0, {0}), IntelImc(1, {0})}).counters;  // read, write, read, write
}

TEST(BytesMoved, SumsEachDirectionInBytes) {
  const auto counters = TwoImcs();
  const std::vector<std::optional<CounterReading>> before = {
      CounterReading{100, 1000, 1000}, CounterReading{50, 1000, 1000}, CounterReading{0, 1000, 1000},
      CounterReading{7, 1000, 1000}};
  const std::vector<std::optional<CounterReading>> after = {
      CounterReading{1100, 2000, 2000}, CounterReading{550, 2000, 2000}, CounterReading{1000, 2000, 2000},
      CounterReading{7, 2000, 2000}};
  const MemoryBytes bytes = BytesMoved(counters, before, after);
  ASSERT_TRUE(bytes.read && bytes.written) << bytes.problem;
  EXPECT_EQ(*bytes.read, 2000u * 64);
  EXPECT_EQ(*bytes.written, 500u * 64);
  EXPECT_FALSE(bytes.multiplexed);
}

TEST(BytesMoved, ScalesACounterThatRanPartOfTheTime) {
  const auto counters = TwoImcs();
  std::vector<std::optional<CounterReading>> before(4, CounterReading{0, 0, 0});
  std::vector<std::optional<CounterReading>> after(4, CounterReading{0, 1000, 1000});
  after[0] = CounterReading{100, 1000, 250};  // on the PMU a quarter of the time
  const MemoryBytes bytes = BytesMoved(counters, before, after);
  ASSERT_TRUE(bytes.read);
  EXPECT_EQ(*bytes.read, 400u * 64);
  EXPECT_TRUE(bytes.multiplexed);
}

TEST(BytesMoved, NoFigureWhenACounterFailedOrNeverRan) {
  const auto counters = TwoImcs();
  const std::vector<std::optional<CounterReading>> before(4, CounterReading{10, 100, 100});
  std::vector<std::optional<CounterReading>> after(4, CounterReading{20, 200, 200});

  auto never_ran = after;
  never_ran[3] = CounterReading{10, 200, 100};  // enabled on, running not
  MemoryBytes bytes = BytesMoved(counters, before, never_ran);
  EXPECT_FALSE(bytes.read);
  EXPECT_FALSE(bytes.written);
  EXPECT_NE(bytes.problem.find("uncore_imc_1/cas_count_write on CPU 0 never got onto its PMU"), std::string::npos)
      << bytes.problem;

  auto unread = after;
  unread[1].reset();
  bytes = BytesMoved(counters, before, unread);
  EXPECT_FALSE(bytes.read);
  EXPECT_NE(bytes.problem.find("could not be read"), std::string::npos);

  auto backwards = after;
  backwards[0] = CounterReading{5, 200, 200};
  bytes = BytesMoved(counters, before, backwards);
  EXPECT_FALSE(bytes.written);
  EXPECT_FALSE(bytes.problem.empty());
}

}  // namespace
}  // namespace membench
