// File: tests/cli_test.cpp
// End-to-end tests of the real binary: real mappings, real counters, real
// files. They assert what the kernel makes exact (page-fault counts on first
// touch) and what the tool promises (every impl measured, the JSON schema,
// each bad input refused with a specific message and exit status 2), never
// speed.
#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "kernels/kernel.h"
#include "membench_process.h"
#include "report/noise_floor_json.h"
#include "store/store.h"
#include "sys/files.h"
#include "sys/limits.h"
#include "sys/memory.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

double FaultsPerSample(const nlohmann::json& measurement) {
  for (const auto& c : measurement["stats"]["counters"]) {
    if (c["event"] == "page-faults" && c["counted"].get<bool>()) return c["summary"]["mean"].get<double>();
  }
  ADD_FAILURE() << "page-faults not counted";
  return -1;
}

bool ProcessesLeft(const std::string& marker) {
  // "[m]embench" keeps pgrep's own shell, whose command line holds the
  // pattern, from matching.
  return std::system(("pgrep -f \"[m]embench run .*" + marker + "\" > /dev/null").c_str()) == 0;
}

TEST(Cli, VersionAndHelpWithExamples) {
  const Outcome version = Membench("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_NE(version.output.find("membench 0."), std::string::npos);
  for (const char* cmd : {"--help", "list --help", "run --help", "run memcpy --help", "run memset --help"}) {
    const Outcome help = Membench(cmd);
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_NE(help.output.find("Examples:"), std::string::npos) << cmd;
  }
}

TEST(Cli, ListsWorkloadsImplsAndEvents) {
  EXPECT_NE(Membench("list workloads").output.find("memcpy"), std::string::npos);
  const Outcome impls = Membench("list impls");
  EXPECT_NE(impls.output.find("movsb"), std::string::npos);
  EXPECT_NE(impls.output.find("clzero"), std::string::npos);
  const Outcome events = Membench("list events");
  EXPECT_EQ(events.status, 0);
  EXPECT_NE(events.output.find("page-faults"), std::string::npos);
  EXPECT_NE(events.output.find("supported"), std::string::npos);
}

TEST(Cli, MemcpyAllImplsWritesCompleteJson) {
  const std::string path = TempPath("all.json");
  const Outcome run = Membench("run memcpy --size 8M --impl all -r 2 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("Performance counter stats for 'memcpy size=8 MiB impl=libc"), std::string::npos);
  EXPECT_NE(run.output.find("( +-"), std::string::npos);
  EXPECT_NE(run.output.find("seconds time elapsed"), std::string::npos);
  EXPECT_NE(run.output.find("seconds sys"), std::string::npos);
  EXPECT_NE(run.output.find("pages: dst: default requested"), std::string::npos);
  const nlohmann::json result = ReadJson(path);
  EXPECT_EQ(result["schema"], "membench-result/1");
  std::size_t available = 0;
  for (const auto& k : CopyKernels()) available += MissingFeatures(k.needs).empty() ? 1 : 0;
  ASSERT_EQ(result["measurements"].size(), available);
  // Three invocations (the default) of two samples a point, each sample
  // marked with the invocation that took it.
  EXPECT_EQ(result["invocations"], 3);
  for (const auto& m : result["measurements"]) {
    ASSERT_EQ(m["samples"].size(), 6u);
    for (std::size_t k = 0; k < 6; ++k) EXPECT_EQ(m["samples"][k]["invocation"], k / 2);
    EXPECT_EQ(m["page_proof"].size(), 2u);
    EXPECT_EQ(m["page_proof"][1]["region"], "dst");
    EXPECT_GT(m["samples"][0]["wall_ns"].get<std::int64_t>(), 0);
    EXPECT_EQ(m["samples"][0]["counters"].size(), result["events"].size());
  }
  for (const char* key :
       {"kernel_release", "cpu_model", "thp", "perf_event_paranoid", "hardware_pmu", "caches_bytes"}) {
    EXPECT_TRUE(result["system"].contains(key)) << key;
  }
  std::remove(path.c_str());
}

template <class Kernel>
std::size_t Available(const std::vector<Kernel>& kernels) {
  std::size_t n = 0;
  for (const auto& k : kernels) n += MissingFeatures(k.needs).empty() ? 1 : 0;
  return n;
}

TEST(Cli, MemcmpAndReadMeasureEveryAvailableImpl) {
  const std::string path = TempPath("cmp.json");
  for (const auto& [workload, expected] : {std::pair{std::string("memcmp"), Available(CompareKernels())},
                                           std::pair{std::string("read"), Available(ReadKernels())}}) {
    const Outcome run = Membench("run " + workload + " --size 1M --impl all --pages 4k -r 2 --json " + path);
    ASSERT_EQ(run.status, 0) << run.output;
    const nlohmann::json result = ReadJson(path);
    ASSERT_EQ(result["measurements"].size(), expected) << workload;
    EXPECT_EQ(result["measurements"][0]["work_unit"], "bytes");
    EXPECT_TRUE(result["measurements"][0]["page_proof"][0]["honoured"].get<bool>());
  }
  std::remove(path.c_str());
}

// Where the kernel maps the zero pages the region stays unresident and the
// proof names them; where it does not, the note says what was measured.
TEST(Cli, ZeropageProvesWhatBackedTheReads) {
  const std::string path = TempPath("zero.json");
  const Outcome run = Membench("run zeropage --size 64M --mode memcmp,stride --pages thp,4k -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    ASSERT_FALSE(m["notes"].empty());
    const std::string note = m["notes"][0];
    const bool in_use = note.find("zero page in use") != std::string::npos;
    EXPECT_TRUE(in_use || note.find("not in use: read faults allocate memory") != std::string::npos) << note;
    EXPECT_FALSE(m["first_sample"].is_null());
    const auto& proof = m["page_proof"][0];
    if (in_use) {
      EXPECT_LT(proof["resident_bytes"].get<std::uint64_t>(), 8u << 20) << proof["text"];
    }
    if (in_use && proof["method"] == "pagemap") {
      EXPECT_NE(proof["split"].get<std::string>().find("zero page"), std::string::npos) << proof["text"];
    }
  }
  EXPECT_EQ(result["measurements"][2]["work_unit"], "touches");
  std::remove(path.c_str());
}

TEST(Cli, StridedReadCountsTouches) {
  const std::string path = TempPath("stride.json");
  const Outcome run = Membench("run read --size 1M --stride 8,4K -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  EXPECT_EQ(result["measurements"][0]["work_unit"], "bytes");
  EXPECT_EQ(result["measurements"][1]["work_unit"], "touches");
  // 1 MiB / 4 KiB = 256 touches per pass.
  const auto& sample = result["measurements"][1]["samples"][0];
  EXPECT_EQ(sample["work"].get<std::uint64_t>(), 256 * sample["loops"].get<std::uint64_t>());
  std::remove(path.c_str());
}

TEST(Cli, ChaseReportsLoadsAndNanosecondsPerLoad) {
  const std::string path = TempPath("chase.json");
  const Outcome run =
      Membench("run chase --size 64K,4M --pattern random,page-random,sequential --chains 1,4 -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("ns/load"), std::string::npos);
  EXPECT_NE(run.output.find("# Steps in ns per load"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 12u);
  for (const auto& m : result["measurements"]) {
    EXPECT_EQ(m["work_unit"], "loads");
    EXPECT_GT(m["stats"]["rate_per_second"]["mean"].get<double>(), 0);
  }
  std::remove(path.c_str());
}

// A locality group keeps a random chain within it; other patterns and
// sizes that are not whole lines are refused. The parallelism of the
// chains is tabulated.
TEST(Cli, ChaseTakesALocalityGroupAndTabulatesParallelism) {
  const std::string path = TempPath("chains.json");
  const Outcome run = Membench("run chase --size 1M --locality 0,4K --chains 1,4 -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("# Memory-level parallelism"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["memory_parallelism"].size(), 4u) << "two chain counts at two localities";
  EXPECT_DOUBLE_EQ(result["memory_parallelism"][0]["implied_mlp"].get<double>(), 1.0);
  std::remove(path.c_str());
  EXPECT_NE(run.output.find("locality=4 KiB"), std::string::npos) << run.output;
  const Outcome wrong_pattern = Membench("run chase --size 1M --pattern page-random --locality 4K -r 2");
  EXPECT_NE(wrong_pattern.status, 0);
  EXPECT_NE(wrong_pattern.output.find("only the random pattern takes a locality group"), std::string::npos)
      << wrong_pattern.output;
  const Outcome partial_line = Membench("run chase --size 1M --locality 100 -r 2");
  EXPECT_NE(partial_line.status, 0);
  EXPECT_NE(partial_line.output.find("multiple of the 64-byte cache line"), std::string::npos) << partial_line.output;
}

// --remap: a point parameter like --procs; yes prepares every sample in
// fresh memory and says so, no says that all samples shared one placement.
TEST(Cli, RemapPreparesEverySampleAfreshAndSaysSo) {
  const std::string path = TempPath("remap.json");
  const Outcome run = Membench("run chase --size 1M --remap no,yes -r 3 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  for (const auto& m : result["measurements"]) {
    const bool remapped = m["point"]["remap"] == "yes";
    std::string notes;
    for (const auto& note : m["notes"]) notes += note.get<std::string>() + "\n";
    EXPECT_EQ(notes.find("remap=yes: the point was prepared afresh before every sample") != std::string::npos,
              remapped)
        << notes;
    EXPECT_EQ(notes.find("all samples used one placement of the buffers") != std::string::npos, !remapped) << notes;
    EXPECT_GT(m["stats"]["rate_per_second"]["mean"].get<double>(), 0);
  }
  std::remove(path.c_str());
  // The spacer is of 4 KiB pages: a huge-page point says what it does not draw.
  const std::string pages_path = TempPath("remap-pages.json");
  const Outcome pages = Membench("run chase --size 4M --remap yes --pages 4k,thp -r 2 --json " + pages_path);
  ASSERT_EQ(pages.status, 0) << pages.output;
  const nlohmann::json pages_result = ReadJson(pages_path);
  for (const auto& m : pages_result["measurements"]) {
    std::string notes;
    for (const auto& note : m["notes"]) notes += note.get<std::string>() + "\n";
    EXPECT_EQ(notes.find("may be the same pages again") != std::string::npos, m["point"]["pages"] == "thp")
        << notes;
  }
  std::remove(pages_path.c_str());
  const Outcome team = Membench("run memset --size 1M --remap yes --procs 2 -r 2");
  EXPECT_EQ(team.status, 2) << team.output;
  EXPECT_NE(team.output.find("--remap measures one worker's memory"), std::string::npos) << team.output;
  const Outcome wrong = Membench("run memset --size 1M --remap maybe -r 2");
  EXPECT_EQ(wrong.status, 2) << wrong.output;
}

// will-it-scale's page_fault1/2/3: one op per page written, every loop
// a whole map-write-unmap, by processes or threads.
TEST(Cli, PagefaultCountsOnePerPageWritten) {
  const std::string path = TempPath("pagefault.json");
  const Outcome run = Membench("run pagefault --case anon,file-private,file-shared --size 1M -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("as will-it-scale counts"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 3u);
  for (const auto& m : result["measurements"]) {
    EXPECT_EQ(m["work_unit"], "touches");
    const auto& sample = m["samples"][0];
    EXPECT_EQ(sample["work"].get<std::uint64_t>(), 256 * sample["loops"].get<std::uint64_t>()) << m["point"];
  }
  std::remove(path.c_str());
  const Outcome threads = Membench("run pagefault --size 1M --threads 2 -r 2");
  EXPECT_EQ(threads.status, 0) << threads.output;
  const Outcome partial = Membench("run pagefault --size 6000 -r 2");
  EXPECT_NE(partial.status, 0);
  EXPECT_NE(partial.output.find("must be whole 4 KiB pages"), std::string::npos) << partial.output;
}

// lat_mem_rd's two chains run as patterns of chase; what they cannot lay
// out is refused by name.
TEST(Cli, ChaseRunsLmbenchsChains) {
  const Outcome run = Membench("run chase --size 1M --pattern lmbench-stride,lmbench-random --stride 64,128 -r 2 -v");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("pattern=lmbench-random"), std::string::npos) << run.output;
  const Outcome odd_stride = Membench("run chase --size 1M --pattern lmbench-random --stride 192 -r 2");
  EXPECT_NE(odd_stride.status, 0);
  EXPECT_NE(odd_stride.output.find("lmbench-random takes a power of two"), std::string::npos) << odd_stride.output;
}

// --loop: the unrolled walk (lat_mem_rd's) and the tight one count the same
// loads, for one chain and for many, and each point says which it was.
TEST(Cli, ChaseWalksUnrolledOrTightAndSaysWhich) {
  const std::string path = TempPath("chase_loop.json");
  const Outcome run = Membench(
      "run chase --size 64K --pattern sequential --loop unrolled,tight --chains 1,16 -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    std::string notes;
    for (const auto& note : m["notes"]) notes += note.get<std::string>() + "\n";
    const std::string loop = m["point"]["loop"].get<std::string>();
    EXPECT_NE(notes.find("loop=" + loop + ":"), std::string::npos) << notes;
    // 64 KiB of 64-byte elements: 1024 loads a loop, however many chains.
    const auto& sample = m["samples"][0];
    EXPECT_EQ(sample["work"].get<std::uint64_t>(), 1024 * sample["loops"].get<std::uint64_t>()) << m["point"];
  }
  std::remove(path.c_str());
}

// Byte rates say what bytes lie behind them: a copy reads and writes each
// byte; temporal stores are estimated to read each line first, and
// non-temporal ones not; where the working set fits a cache, no estimate.
TEST(Cli, ByteRatesStateTheTrafficBehindThem) {
  const std::string path = TempPath("traffic.json");
  const Outcome run = Membench("run memcpy --size 1M --impl nt,unrolled -r 2 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("traffic requested"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("traffic at memory (est.)"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  for (const auto& m : result["measurements"]) {
    EXPECT_DOUBLE_EQ(m["traffic"]["requested_per_unit"].get<double>(), 2.0);
    const bool nt = m["point"]["impl"] == "nt";
    EXPECT_DOUBLE_EQ(m["traffic"]["memory_per_unit_estimated"].get<double>(), nt ? 2.0 : 3.0);
  }
  const Outcome report = Membench("report " + path + " -v");
  EXPECT_NE(report.output.find("traffic requested"), std::string::npos) << "the traffic survives the file";
  std::remove(path.c_str());
}

// --size-dist: calls drawn from a shipped distribution or a file, the
// bytes as the rate and the calls beside it; bad files refused by line.
TEST(Cli, SizeDistributionsDrawTheCallsAndCountThem) {
  const std::string path = TempPath("dist.json");
  const Outcome run = Membench(
      "run memcpy --size-dist spec2017-memcpy --size 1M --impl libc,unrolled -r 2 -v --memory-traffic off --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("calls/s"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("4096 calls a loop drawn from --size-dist spec2017-memcpy"), std::string::npos);
  const nlohmann::json result = ReadJson(path);
  for (const auto& m : result["measurements"]) {
    ASSERT_EQ(m["side_counts"].size(), 1u);
    EXPECT_EQ(m["side_counts"][0]["unit"], "calls");
    for (const auto& s : m["samples"]) {
      EXPECT_EQ(s["side_counts"][0].get<std::uint64_t>(), 4096 * s["loops"].get<std::uint64_t>());
    }
  }
  std::remove(path.c_str());

  const std::string file = TempPath("sizes.csv");
  std::ofstream(file) << "# two sizes\n64,1\n1K..2K,1\nalign 16,1\n";
  const Outcome own = Membench("run memset --size-dist " + file + " --size 1M --impl libc -r 2");
  EXPECT_EQ(own.status, 0) << own.output;
  std::ofstream(file) << "64,1\n128;1\n";
  const Outcome bad = Membench("run memset --size-dist " + file + " --size 1M -r 2");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.output.find("line 2"), std::string::npos) << bad.output;
  std::remove(file.c_str());
  const Outcome missing = Membench("run memcpy --size-dist no-such-dist --size 1M -r 2");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.output.find("spec2017-memcpy"), std::string::npos) << "names the shipped ones";
  const Outcome offset = Membench("run memcpy --size-dist spec2017-memcpy --size 1M --src-offset 3 -r 2");
  EXPECT_NE(offset.status, 0);
  EXPECT_NE(offset.output.find("--src-offset 3 with --size-dist"), std::string::npos) << offset.output;
  const Outcome small = Membench("run memcpy --size-dist spec2017-memcpy --size 2K -r 2");
  EXPECT_NE(small.status, 0);
  EXPECT_NE(small.output.find("need a working set"), std::string::npos) << small.output;
}

// --memory-traffic: where the machine has memory-controller counters (and
// membench may open them), two side counts of their kind in every sample;
// elsewhere a note that the figures are estimates, and `on` refused before
// anything runs.
TEST(Cli, MemoryTrafficIsMeasuredOrSaidToBeEstimated) {
  const std::string path = TempPath("traffic.json");
  const Outcome run = Membench("run memcpy --size 64M --impl libc -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  std::remove(path.c_str());
  const auto& sides = result["measurements"][0]["side_counts"];
  if (!sides.empty()) {
    ASSERT_EQ(sides.size(), 2u);
    EXPECT_EQ(sides[0]["kind"], "memory-read");
    EXPECT_NE(run.output.find("traffic at memory (measured)"), std::string::npos) << run.output;
    return;
  }
  EXPECT_NE(run.output.find("memory traffic not measured ("), std::string::npos) << run.output;
  const Outcome on = Membench("run memcpy --size 64M --impl libc -r 2 --memory-traffic on");
  EXPECT_NE(on.status, 0);
  EXPECT_NE(on.output.find("--memory-traffic on: "), std::string::npos) << on.output;
  EXPECT_EQ(on.output.find("GB/s"), std::string::npos) << "nothing ran";
  const Outcome off = Membench("run memcpy --size 1M --impl libc -r 2 --memory-traffic off");
  EXPECT_EQ(off.status, 0) << off.output;
  EXPECT_EQ(off.output.find("memory traffic not measured"), std::string::npos) << "off asks for no note";
  const Outcome bad = Membench("run memcpy --size 1M --memory-traffic sometimes");
  EXPECT_NE(bad.status, 0);
}

// loaded: the curve with its load traffic counted per sample, requested
// and at memory (1:1 writes with temporal stores: 3 blocks moved for 2
// asked), idle without load; bad CPUs, nodes and worker flags refused.
TEST(Cli, LoadedPrintsTheCurveAndCountsTheLoadTraffic) {
  if (sys::AllowedCpuCount() < 2) GTEST_SKIP() << "loaded needs a CPU besides the latency CPU";
  const std::string path = TempPath("loaded.json");
  const Outcome run = Membench(
      "run loaded --size 1M --load-size 1M --delay 0,idle --traffic read,1:1 -r 2 --memory-traffic off --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("# Loaded latency (traffic=1:1)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("load traffic at memory (est.)"), std::string::npos);
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["loaded_curves"].size(), 2u) << "one curve per traffic kind";
  EXPECT_EQ(result["loaded_curves"][0]["points"].size(), 2u);
  EXPECT_EQ(result["loaded_curves"][0]["points"][1]["delay"], "idle");
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    ASSERT_EQ(m["side_counts"].size(), 2u);
    EXPECT_EQ(m["side_counts"][0]["name"], "load traffic requested");
    const bool idle = m["point"]["delay"] == "idle";
    const bool copy = m["point"]["traffic"] == "1:1";
    for (const auto& s : m["samples"]) {
      const auto requested = s["side_counts"][0].get<std::uint64_t>();
      const auto at_memory = s["side_counts"][1].get<std::uint64_t>();
      if (idle) {
        EXPECT_EQ(requested, 0u);
        continue;
      }
      EXPECT_GT(requested, 0u);
      EXPECT_EQ(requested % 65536, 0u) << "whole 64 KiB bursts";
      EXPECT_EQ(2 * at_memory, (copy ? 3 : 2) * requested);
    }
  }
  const Outcome csv = Membench("report --format csv " + path);
  ASSERT_EQ(csv.status, 0) << csv.output;
  EXPECT_NE(csv.output.find(",load traffic requested per_s,load traffic at memory (est.) per_s"), std::string::npos)
      << csv.output;
  std::remove(path.c_str());

  const Outcome threads = Membench("run loaded --size 1M --threads 2 -r 2");
  EXPECT_NE(threads.status, 0);
  EXPECT_NE(threads.output.find("places its own workers"), std::string::npos) << threads.output;
  const Outcome cpu = Membench("run loaded --size 1M --cpu 0 -r 2");
  EXPECT_NE(cpu.status, 0);
  EXPECT_NE(cpu.output.find("--cpu: loaded places its own workers"), std::string::npos) << cpu.output;
  const Outcome node = Membench("run loaded --size 1M --load-size 1M --membind 4095 -r 2");
  EXPECT_NE(node.status, 0);
  EXPECT_NE(node.output.find("online NUMA nodes"), std::string::npos) << node.output;
  const Outcome malformed = Membench("run loaded --size 1M --load-cpus 1-x -r 2");
  EXPECT_NE(malformed.status, 0);
  EXPECT_NE(malformed.output.find("--load-cpus 1-x"), std::string::npos) << malformed.output;
  const Outcome shared = Membench("run loaded --size 1M --latency-cpu 0 --load-cpus 0 -r 2");
  EXPECT_NE(shared.status, 0);
  EXPECT_NE(shared.output.find("CPU"), std::string::npos) << shared.output;
}

// memset and clear write the byte asked for; clzero, which writes only
// zeros, is refused for any other.
TEST(Cli, MemsetAndClearWriteTheValueAskedAndClzeroOnlyZeros) {
  const Outcome run = Membench("run memset --size 64K --impl libc --value 0,255 -r 2 -v");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("value=255"), std::string::npos) << run.output;
  const Outcome too_big = Membench("run memset --size 64K --value 256 -r 2");
  EXPECT_NE(too_big.status, 0);
  const Outcome clzero = Membench("run memset --size 64K --impl clzero --value 1 -r 2");
  EXPECT_NE(clzero.status, 0) << clzero.output;
  const Outcome clear = Membench("run clear --page 4K --size 1M --impl libc --value 0,255 --memory warm -r 2 -v");
  ASSERT_EQ(clear.status, 0) << clear.output;
  EXPECT_NE(clear.output.find("value=255"), std::string::npos) << clear.output;
  const Outcome clear_clzero = Membench("run clear --page 4K --size 1M --impl clzero --value 7 -r 2");
  EXPECT_NE(clear_clzero.status, 0);
  // Refused for the value, or, on a CPU without clzero, for the impl.
  EXPECT_TRUE(clear_clzero.output.find("writes only zeros") != std::string::npos ||
              clear_clzero.output.find("lacks") != std::string::npos)
      << clear_clzero.output;
}

TEST(Cli, FirstTouchFaultsMatchThePageSize) {
  const std::string path = TempPath("faults.json");
  const Outcome run =
      Membench("run memcpy --size 64M --impl movsb --pages 4k --prefault none,write -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  // prefault none: only the destination faults, one fault per 4 KiB.
  const double none = FaultsPerSample(result["measurements"][0]);
  EXPECT_GE(none, 16384);
  EXPECT_LE(none, 16384 + 64);
  EXPECT_TRUE(result["measurements"][0]["fresh_state_each_sample"].get<bool>());
  EXPECT_LE(FaultsPerSample(result["measurements"][1]), 4);
  std::remove(path.c_str());
}

TEST(Cli, FirstTouchWithThpFaultsOncePer2MiB) {
  if (!ThpAvailable()) GTEST_SKIP() << "transparent huge pages are disabled on this machine";
  const std::string path = TempPath("thp.json");
  const Outcome run = Membench("run memset --size 64M --impl stosb --pages thp --prefault none -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json m = ReadJson(path)["measurements"][0];
  if (!m["page_proof"][0]["honoured"].get<bool>())
    GTEST_SKIP() << "the kernel gave no THP now: " << m["page_proof"][0]["text"];
  const double faults = FaultsPerSample(m);
  EXPECT_GE(faults, 32);
  EXPECT_LE(faults, 32 + 8);
  std::remove(path.c_str());
}

struct BadInput {
  const char* args;
  const char* message;
};

class CliRejects : public testing::TestWithParam<BadInput> {};

TEST_P(CliRejects, WithASpecificMessageAndStatus2) {
  const Outcome run = Membench(GetParam().args);
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find(GetParam().message), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("samples per point after"), std::string::npos) << "nothing may run";
}

INSTANTIATE_TEST_SUITE_P(
    BadInputs, CliRejects,
    testing::Values(
        BadInput{"run memcpi", "did you mean 'memcpy'"}, BadInput{"run memcpy --impl movsd", "did you mean 'movsb'"},
        BadInput{"run memcpy --sise 4K", "did you mean '--size'"},
        BadInput{"run memcpy --size 4K -e page-fault", "did you mean 'page-faults'"},
        BadInput{"run memcpy --size 12XB", "unknown unit 'xb'"}, BadInput{"run memcpy --size -1", "invalid size '-1'"},
        BadInput{"run memcpy --size 0", "too small"}, BadInput{"run memcpy --size 99999999T", "too large"},
        BadInput{"run memcpy --size 1G..4K", "larger than"}, BadInput{"run memcpy --size 4T", "MemAvailable"},
        BadInput{"run memcpy --size 4K -r 0", "-r 0: must be between 1"},
        BadInput{"run memcpy --size 4K --loops 0", "--loops 0"},
        BadInput{"run memcpy --size 4K --src-offset 5000", "outside"},
        BadInput{"run memcpy --size 4K --cpu 9999", "no such CPU"},
        BadInput{"run memcpy --size 4K --json /nonexistent-dir/r.json", "cannot write --json"},
        BadInput{"run memset --impl clzero2", "did you mean 'clzero'"}),
    [](const testing::TestParamInfo<BadInput>& param_info) {
      std::string name;
      for (const char* c = param_info.param.args; *c != 0; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name + "_" + std::to_string(param_info.index);
    });

TEST(Cli, ImplTheCpuCannotRunIsRefused) {
  for (const auto& k : FillKernels()) {
    const std::string missing = MissingFeatures(k.needs);
    if (missing.empty()) continue;
    const Outcome run = Membench("run memset --size 4K --impl " + std::string(k.name));
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.output.find("cannot run on this machine"), std::string::npos) << run.output;
    return;
  }
  GTEST_SKIP() << "this CPU runs every fill kernel";
}

// Ctrl-C keeps what was measured: the report and the JSON of the points
// completed before it, marked as interrupted, and exit status 130.
TEST(Cli, InterruptKeepsWhatWasMeasured) {
  const std::string path = TempPath("interrupted.json");
  const std::string log = TempPath("interrupted.log");
  const std::string command = std::string(MEMBENCH_BINARY) + " run memset --size 1M --impl all -r 200 -v --json " + path +
                              " > " + log + " 2>&1 & pid=$!; sleep 3; kill -INT $pid; wait $pid";
  const int raw = std::system(("bash -c '" + command + "'").c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(output.find("interrupted"), std::string::npos) << output;
  EXPECT_NE(output.find("Performance counter stats"), std::string::npos) << output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["interrupted"].get<bool>());
  EXPECT_GE(result["measurements"].size(), 1u);
  std::remove(path.c_str());
  std::remove(log.c_str());
}

// Every worker's first touches are counted: the per-worker counters are
// summed, so 4 KiB first-touch faults are exactly workers x size / 4 KiB.
TEST(Workers, CountersCoverEveryWorker) {
  for (const std::string kind : {"procs", "threads"}) {
    const std::string path = TempPath(kind + ".json");
    const Outcome run = Membench("run memset --size 8M --pages 4k --prefault none -e page-faults -r 2 -v --" + kind +
                                 " 1,2 --json " + path);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("sum of worker rates"), std::string::npos) << run.output;
    const nlohmann::json result = ReadJson(path);
    ASSERT_EQ(result["measurements"].size(), 2u);
    for (const auto& m : result["measurements"]) {
      const auto workers = m["point"][kind].get<std::uint64_t>();
      EXPECT_EQ(m["samples"][0]["worker_wall_ns"].size(), workers);
      EXPECT_EQ(m["samples"][0]["work"].get<std::uint64_t>(), workers * (8u << 20));
      const double faults = FaultsPerSample(m);
      EXPECT_GE(faults, 2048.0 * static_cast<double>(workers)) << kind;
      EXPECT_LE(faults, 2048.0 * static_cast<double>(workers) + 64) << kind;
    }
    std::remove(path.c_str());
  }
}

// A worker killed mid-run ends the run with its name and signal, and
// leaves no process behind.
TEST(Workers, KilledWorkerEndsTheRunCleanly) {
  const std::string marker = TempPath("killed-worker.json");
  const std::string log = TempPath("killed-worker.log");
  const std::string command =
      std::string(MEMBENCH_BINARY) + " run memset --size 1M --procs 3 -r 100000 --invocations 1 --json " + marker + " > " + log +
      " 2>&1 & pid=$!; sleep 2; kill -KILL $(pgrep -P $pid | tail -1); wait $pid; echo $? >> " + log;
  ASSERT_EQ(std::system(("bash -c '" + command + "'").c_str()), 0);
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(output.find("was killed by signal 9"), std::string::npos) << output;
  EXPECT_NE(output.find("\n2\n"), std::string::npos) << output;
  EXPECT_FALSE(ProcessesLeft(marker)) << "a worker outlived the run";
  std::remove(log.c_str());
}

TEST(Workers, BadCountsAndLimitsAreRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"run memset --size 4K --procs 0", "--procs: 0 is outside 1..4096"},
      {"run memset --size 4K --procs 2 --threads 2", "not both"},
      {"run memset --size 4K --threads 5000", "outside 1..4096"},
      {"run memset --size 8G --procs 4000", "MemAvailable"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
  const Outcome limited = Membench("run memset --size 4K --procs 64", "prlimit --nproc=8 ");
  EXPECT_EQ(limited.status, 2) << limited.output;
  EXPECT_NE(limited.output.find("process limit of 8"), std::string::npos) << limited.output;
}

// The fault workload's first touches are exact: one fault per 4 KiB page,
// one per 2 MiB THP, for every worker, and the recycle condition is said.
TEST(Fault, FaultsPerSampleMatchPageSizeAndWorkers) {
  const std::string path = TempPath("fault.json");
  const Outcome run = Membench(
      "run fault --case anon-w-seq --size 16M --pages 4k,thp --procs 1,2 -r 2 -v -e page-faults "
      "--json " +
      path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("recycle=yes: before each sample"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("us per fault"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    const double workers = static_cast<double>(m["point"]["procs"].get<std::uint64_t>());
    const bool thp = m["point"]["pages"] == "thp";
    if (thp && !ThpAvailable()) continue;
    const double expected = workers * (thp ? 8.0 : 4096.0);
    EXPECT_GE(FaultsPerSample(m), expected) << m["point"];
    EXPECT_LE(FaultsPerSample(m), expected + 16 * workers) << m["point"];
    EXPECT_FALSE(m["stats"]["ns_per_fault"].is_null());
  }
  std::remove(path.c_str());
}

TEST(Fault, EveryCaseRuns) {
  const Outcome run =
      Membench("run fault --case anon-r-seq,anon-w-rand,anon-cow-seq,file-r-seq --size 8M -r 2 -v -e page-faults");
  ASSERT_EQ(run.status, 0) << run.output;
  for (const char* name : {"anon-r-seq", "anon-w-rand", "anon-cow-seq", "file-r-seq", "copy-on-write fault"}) {
    EXPECT_NE(run.output.find(name), std::string::npos) << name << "\n" << run.output;
  }
}

// usemem's --step: one word per step, every page still faulted in, so
// the bytes counted stay the region's; the step is named in the notes.
TEST(Fault, TouchTakesAStepAsUsememDoes) {
  const std::string path = TempPath("touch.json");
  const Outcome run = Membench(
      "run fault --size 4M --pages 4k --touch words,64,4K --case anon-w-seq,anon-w-rand "
      "-r 2 -v -e page-faults --json " +
      path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("one word every 64 B (as usemem --step)"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 6u);
  for (const auto& m : result["measurements"]) {
    const auto& sample = m["samples"][0];
    EXPECT_EQ(sample["work"].get<std::uint64_t>(), (4u << 20) * sample["loops"].get<std::uint64_t>()) << m["point"];
    EXPECT_GE(FaultsPerSample(m), 1024.0 * sample["loops"].get<double>()) << m["point"];
    EXPECT_LE(FaultsPerSample(m), 1040.0 * sample["loops"].get<double>()) << m["point"];
  }
  std::remove(path.c_str());
}

// The condition is stated whichever it is; in a guest whose host takes
// freed memory back, recycle=no waits for that before the sample.
TEST(Fault, RecycleConditionIsStated) {
  const Outcome run = Membench("run fault --size 4M --recycle no -r 1 --warmup 0");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("recycle=no: "), std::string::npos) << run.output;
}

TEST(Fault, BadInputIsRefused) {
  const std::pair<std::string, std::string> cases[] = {
      {"run fault --case anon-w-sq", "did you mean 'anon-w-seq'"},
      {"run fault --case file-r-seq --pages thp --size 4M", "use --pages default"},
      {"run fault --size 6000", "whole 4 KiB pages"},
      {"run fault --touch 100", "a step of a power of two from 8 bytes"},
      {"run fault --touch 8K", "so that every page is touched"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
  const Outcome no_dir = Membench("run fault --case file-r-seq --size 4M", "TMPDIR=/nonexistent ");
  EXPECT_EQ(no_dir.status, 2) << no_dir.output;
  EXPECT_NE(no_dir.output.find("cannot create a scratch file in /nonexistent"), std::string::npos) << no_dir.output;
  EXPECT_NE(no_dir.output.find("TMPDIR=DIR"), std::string::npos) << no_dir.output;
}

// Pressure processes run for the whole run and are gone after it, also
// after Ctrl-C.
TEST(Pressure, ProcessesRunAndAreStoppedEvenOnCtrlC) {
  const std::string marker = TempPath("pressure.json");
  const Outcome run = Membench("run memset --size 1M -r 2 --pressure 2 --json " + marker);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("2 pressure processes streamed through"), std::string::npos) << run.output;
  EXPECT_FALSE(ProcessesLeft(marker));
  const std::string command = std::string(MEMBENCH_BINARY) + " run memset --size 1M -r 100000 --pressure 2 --json " +
                              marker + " > /dev/null 2>&1 & pid=$!; sleep 2; kill -INT $pid; wait $pid";
  const int raw = std::system(("bash -c '" + command + "'").c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  EXPECT_FALSE(ProcessesLeft(marker));
  std::remove(marker.c_str());
  const Outcome too_many = Membench("run memset --size 1M --pressure 100000");
  EXPECT_EQ(too_many.status, 2) << too_many.output;
  EXPECT_NE(too_many.output.find("use fewer pressure processes"), std::string::npos) << too_many.output;
}

// Both phases for both orders, under pressure; the phases add up to the
// timed region.
TEST(Clear, ReportsClearingAndAccessForEachOrder) {
  const std::string path = TempPath("clear.json");
  const Outcome run = Membench(
      "run clear --page 2M --size 8M --order forward,target-last --then write --pressure 1 "
      "-r 2 -v --json " +
      path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("ns/page clear"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("ns/page access"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  for (const auto& m : result["measurements"]) {
    ASSERT_EQ(m["stats"]["phases"].size(), 2u);
    for (const auto& s : m["samples"]) {
      const double phases = s["phase_ns"][0].get<double>() + s["phase_ns"][1].get<double>();
      EXPECT_LE(phases, s["wall_ns"].get<double>() * 1.01);
      EXPECT_GE(phases, s["wall_ns"].get<double>() * 0.5);
    }
  }
  std::remove(path.c_str());
}

// Cold memory is one loop per sample, evicted before each; warm memory
// loops from the cache; the untimed control reports no phases.
TEST(Clear, ColdAndWarmMemoryAndTheUntimedControl) {
  const std::string path = TempPath("clear_memory.json");
  const Outcome run = Membench(
      "run clear --page 2M --size 8M --impl stosb,nt --memory cold,warm --phases timed,none -r 2 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("evicted from every cache"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("the control for the cost of timing them"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 8u);
  for (const auto& m : result["measurements"]) {
    const bool cold = m["point"]["memory"] == "cold";
    const bool timed = m["point"]["phases"] == "timed";
    EXPECT_EQ(m["fresh_state_each_sample"].get<bool>(), cold) << m["point"];
    if (cold) {
      EXPECT_EQ(m["loops_per_sample"].get<std::uint64_t>(), 1u) << m["point"];
    }
    EXPECT_EQ(m["stats"]["phases"].size(), timed ? 2u : 0u) << m["point"];
    EXPECT_GT(m["stats"]["rate_per_second"]["mean"].get<double>(), 0) << m["point"];
  }
  std::remove(path.c_str());
}

TEST(Clear, BadInputIsRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"run clear --page 4K --order target-last", "a 4 KiB page has no sub-pages"},
      {"run clear --page 8K", "4 KiB, 2 MiB and 1 GiB pages"},
      {"run clear --page 2M --size 3M", "whole number of 2 MiB pages"},
      {"run clear --order target-first", "did you mean 'target-last'"},
      {"run clear --memory hot", "cold"},
      {"run clear --phases off", "timed"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
}

TEST(ProcessAndVm, SpawnMappingAndProtfaultRunEveryVariant) {
  for (const char* args : {"run spawn --how fork,exec,shell -r 2", "run mapping --kind anon,file --size 256K -r 2",
                           "run protfault --recovery skip,mprotect -r 2"}) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 0) << args << "\n" << run.output;
    EXPECT_EQ(run.output.find("NOT HONOURED"), std::string::npos) << run.output;
  }
}

TEST(ProcessAndVm, MissingHelperAndUnwritableScratchAreClearErrors) {
  // A copy of membench with no membench-helper beside it.
  const std::string dir = TempPath("lonely");
  ASSERT_EQ(std::system(("mkdir -p " + dir + " && cp " + std::string(MEMBENCH_BINARY) + " " + dir).c_str()), 0);
  const Outcome lonely = RunCommand(dir + "/membench run spawn --how exec");
  EXPECT_EQ(lonely.status, 2) << lonely.output;
  EXPECT_NE(lonely.output.find("looked for at " + dir + "/membench-helper"), std::string::npos) << lonely.output;
  std::system(("rm -rf " + dir).c_str());
  const Outcome no_dir = Membench("run mapping --kind file", "TMPDIR=/nonexistent ");
  EXPECT_EQ(no_dir.status, 2) << no_dir.output;
  EXPECT_NE(no_dir.output.find("TMPDIR=DIR"), std::string::npos) << no_dir.output;
}

// Processes whose environment holds `marker`: membench's children carry
// its environment, so this finds every one it left, whatever its name.
int ProcessesWithEnvironment(const std::string& marker) {
  int found = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream environ(entry.path() / "environ");
    const std::string text((std::istreambuf_iterator<char>(environ)), std::istreambuf_iterator<char>());
    if (text.find(marker) != std::string::npos) ++found;
  }
  return found;
}

TEST(ProcessAndVm, LmbenchWorkloadsMeasureAndLeaveNoProcessOrFileBehind) {
  const std::pair<const char*, const char*> runs[] = {
      {"run syscall --op null,read,write,stat,open-close,sig-install,sig-handle -r 2", "calls"},
      {"run ctxswitch --ring 1,2,4 --footprint 0,16K -r 2", "switches"},
      {"run ipc --kind pipe,unix --measure latency -r 2", "round-trips"},
      {"run ipc --kind pipe,unix --measure bandwidth -r 2", "bytes"},
      {"run fileops --op create,delete --file-size 0,10K --files 50 -r 2", "files"},
  };
  const std::string scratch = TempPath("lmbench_scratch");
  const std::string path = TempPath("lmbench_rows.json");
  for (const auto& [args, unit] : runs) {
    std::filesystem::create_directories(scratch);
    const Outcome run = Membench(std::string(args) + " --json " + path, "TMPDIR=" + scratch + " ");
    ASSERT_EQ(run.status, 0) << args << "\n" << run.output;
    const nlohmann::json result = ReadJson(path);  // named: a range-for over a temporary's member dangles
    for (const auto& m : result["measurements"]) {
      EXPECT_EQ(m["work_unit"], unit) << args;
      EXPECT_GT(m["stats"]["rate_per_second"]["mean"].get<double>(), 0) << args;
    }
    EXPECT_TRUE(std::filesystem::is_empty(scratch)) << args << ": a scratch file was left";
    EXPECT_EQ(ProcessesWithEnvironment("TMPDIR=" + scratch), 0) << args << ": a child process was left";
    std::filesystem::remove_all(scratch);
  }
  std::remove(path.c_str());
}

TEST(ProcessAndVm, LmbenchWorkloadsRefuseBadParameters) {
  const std::pair<const char*, const char*> cases[] = {
      {"run syscall --op nul", "did you mean 'null'"},
      {"run ctxswitch --footprint 12", "not a whole number of 8-byte words"},
      {"run ctxswitch --ring 0", "ring"},
      {"run ipc --kind tcp", "unix"},
      {"run fileops --op rename", "create"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
  const Outcome no_dir = Membench("run fileops", "TMPDIR=/nonexistent ");
  EXPECT_EQ(no_dir.status, 2) << no_dir.output;
  EXPECT_NE(no_dir.output.find("TMPDIR=DIR"), std::string::npos) << no_dir.output;
}

TEST(LmSummary, PrintsEverySectionWithNoiseAndSavesEveryMeasurement) {
  const std::string path = TempPath("lmsummary.json");
  const Outcome run = Membench("run lmsummary -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  for (const char* row : {"Processes - times in microseconds",
                          "fork proc",
                          "exec proc",
                          "sh proc",
                          "File & VM system latencies",
                          "prot fault",
                          "page fault (anon, 4 KiB)",
                          "mmap latency",
                          "Local communication bandwidths",
                          "bcopy (libc)",
                          "mem read",
                          "mem write",
                          "( +-",
                          "null call",
                          "null I/O read",
                          "null I/O write",
                          "stat",
                          "open clos",
                          "sig inst",
                          "sig hndl",
                          "Context switching - times in microseconds",
                          "2p/0K",
                          "2p/16K",
                          "2p/64K",
                          "8p/16K",
                          "8p/64K",
                          "16p/16K",
                          "16p/64K",
                          "Local communication latencies in microseconds",
                          "Pipe",
                          "AF UNIX",
                          "0K File Create",
                          "0K File Delete",
                          "10K File Create",
                          "10K File Delete"}) {
    EXPECT_NE(run.output.find(row), std::string::npos) << row << "\n" << run.output;
  }
  EXPECT_EQ(ReadJson(path)["measurements"].size(), 35u);
  std::remove(path.c_str());
}

void WriteJson(const std::string& path, const nlohmann::json& doc) { std::ofstream(path) << doc.dump(); }

// A file against itself is the purest A/A: nothing may differ.
TEST(Compare, AFileAgainstItselfShowsNoChange) {
  const std::string path = TempPath("compare_a.json");
  ASSERT_EQ(Membench("run memset --size 1M --impl libc,stosb -r 5 --json " + path).status, 0);
  const Outcome same = Membench("compare " + path + " " + path);
  ASSERT_EQ(same.status, 0) << same.output;
  EXPECT_NE(same.output.find("rate (GB/s)"), std::string::npos) << same.output;
  // The default view fits 100 columns; --wide adds the p-value and CI.
  std::istringstream lines(same.output);
  for (std::string line; std::getline(lines, line);) {
    // Columns are characters: UTF-8 continuation bytes ("±") take none.
    const auto columns = std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
    EXPECT_LE(columns, 100) << line;
  }
  EXPECT_EQ(same.output.find("CI of B/A  figure"), std::string::npos) << same.output;
  const Outcome wide = Membench("compare " + path + " " + path + " --wide");
  ASSERT_EQ(wide.status, 0) << wide.output;
  EXPECT_NE(wide.output.find("CI of B/A  figure"), std::string::npos) << wide.output;
  EXPECT_EQ(same.output.find("faster"), std::string::npos) << same.output;
  EXPECT_EQ(same.output.find("slower"), std::string::npos) << same.output;
  // Across impl within one file: the direction is measured, whichever it is.
  const Outcome across = Membench("compare " + path + " " + path + " --ignore impl --a impl=libc --b impl=stosb");
  ASSERT_EQ(across.status, 0) << across.output;
  EXPECT_NE(across.output.find("matched ignoring: impl"), std::string::npos) << across.output;
  std::remove(path.c_str());
}

// Halving every sample's time doubles the rate: a regression when B is
// the slower one, and --fail-on-regression turns it into exit status 3.
// A real run of one memset point into fast, and a copy at half the rate
// into slow: a change the samples show plainly. The samples' times are
// made 1% apart, so that the verdict cannot depend on how noisy the
// machine is today (a loaded one gave them a 58% spread, and no verdict).
// `invocations`: how many the run has (the default 3, or one a side).
// Returns the host.
std::string RunAndHalvedCopy(const std::string& fast, const std::string& slow, int invocations = 3) {
  const Outcome run =
      Membench("run memset --size 1M -r 5 --invocations " + std::to_string(invocations) + " --json " + fast);
  if (run.status != 0) ADD_FAILURE() << run.output;
  nlohmann::json doc = ReadJson(fast);
  auto& samples = doc["measurements"][0]["samples"];
  // Each invocation calibrates its own loop count: the times follow it.
  const double first_ns_per_loop =
      samples[0]["wall_ns"].get<double>() / samples[0]["loops"].get<double>();
  for (int i = 0; i < static_cast<int>(samples.size()); ++i) {
    samples[i]["wall_ns"] = static_cast<std::int64_t>(first_ns_per_loop * samples[i]["loops"].get<double>() *
                                                      (100 + i % 5) / 100);
  }
  WriteJson(fast, doc);
  for (auto& sample : samples) sample["wall_ns"] = sample["wall_ns"].get<std::int64_t>() * 2;
  WriteJson(slow, doc);
  return doc["system"]["hostname"];
}

TEST(Compare, RegressionIsFoundAndFailsWhenAsked) {
  const std::string fast = TempPath("compare_fast.json");
  const std::string slow = TempPath("compare_slow.json");
  // Samples 1% apart: the verdict must not depend on today's noise. A
  // result of the default three invocations a side: each is a run, and
  // the runs decide with no floor recorded.
  RunAndHalvedCopy(fast, slow);
  const Outcome plain = Membench("compare " + fast + " " + slow);
  EXPECT_EQ(plain.status, 0) << plain.output;
  EXPECT_NE(plain.output.find(": 3 runs"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("the run (an invocation) is the unit"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("slower"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("-50.0%"), std::string::npos) << plain.output;
  const Outcome gate = Membench("compare " + fast + " " + slow + " --fail-on-regression 10");
  EXPECT_EQ(gate.status, 3) << gate.output;
  EXPECT_EQ(Membench("compare " + slow + " " + fast + " --fail-on-regression 10").status, 0);
  // git bisect run's codes: bad, good, and an error stops the bisection.
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect").status, 1);
  EXPECT_EQ(Membench("compare " + slow + " " + fast + " --bisect").status, 0);
  EXPECT_EQ(Membench("compare " + slow + " " + fast + ".missing --bisect").status, 128);
  std::remove(fast.c_str());
  std::remove(slow.c_str());
}

NoiseFloor MemsetFloor(double pct, const std::string& measured_at) {
  NoiseFloor floor;
  floor.kind = "memset";
  floor.point = "size=4 MiB";
  floor.invocations = 5;
  floor.run_cv_pct = pct / 2.77;
  floor.floor_pct = pct;
  floor.measured_at = measured_at;
  return floor;
}

// The file doctor --noise records floors in without a store.
void WriteFloorFile(const std::string& state, const std::string& host, const NoiseFloor& floor) {
  std::filesystem::create_directories(state + "/membench");
  std::ofstream(state + "/membench/noise-floor.json") << NoiseFloorsToText({{host, {{floor.kind, floor}}}});
}

// With one run a side, no change below this machine's noise floor for the
// kind of point is called (here a floor of 150% hides a halved rate, which
// the samples show plainly); --threshold overrides the floor.
TEST(Compare, TheNoiseFloorKeepsSingleRunsFromCallingSmallChanges) {
  const std::string fast = TempPath("floor_fast.json");
  const std::string slow = TempPath("floor_slow.json");
  const std::string host = RunAndHalvedCopy(fast, slow, 1);
  const std::string state = TempPath("floor_state");
  WriteFloorFile(state, host, MemsetFloor(150, "2026-12-01T00:00:00Z"));
  const std::string env = "XDG_STATE_HOME=" + state + " ";
  const Outcome floored = Membench("compare " + fast + " " + slow, env);
  ASSERT_EQ(floored.status, 0) << floored.output;
  EXPECT_NE(floored.output.find("noise floor, the smallest change one run or one result a side can call"),
            std::string::npos)
      << floored.output;
  EXPECT_NE(floored.output.find("memset 150.0%"), std::string::npos) << floored.output;
  EXPECT_EQ(floored.output.find("slower"), std::string::npos) << floored.output;
  const Outcome given = Membench("compare " + fast + " " + slow + " --threshold 1", env);
  EXPECT_NE(given.output.find("slower (worse)"), std::string::npos) << given.output;
  EXPECT_NE(given.output.find("--threshold given"), std::string::npos) << given.output;
  // No floor: one invocation a side carries no verdict, and the regression
  // gate does not trip on it.
  const Outcome none = Membench("compare " + fast + " " + slow + " --fail-on-regression 10");
  EXPECT_EQ(none.status, 0) << none.output;
  EXPECT_NE(none.output.find("no noise floor recorded"), std::string::npos) << none.output;
  EXPECT_NE(none.output.find("# inconclusive: one invocation a side and no noise floor"), std::string::npos)
      << none.output;
  EXPECT_EQ(none.output.find("slower"), std::string::npos) << none.output;
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect").status, 125);
  // Three invocations a side, one result each: the runs call the halving,
  // but their drift between results is unseen, and the floor holds it
  // back; the plan is results alternated.
  RunAndHalvedCopy(fast, slow);
  const Outcome runs = Membench("compare --wide " + fast + " " + slow, env);
  ASSERT_EQ(runs.status, 0) << runs.output;
  EXPECT_NE(runs.output.find("the run (an invocation) is the unit"), std::string::npos) << runs.output;
  EXPECT_NE(runs.output.find("inconclusive: within the drift between results: a side is one result, and this "
                             "machine's memset noise floor is 150.0%"),
            std::string::npos)
      << runs.output;
  EXPECT_NE(runs.output.find("results a side of --invocations 1, alternated"), std::string::npos) << runs.output;
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect", env).status, 125);
}

// The floor comes from the store when there is one (here the default
// store, which exists), and from the file; of the two, the newer
// measurement wins. Looking for a floor creates no store.
TEST(Compare, TheNoiseFloorComesFromTheStoreOrTheFileWhicheverIsNewer) {
  const std::string fast = TempPath("newer_fast.json");
  const std::string slow = TempPath("newer_slow.json");
  const std::string host = RunAndHalvedCopy(fast, slow, 1);
  const std::string data = TempPath("newer_data");
  const std::string state = TempPath("newer_state");
  std::filesystem::remove_all(data);
  std::filesystem::remove_all(state);
  const std::string env = "XDG_DATA_HOME=" + data + " XDG_STATE_HOME=" + state + " ";
  const std::string compare = "compare --wide " + fast + " " + slow;  // notes matched whole, unwrapped
  const std::string file = state + "/membench/noise-floor.json";

  const Outcome none = Membench(compare, env);
  EXPECT_NE(none.output.find("no noise floor recorded for host " + host + " in " + file + " ("), std::string::npos)
      << none.output;
  EXPECT_FALSE(std::filesystem::exists(data)) << "compare created the default store's folder";
  const std::string named = TempPath("newer_named.sqlite");
  std::filesystem::remove(named);
  const Outcome not_there = Membench(compare + " --store " + named, env);
  EXPECT_NE(not_there.output.find("no noise floor recorded"), std::string::npos) << not_there.output;
  EXPECT_FALSE(std::filesystem::exists(named)) << "compare created the store it was given";

  const std::string store = data + "/membench/history.sqlite";
  std::filesystem::create_directories(data + "/membench");
  OpenStore(store)->RecordNoiseFloors({host, "6.18.0", "boot", "cpu", "0.1.0"},
                                      {MemsetFloor(150, "2026-12-02T00:00:00Z")});
  WriteFloorFile(state, host, MemsetFloor(0.5, "2026-12-01T00:00:00Z"));
  const Outcome stored = Membench(compare, env);
  ASSERT_EQ(stored.status, 0) << stored.output;
  EXPECT_NE(stored.output.find("memset 150.0% (2026-12-02T00:00:00Z) in store " + store + "\n"), std::string::npos)
      << stored.output;
  EXPECT_EQ(stored.output.find("slower"), std::string::npos) << stored.output;

  WriteFloorFile(state, host, MemsetFloor(0.5, "2026-12-03T00:00:00Z"));
  const Outcome filed = Membench(compare, env);
  EXPECT_NE(filed.output.find("memset 0.5% (2026-12-03T00:00:00Z) in " + file + "\n"), std::string::npos)
      << filed.output;
  EXPECT_NE(filed.output.find("slower (worse)"), std::string::npos) << filed.output;
}

// Several runs a side: the runs' means decide, and the variation is split.
// The runs are one real run's samples, each run scaled a little (run-to-run
// variation of about 1%) and side B's twice as slow, so the verdict cannot
// depend on how noisy the machine is today.
TEST(Compare, SeveralRunsASideMakeTheRunTheUnit) {
  const std::string real = TempPath("unit_real.json");
  ASSERT_EQ(Membench("run memset --size 1M -r 3 --invocations 1 --json " + real).status, 0);
  std::vector<std::string> a, b;
  for (int i = 0; i < 3; ++i) {
    for (auto [side, slowdown] : {std::pair{&a, 100}, std::pair{&b, 200}}) {
      side->push_back(TempPath("unit_" + std::to_string(slowdown) + "_" + std::to_string(i) + ".json"));
      nlohmann::json doc = ReadJson(real);
      for (auto& sample : doc["measurements"][0]["samples"]) {
        sample["wall_ns"] = sample["wall_ns"].get<std::int64_t>() * slowdown * (100 + i) / 10000;
      }
      WriteJson(side->back(), doc);
    }
  }
  const Outcome o = Membench("compare " + a[0] + " " + a[1] + " " + a[2] + " vs " + b[0] + " " + b[1] + " " + b[2]);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("the run (an invocation) is the unit"), std::string::npos) << o.output;
  EXPECT_TRUE(
      std::regex_search(o.output, std::regex(R"(runs: A 3 \(sample-to-sample [0-9.]+%, run-to-run [0-9.]+%\), B 3)")))
      << o.output;
  EXPECT_NE(o.output.find("slower (worse)"), std::string::npos) << o.output;
  const Outcome lopsided = Membench("compare " + a[0] + " vs " + b[0] + " " + b[1]);
  EXPECT_NE(lopsided.output.find("one side has a single run"), std::string::npos) << lopsided.output;
  EXPECT_NE(Membench("compare " + a[0] + " vs").output.find("on both sides of one vs"), std::string::npos);
  EXPECT_NE(Membench("compare " + a[0] + " " + a[1] + " " + a[2]).output.find("lone vs"), std::string::npos);
}

TEST(Doctor, RecordsThisMachinesNoiseFloorFromSeparateInvocations) {
  const std::string state = TempPath("doctor_state");
  const std::string data = TempPath("doctor_data");
  const Outcome o =
      Membench("doctor --noise -r 2 --invocations 2", "XDG_STATE_HOME=" + state + " XDG_DATA_HOME=" + data + " ");
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
  EXPECT_NE(o.output.find("Recorded in " + state + "/membench/noise-floor.json.\n"), std::string::npos) << o.output;
  EXPECT_FALSE(std::filesystem::exists(data + "/membench/history.sqlite"));
  const nlohmann::json floors = ReadJson(state + "/membench/noise-floor.json");
  EXPECT_EQ(floors["schema"], "membench-noise-floor/1");
  const auto& host = floors["hosts"].begin().value();
  EXPECT_EQ(host["memcpy"]["invocations"], 2);
  EXPECT_GE(host["fault"]["floor_pct"].get<double>(), 0.0);
}

// Where the default store exists, the floors go there and not to the file.
TEST(Doctor, RecordsTheNoiseFloorInTheDefaultStoreWhereItExists) {
  const std::string state = TempPath("doctor_store_state");
  const std::string data = TempPath("doctor_store_data");
  std::filesystem::remove_all(state);
  std::filesystem::remove_all(data);
  const std::string store = data + "/membench/history.sqlite";
  std::filesystem::create_directories(data + "/membench");
  OpenStore(store);
  const Outcome o =
      Membench("doctor --noise -r 2 --invocations 2", "XDG_STATE_HOME=" + state + " XDG_DATA_HOME=" + data + " ");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("Recorded in store " + store + ".\n"), std::string::npos) << o.output;
  EXPECT_FALSE(std::filesystem::exists(state + "/membench/noise-floor.json"));
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
  const std::string state = TempPath("doctor_bad_state");
  std::filesystem::remove_all(state);
  const std::string not_a_store = TempPath("doctor_notes.txt");
  std::ofstream(not_a_store) << "not a database\n";
  const Outcome o = Membench("doctor --noise -r 2 --invocations 2",
                             "XDG_STATE_HOME=" + state + " MEMBENCH_STORE=" + not_a_store + " ");
  EXPECT_EQ(o.status, 2) << o.output;
  const std::string file = state + "/membench/noise-floor.json";
  EXPECT_NE(
      o.output.find("the noise floors were not recorded in the store: " + not_a_store + " is not a membench store"),
      std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("Recorded in " + file + ".\n"), std::string::npos) << o.output;
  EXPECT_TRUE(std::filesystem::exists(file));
}

TEST(Compare, FilesThatCannotBeComparedAreClearErrors) {
  const std::string good = TempPath("compare_good.json");
  const std::string single = TempPath("compare_single.json");
  const std::string other = TempPath("compare_other.json");
  const std::string bad = TempPath("compare_bad.json");
  ASSERT_EQ(Membench("run memset --size 1M -r 3 --invocations 1 --json " + good).status, 0);
  ASSERT_EQ(Membench("run memset --size 1M -r 1 --invocations 1 --json " + single).status, 0);
  ASSERT_EQ(Membench("run memcpy --size 1M -r 2 --json " + other).status, 0);
  const Outcome one = Membench("compare " + good + " " + single);
  EXPECT_EQ(one.status, 0) << one.output;
  EXPECT_NE(one.output.find("inconclusive: one sample has no variance"), std::string::npos) << one.output;
  const Outcome disjoint = Membench("compare " + good + " " + other);
  EXPECT_EQ(disjoint.status, 2);
  EXPECT_NE(disjoint.output.find("no measurement of"), std::string::npos) << disjoint.output;
  std::ofstream(bad) << "not json";
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("is not a membench result"), std::string::npos);
  WriteJson(bad, {{"hello", 1}});
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("no \"schema\""), std::string::npos);
  nlohmann::json doc = ReadJson(good);
  doc["schema"] = "membench-result/0";
  WriteJson(bad, doc);
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("has schema membench-result/0"), std::string::npos);
  doc = ReadJson(good);
  doc["measurements"][0]["samples"][0]["wall_ns"] = nullptr;
  WriteJson(bad, doc);
  const Outcome missing = Membench("compare " + good + " " + bad);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("wall_ns is not a number"), std::string::npos) << missing.output;
  for (const auto& path : {good, single, other, bad}) std::remove(path.c_str());
}

TEST(Precision, StopsWhenTheGoalIsReachedAndSaysHowManyRuns) {
  const std::string path = TempPath("precision.json");
  // A goal no noise can miss: met at the third sample (half-width 4.3 x
  // stddev / sqrt(3) <= 200% of the mean unless the stddev exceeds 80%).
  const Outcome loose = Membench("run memset --size 64K --precision 200% --min-runs 3 -v --json " + path);
  ASSERT_EQ(loose.status, 0) << loose.output;
  EXPECT_NE(loose.output.find("the +-200% goal was met"), std::string::npos) << loose.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["measurements"][0]["precision"]["reached"].get<bool>());
  EXPECT_EQ(result["measurements"][0]["samples"].size(), 3u);
  const Outcome strict = Membench("run memset --size 64K --precision 0.0001% --max-runs 4 -v");
  ASSERT_EQ(strict.status, 0) << strict.output;
  EXPECT_NE(strict.output.find("NOT reached"), std::string::npos) << strict.output;
  EXPECT_NE(strict.output.find("(4 runs"), std::string::npos) << strict.output;
  for (const char* bad : {"--precision 0", "--precision abc", "--precision 1% --min-runs 10 --max-runs 5"}) {
    const Outcome run = Membench(std::string("run memset --size 64K ") + bad);
    EXPECT_EQ(run.status, 2) << bad << "\n" << run.output;
  }
  std::remove(path.c_str());
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

// Seed 002's two halves: perf bench's source was never written, so a fresh
// copy faulted the source in (one read fault per 4 KiB page), and a
// prefaulted one read the zero page.
TEST(Memcpy, SourcePrefaultDecidesWhatTheCopyReads) {
  const std::string path = TempPath("src-prefault.json");
  const Outcome run =
      Membench("run memcpy --size 4M --pages 4k --src-prefault none,read,write -r 2 -e page-faults --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 3u);
  const auto& none = result["measurements"][0];
  EXPECT_EQ(none["point"]["src-prefault"], "none");
  EXPECT_TRUE(none["fresh_state_each_sample"].get<bool>());
  EXPECT_EQ(FaultsPerSample(none), 1024) << "4 MiB of 4 KiB source pages, each read once";
  for (const std::size_t i : {1u, 2u}) {
    const auto& m = result["measurements"][i];
    EXPECT_EQ(FaultsPerSample(m), 0) << m["point"]["src-prefault"];
    EXPECT_FALSE(m["fresh_state_each_sample"].get<bool>());
  }
  const auto& read_proof = result["measurements"][1]["page_proof"][0];
  EXPECT_EQ(read_proof["region"], "src");
  // Read, never written: the zero page, unless this kernel maps none
  // (pvm_no_zero_page=1), where reading allocates.
  const auto& flags = read_proof["page_flags"];
  EXPECT_EQ(flags["zero_page"].get<int>() + flags["normal_4k"].get<int>(), 1024);
  if (flags["zero_page"].get<int>() > 0) {
    EXPECT_EQ(flags["normal_4k"], 0);
  }
  const auto& write_proof = result["measurements"][2]["page_proof"][0];
  EXPECT_EQ(write_proof["page_flags"]["zero_page"], 0);
  EXPECT_EQ(write_proof["resident_bytes"], 4u << 20);
}

TEST(Interleaving, PairedByNamesTheTreatmentAndIsKeptInTheResult) {
  const std::string path = TempPath("paired-by.json");
  const Outcome run =
      Membench("run memcpy --size 16K --impl libc,movsb --pages 4k,thp -r 3 -v --paired-by pages --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("pages=thp / 4k"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("impl=movsb / libc"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_EQ(result["paired_by"], "pages");
  for (const auto& pair : result["paired_ratios"]) EXPECT_EQ(pair["param"], "pages");
  const Outcome shown = Membench("report " + path + " -v");
  EXPECT_NE(shown.output.find("pages=thp / 4k"), std::string::npos) << shown.output;
  const Outcome by_default = Membench("run memcpy --size 16K --impl libc,movsb --pages 4k,thp -r 3 -v");
  EXPECT_NE(by_default.output.find("# paired along impl, the first parameter that varies; --paired-by pages"),
            std::string::npos)
      << by_default.output;
  const Outcome nothing = Membench("run memcpy --size 16K --impl libc --pages 4k,thp -r 1 --paired-by impl");
  EXPECT_EQ(nothing.status, 2);
  EXPECT_NE(nothing.output.find("--paired-by impl: impl takes one value in this run (libc)"), std::string::npos)
      << nothing.output;
}

// A run is several separate processes by default; a Ctrl-C (SIGINT to the
// parent alone, as a script sends it) ends the invocation under way as it
// would a run alone, starts no other, and keeps every sample taken: the
// whole first invocation at least. No process is left behind.
TEST(Invocations, AStopKeepsWhatTheInvocationsMeasuredAndStartsNoMore) {
  const std::string json = TempPath("invocations_stopped.json");
  const std::string run = std::string(MEMBENCH_BINARY) +
                          " run memset --size 1M -r 3 --loops 3000 --invocations 6 --json " + json;
  // The signal comes once the second invocation's process is there: the
  // first has handed its result back.
  const std::string wait_second =
      "first=; for i in $(seq 2400); do c=$(pgrep -P $pid); "
      "if [ -n \"$c\" ] && [ \"$c\" != \"$first\" ]; then [ -z \"$first\" ] && first=$c || break; fi; "
      "sleep 0.02; done; sleep 0.2; ";
  const Outcome o = RunCommand(run + " > /dev/null 2>&1 & pid=$!; " + wait_second +
                               "kill -INT $pid; wait $pid; echo ended $?; for p in $(pgrep -x membench); do grep -l "
                               "invocations_stopped /proc/$p/cmdline; done 2>/dev/null | wc -l");
  EXPECT_NE(o.output.find("ended 130\n0\n"), std::string::npos) << o.output;
  const nlohmann::json result = ReadJson(json);
  EXPECT_TRUE(result["interrupted"].get<bool>());
  EXPECT_LT(result["invocations"].get<int>(), 6) << "every invocation ran: the stop started more";
  int first = 0;
  for (const auto& sample : result["measurements"][0]["samples"]) first += sample["invocation"] == 0 ? 1 : 0;
  EXPECT_EQ(first, 3);
  std::remove(json.c_str());
}

TEST(Invocations, BadCountsAndPrecisionAreRefused) {
  EXPECT_EQ(Membench("run memset --size 64K --invocations 0").status, 2);
  const Outcome both = Membench("run memset --size 64K --invocations 3 --precision 1%");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.output.find("--precision samples one invocation"), std::string::npos) << both.output;
  // --precision alone is one invocation.
  const Outcome precise = Membench("run memset --size 64K --precision 5% --max-runs 4 --min-runs 2");
  EXPECT_EQ(precise.status, 0) << precise.output;
  EXPECT_EQ(precise.output.find("invocations (separate processes)"), std::string::npos) << precise.output;
}

TEST(Interleaving, IsTheDefaultAndGivesPairedRatios) {
  const std::string path = TempPath("interleaved.json");
  const Outcome run = Membench("run memset --size 64K --impl libc,stosb -r 6 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("round-robin"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("impl=stosb / libc"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["interleaved"].get<bool>());
  EXPECT_EQ(result["paired_ratios"].size(), 1u);
  const Outcome sequential = Membench("run memset --size 64K --impl libc,stosb -r 3 --order sequential");
  ASSERT_EQ(sequential.status, 0) << sequential.output;
  EXPECT_EQ(sequential.output.find("paired ratios"), std::string::npos) << sequential.output;
  // Without -r, as many rounds as the comparisons need; with too few, one
  // line says how many, instead of one "inconclusive" per row.
  const std::string decided_path = TempPath("decided.json");
  const Outcome decided = Membench("run memset --size 64K --impl libc,stosb,avx2 --json " + decided_path);
  ASSERT_EQ(decided.status, 0) << decided.output;
  EXPECT_EQ(decided.output.find("\033["), std::string::npos) << "colour in a pipe: " << decided.output;
  // Seven rounds shared out among the default three invocations.
  EXPECT_NE(decided.output.find("-r not given: 3 samples per point in each of 3 invocations"), std::string::npos)
      << decided.output;
  EXPECT_EQ(ReadJson(decided_path)["measurements"][0]["samples"].size(), 9u);
  std::remove(decided_path.c_str());
  const Outcome too_few = Membench("run memset --size 64K --impl libc,stosb,avx2 -r 3 --invocations 1 -v");
  ASSERT_EQ(too_few.status, 0) << too_few.output;
  EXPECT_NE(too_few.output.find("# inconclusive: 3 rounds are too few for a 97.5% interval; -r 7 or more gives one"),
            std::string::npos)
      << too_few.output;
  EXPECT_EQ(too_few.output.find("inconclusive: 3 rounds are too few for a 97.5% interval (need"), std::string::npos)
      << too_few.output;
  // clear has an --order of its own: the sample order is --sample-order there.
  EXPECT_EQ(Membench("run clear --page 2M --size 4M --sample-order sequential -r 2").status, 0);
  std::remove(path.c_str());
}

TEST(Slab, PrefetchVariantsGiveNsPerPairAndBadSizesAreRefused) {
  const Outcome run = Membench("run slab --prefetch none,next --pattern lifo,random --batch 4096 -r 2");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("ns/pair"), std::string::npos) << run.output;
  const Outcome big = Membench("run slab --object-size 64K --slab-pages 2");
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.output.find("larger than the slab"), std::string::npos) << big.output;
  EXPECT_EQ(Membench("run slab --object-size 0").status, 2);
  EXPECT_NE(Membench("run slab --impl malloc --prefetch next").output.find("applies to --impl slub only"),
            std::string::npos);
}

TEST(Hackbench, EveryModeAndIpcDeliversEveryMessage) {
  const std::string path = TempPath("hackbench.json");
  const Outcome run = Membench(
      "run hackbench --groups 2 --fds 5 --loops 20 --mode process,thread --ipc socket,pipe -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    EXPECT_EQ(m["samples"][0]["work"].get<std::uint64_t>(), 2u * 5 * 5 * 20);  // messages
    // The counters follow the senders and receivers: they spend
    // milliseconds of CPU on 1,000 messages, the runner waiting for them
    // microseconds.
    if (m["point"]["mode"] == "process") {
      double task_clock_ns = 0;
      for (const auto& c : m["stats"]["counters"]) {
        if (c["event"] == "task-clock") task_clock_ns = c["summary"]["mean"].get<double>();
      }
      EXPECT_GE(task_clock_ns, 1e6) << m["point"];
    }
  }
  std::remove(path.c_str());
}

TEST(Hackbench, LimitsAreCheckedWithTheWayToRaiseThem) {
  const Outcome files = Membench("run hackbench --groups 10 --fds 20", "prlimit --nofile=64 ");
  EXPECT_EQ(files.status, 2) << files.output;
  EXPECT_NE(files.output.find("ulimit -n"), std::string::npos) << files.output;
  const Outcome procs = Membench("run hackbench --groups 10 --fds 20", "prlimit --nproc=50 ");
  EXPECT_EQ(procs.status, 2) << procs.output;
  EXPECT_NE(procs.output.find("process limit (ulimit -u) is 50"), std::string::npos) << procs.output;
}

TEST(Exec, RunsAnyProgramUnderCountersAndRefusesFailures) {
  const std::string path = TempPath("exec.json");
  const Outcome ok = Membench("exec -r 3 -e page-faults,task-clock --json " + path + " -- sh -c true");
  ASSERT_EQ(ok.status, 0) << ok.output;
  EXPECT_NE(ok.output.find("runs/s"), std::string::npos) << ok.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"][0]["samples"].size(), 3u);
  EXPECT_GT(FaultsPerSample(result["measurements"][0]), 0.0);  // the program's own faults, from its execve
  const Outcome failing = Membench("exec -r 3 -- sh -c \"exit 3\"");
  EXPECT_EQ(failing.status, 2) << failing.output;
  EXPECT_NE(failing.output.find("ended with exit status 3 in run 1"), std::string::npos) << failing.output;
  EXPECT_EQ(Membench("exec -r 2 --ignore-status -- sh -c \"exit 3\"").status, 0);
  const Outcome missing = Membench("exec -- membench-no-such-program");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("cannot start 'membench-no-such-program'"), std::string::npos) << missing.output;
  const Outcome none = Membench("exec");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.output.find("no command given"), std::string::npos) << none.output;
  std::remove(path.c_str());
}

// A short pool fails the whole run before its first point, saying how many
// pages to reserve, never with a SIGBUS halfway through.
TEST(Cli, HugetlbPoolTooSmallFailsBeforeAnythingRuns) {
  if (!sys::ReadHugetlbPool(kPage2m).exists) GTEST_SKIP() << "this kernel offers no 2 MiB hugetlb pages";
  const Outcome run = Membench("run memset --size 4M,64G --pages hugetlb-2m -r 1");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("free 2 MiB pages are needed"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("nr_hugepages"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("samples per point after"), std::string::npos) << run.output;
}

TEST(Cli, UnsupportedEventsShowAndDoNotAbort) {
  const Outcome run = Membench("run memset --size 64K -r 2 -v -e task-clock,cycles,page-faults:u");
  ASSERT_EQ(run.status, 0) << run.output;
  if (run.output.find("hardware PMU: no") != std::string::npos) {
    EXPECT_NE(run.output.find("<not supported>      cycles"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("# <not supported>: cycles: no hardware PMU"), std::string::npos) << run.output;
  }
  EXPECT_NE(run.output.find("page-faults:u"), std::string::npos);
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// The brief default report of a real run: a line a point, at most 100
// columns, the run's notes once (tests/brief_report_test.cpp checks the
// issue's 25- and 60-line targets on results shaped like its runs).
TEST(BriefOutput, ALineAPointInAHundredColumns) {
  const Outcome run = Membench("run memcpy --size 64K --impl all -r 2");
  ASSERT_EQ(run.status, 0) << run.output;
  std::istringstream lines(run.output);
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) EXPECT_LE(line.size(), 100u) << line;
  EXPECT_LE(count, 25u) << run.output;
  EXPECT_EQ(run.output.find("Performance counter stats"), std::string::npos) << "the blocks are -v's";
  EXPECT_NE(run.output.find("\nlibc "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("-v (or membench report FILE -v) shows every counter"), std::string::npos);
}

// zeropage's memcmp mode counts bytes, its stride mode touches: pairs run
// along pages within each mode, never touches/s over GB/s.
TEST(BriefOutput, ZeropageModesAreNeverPairedAcrossUnits) {
  const Outcome run = Membench("run zeropage --size 64M --mode memcmp,stride --pages thp,4k -r 2");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("# not paired along mode: it changes the work unit"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("B/A vs base (pages=thp)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(" GB/s "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(" Mtouches/s ") + run.output.find(" Ktouches/s "), 2 * std::string::npos) << run.output;
  const Outcome asked = Membench("run zeropage --size 64M --mode memcmp,stride -r 2 --paired-by mode");
  EXPECT_EQ(asked.status, 2) << asked.output;
  EXPECT_NE(asked.output.find("--paired-by mode: its values measure different work units (memcmp: bytes, stride: "
                              "touches)"),
            std::string::npos)
      << asked.output;
}

}  // namespace
}  // namespace membench
