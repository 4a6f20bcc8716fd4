// File: tests/run_memory_test.cpp
// `membench run` of the memory workloads (memcpy, memset, memcmp, read, zeropage, chase,
// pagefault, fault, clear, loaded, size distributions) on real mappings: every impl measured,
// the page-fault counts the kernel makes exact, the traffic behind each byte rate, the brief report.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "kernels/kernel.h"
#include "membench_process.h"
#include "sys/limits.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

template <class Kernel>
std::size_t Available(const std::vector<Kernel>& kernels) {
  std::size_t n = 0;
  for (const auto& k : kernels) n += UnavailableReason(k).empty() ? 1 : 0;
  return n;
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
  for (const auto& k : CopyKernels()) available += UnavailableReason(k).empty() ? 1 : 0;
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

// bw_mem's rdwr counts each byte once, as read does, and says the traffic
// behind it is twice that.
TEST(Cli, ReadModifyWriteCountsEachByteOnce) {
  const std::string path = TempPath("rdwr.json");
  const Outcome run = Membench("run read --size 1M --op read,rdwr -r 2 --invocations 1 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 2u);
  const auto& rdwr = result["measurements"][1];
  EXPECT_EQ(rdwr["rate_label"], "read-modified");
  const auto& sample = rdwr["samples"][0];
  EXPECT_EQ(sample["work"].get<std::uint64_t>(), (1u << 20) * sample["loops"].get<std::uint64_t>());
  EXPECT_EQ(rdwr["traffic"]["requested_per_unit"], 2.0);
  std::remove(path.c_str());
}

// STREAM's byte counts (two arrays for copy and scale, three for add and
// triad), its validation, three arrays proven; a size of part of a double
// is refused.
TEST(Stream, CountsAndValidatesAsStreamDoes) {
  const std::string path = TempPath("stream.json");
  const Outcome run = Membench("run stream --size 1M --op copy,scale,add,triad -r 2 --invocations 1 -v --json " +
                               path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("STREAM validation: solution validates"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  const std::uint64_t arrays[] = {2, 2, 3, 3};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& m = result["measurements"][i];
    const auto& sample = m["samples"][0];
    EXPECT_EQ(sample["work"].get<std::uint64_t>(), arrays[i] * (1u << 20) * sample["loops"].get<std::uint64_t>())
        << m["rate_label"];
    EXPECT_EQ(m["page_proof"].size(), 3u);
  }
  EXPECT_EQ(result["measurements"][3]["rate_label"], "triad");
  const Outcome odd = Membench("run stream --size 1001 -r 2");
  EXPECT_NE(odd.status, 0);
  EXPECT_NE(odd.output.find("must be a multiple of 8"), std::string::npos) << odd.output;
  std::remove(path.c_str());
}

// One wrong element in STREAM's arrays (a test hook writes it after the
// kernel) stops the run with the validation's error: never a rate, never a
// result file.
TEST(Stream, OneWrongElementStopsTheRun) {
  const std::string path = TempPath("stream-wrong.json");
  const Outcome run =
      Membench("run stream --size 8M --op triad -r 2 --json " + path, "MEMBENCH_TEST_HOOK=stream-corrupt-element ");
  EXPECT_NE(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("stream: failed validation on array a"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("solution validates"), std::string::npos) << run.output;
  EXPECT_FALSE(std::filesystem::exists(path)) << "a wrong result was written";
}

// Every buffer workload takes a placement, and every buffer's proof says
// which node its pages are on (move_pages), judged against what was asked.
TEST(Numa, EveryBufferIsPlacedAndItsNodesProven) {
  const std::string path = TempPath("numa.json");
  for (const std::string& args : {std::string("memcpy --size 2M --membind 0"),
                                  std::string("stream --size 1M --op triad --interleave 0 --cpunodebind 0"),
                                  std::string("chase --size 1M --membind 0 --threads 2")}) {
    const Outcome run = Membench("run " + args + " -r 2 --invocations 1 --json " + path);
    ASSERT_EQ(run.status, 0) << args << "\n" << run.output;
    const nlohmann::json result = ReadJson(path);
    for (const auto& m : result["measurements"]) {
      ASSERT_FALSE(m["page_proof"].empty()) << args;
      for (const auto& proof : m["page_proof"]) {
        EXPECT_EQ(proof["nodes_requested"], args.find("membind") != std::string::npos ? "membind 0" : "interleave 0")
            << args;
        EXPECT_TRUE(proof["nodes_honoured"].get<bool>()) << proof["text"];
        ASSERT_TRUE(proof["node_pages"].contains("0")) << proof["text"];
        EXPECT_GT(proof["node_pages"]["0"].get<std::uint64_t>(), 0u);
        EXPECT_NE(proof["text"].get<std::string>().find("nodes: 0 100%"), std::string::npos) << proof["text"];
      }
    }
  }
  std::remove(path.c_str());
}

// MLC's matrices: one point per (CPU node, memory node), each proven, and
// the table after the run's own; 1x1 on a machine of one node.
TEST(Numa, MatrixRunsEveryPairOfNodes) {
  const std::string path = TempPath("matrix.json");
  for (const std::string& what : {std::string("latency"), std::string("bandwidth")}) {
    const Outcome run =
        Membench("run matrix --what " + what + " --size 1M -r 2 --invocations 1 --json " + path);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("# node x node: "), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("cpu\\mem"), std::string::npos) << run.output;
    const nlohmann::json result = ReadJson(path);
    EXPECT_EQ(result["measurements"][0]["workload"], what == "latency" ? "chase" : "read");
    for (const auto& m : result["measurements"]) {
      EXPECT_TRUE(m["point"].contains("cpunodebind")) << m["point"];
      EXPECT_TRUE(m["point"].contains("membind")) << m["point"];
    }
  }
  std::remove(path.c_str());
}

TEST(Numa, BadPlacementsAreRefused) {
  for (const auto& [args, expected] :
       {std::pair{"memset --size 1M --membind 1023", "online NUMA nodes are"},
        // Before the sweep's first point is measured.
        std::pair{"memset --size 1M --membind 0,1023", "online NUMA nodes are"},
        std::pair{"memset --size 1M --interleave 0-1023", "online NUMA nodes are"},
        std::pair{"memset --size 1M --cpunodebind 1023", "online NUMA nodes are"},
        std::pair{"memset --size 1M --interleave x", "not a node list"},
        std::pair{"memset --size 1M --membind 0 --interleave 0", "give one of them"},
        std::pair{"memset --size 1M --cpunodebind 0 --cpu 0", "give one of them"}}) {
    const Outcome run = Membench(std::string("run ") + args + " -r 2 --invocations 1");
    EXPECT_NE(run.status, 0) << args;
    EXPECT_NE(run.output.find(expected), std::string::npos) << args << "\n" << run.output;
  }
}

// Single latencies: chase's loads a short chain at a time, fault's faults
// one at a time; percentiles in order, the timings counted, the table.
TEST(Latencies, ChaseAndFaultTimeSingleLatencies) {
  const std::string path = TempPath("latencies.json");
  const Outcome chase = Membench("run chase --size 1M --latencies on -r 2 --invocations 1 --json " + path);
  ASSERT_EQ(chase.status, 0) << chase.output;
  EXPECT_NE(chase.output.find("# single latencies: a load"), std::string::npos) << chase.output;
  nlohmann::json result = ReadJson(path);
  const auto& latency = result["measurements"][0]["latency"];
  ASSERT_TRUE(latency.is_object()) << result["measurements"][0];
  EXPECT_GT(latency["count"].get<std::uint64_t>(), 100u);
  const auto& p = latency["percentiles_ns"];
  EXPECT_GT(p["p50"].get<double>(), 0);
  EXPECT_LE(p["p50"].get<double>(), p["p90"].get<double>());
  EXPECT_LE(p["p90"].get<double>(), p["p99"].get<double>());
  EXPECT_LE(p["p99"].get<double>(), p["p99.9"].get<double>());
  // 1 MiB is remapped before every sample by default: every sample's
  // timings are kept, not the last preparation's alone.
  const auto& chased = result["measurements"][0];
  ASSERT_TRUE(chased["notes"].dump().find("remapped by default") != std::string::npos) << chased["notes"];
  std::uint64_t timed = 0;
  for (const auto& sample : chased["samples"]) timed += sample["work"].get<std::uint64_t>() / 8 / 32;
  EXPECT_GE(latency["count"].get<std::uint64_t>(), timed);

  // 1 MiB of 4 KiB pages: 256 faults a sample, each timed.
  const Outcome fault = Membench("run fault --size 1M --pages 4k --latencies on -r 2 --invocations 1 --json " + path);
  ASSERT_EQ(fault.status, 0) << fault.output;
  result = ReadJson(path);
  const auto& m = result["measurements"][0];
  const std::uint64_t samples = m["samples"].size() + m["warmup_samples"].get<std::uint64_t>();
  EXPECT_EQ(m["latency"]["count"].get<std::uint64_t>(), 256 * samples) << m["latency"];

  // loaded's latency worker walks its chain the same way, under load.
  const Outcome loaded = Membench("run loaded --size 1M --load-size 1M --delay 0 --latencies on -r 2 "
                                  "--invocations 1 --json " + path);
  ASSERT_EQ(loaded.status, 0) << loaded.output;
  EXPECT_GT(ReadJson(path)["measurements"][0]["latency"]["count"].get<std::uint64_t>(), 0u);

  const Outcome chains = Membench("run chase --size 1M --chains 2 --latencies on -r 2");
  EXPECT_NE(chains.status, 0);
  EXPECT_NE(chains.output.find("give --chains 1"), std::string::npos) << chains.output;
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
  if (sys::AllowedCpuCount() < 2) GTEST_SKIP() << "[one-cpu] loaded needs a CPU besides the latency CPU";
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
  // Refused for the value where this CPU has the zero-only kernel, for the
  // kernel where it lacks it (tests/workload_validation_test.cpp checks the
  // value's refusal on every CPU).
  for (const FillKernel& kernel : FillKernels()) {
    if (!kernel.zero_only) continue;
    const std::string reason = UnavailableReason(kernel).empty() ? "writes only zeros" : "cannot run on this machine";
    const std::string name(kernel.name);
    const Outcome memset = Membench("run memset --size 64K --impl " + name + " --value 1 -r 2");
    EXPECT_EQ(memset.status, 2) << memset.output;
    EXPECT_NE(memset.output.find(reason), std::string::npos) << memset.output;
    const Outcome clear = Membench("run clear --page 4K --size 1M --impl " + name + " --value 7 -r 2");
    EXPECT_EQ(clear.status, 2) << clear.output;
    EXPECT_NE(clear.output.find(reason), std::string::npos) << clear.output;
  }
  const Outcome clear = Membench("run clear --page 4K --size 1M --impl libc --value 0,255 --memory warm -r 2 -v");
  ASSERT_EQ(clear.status, 0) << clear.output;
  EXPECT_NE(clear.output.find("value=255"), std::string::npos) << clear.output;
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
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
  const std::string path = TempPath("thp.json");
  const Outcome run = Membench("run memset --size 64M --impl stosb --pages thp --prefault none -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json m = ReadJson(path)["measurements"][0];
  if (!m["page_proof"][0]["honoured"].get<bool>()) SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(m["page_proof"][0]["text"]);
  const double faults = FaultsPerSample(m);
  EXPECT_GE(faults, 32);
  EXPECT_LE(faults, 32 + 8);
  std::remove(path.c_str());
}

// --profile on a machine without a PMU: cpu-clock samples every sample,
// and THP faults' time resolves to kernel functions from /proc/kallsyms.
TEST(Profile, CpuClockSamplingFindsTheKernelsFunctions) {
  const std::string path = TempPath("profile.json");
  const Outcome run = Membench("run fault --size 32M --pages thp -r 3 --invocations 1 --profile --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  const std::string event = result["profile_event"].get<std::string>();
  EXPECT_TRUE(event == "cpu-clock" || event == "cycles") << event;
  EXPECT_NE(run.output.find("# note: --profile: " + event + " sampled"), std::string::npos) << run.output;
  std::set<std::string> kernel_functions;
  std::ifstream kallsyms("/proc/kallsyms");
  for (std::string address, type, name; kallsyms >> address >> type >> name;) {
    kallsyms.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    if (address.find_first_not_of('0') != std::string::npos) kernel_functions.insert(name);
  }
  std::uint64_t profiled = 0;
  bool kernel_seen = false;
  for (const auto& s : result["measurements"][0]["samples"]) {
    profiled += s["profile_samples"].get<std::uint64_t>();
    for (const auto& entry : s["profile_self"].items()) kernel_seen = kernel_seen || kernel_functions.count(entry.key());
  }
  EXPECT_GT(profiled, 0u) << result["measurements"][0]["samples"];
  if (!kernel_functions.empty()) {
    EXPECT_TRUE(kernel_seen) << result["measurements"][0]["samples"];
  }
  EXPECT_NE(run.output.find("# profile, self (" + event + "): "), std::string::npos) << run.output;
  std::remove(path.c_str());
}

// The fault workload's first touches are exact: one fault per 4 KiB page,
// one per 2 MiB THP, for every worker, and the recycle condition is said.
TEST(Fault, FaultsPerSampleMatchPageSizeAndWorkers) {
  if (!ThpAvailable()) GTEST_SKIP() << "[thp-disabled] transparent huge pages are disabled on this machine";
  CompactMemory();
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
      {"run clear --page 4K --order target-last", "a base page has no sub-pages"},
      {"run clear --page 8K", "modelled for the base page (4 KiB here)"},
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
