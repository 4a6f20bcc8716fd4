// File: workloads/stream.cpp
// stream: McCalpin's STREAM kernels, one per point (--op): copy c = a,
// scale b = q*c, add c = a + b, triad a = b + q*c, over three arrays of
// doubles of --size bytes each. Bytes are counted as STREAM counts them
// (two arrays for copy and scale, three for add and triad; no
// write-allocate), and the arrays are checked after the samples as STREAM
// checks them: the average absolute error of each array against the value
// the same operations give one scalar, relative to it, within 1e-13. With
// --threads N every worker maps, places and first-touches its own three
// arrays on its own CPU (--cpu), as STREAM's OpenMP static schedule gives
// each thread its own part.

#include <fmt/format.h>

#include <cmath>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "kernels/stream_ops.h"
#include "sys/collect_machine_facts.h"
#include "sys/memory.h"
#include "sys/test_hook.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

enum class StreamOp { kCopy, kScale, kAdd, kTriad };

StreamOp ParseStreamOp(const std::string& text) {
  if (text == "copy") return StreamOp::kCopy;
  if (text == "scale") return StreamOp::kScale;
  if (text == "add") return StreamOp::kAdd;
  if (text == "triad") return StreamOp::kTriad;
  throw Error("unknown STREAM op '" + text + "'");
}

// How many of the three arrays an op moves: STREAM's byte count per element.
int ArraysMoved(StreamOp op) { return op == StreamOp::kCopy || op == StreamOp::kScale ? 2 : 3; }

struct StreamOptions {
  std::uint64_t size = 0;
  StreamOp op = StreamOp::kTriad;
  PagePolicy pages;
};

const OptionTable<StreamOptions>& Options() {
  static const auto table =
      OptionTable<StreamOptions>()
          .Add(SizeParamNamed("size", "64M",
                              "bytes per array (STREAM_ARRAY_SIZE x 8), three arrays a worker; STREAM asks for 4x "
                              "the last-level cache, the default here",
                              64),
               &StreamOptions::size)
          .Add(ChoiceParam("op", "copy,scale,add,triad",
                           "STREAM's kernels: copy c=a, scale b=q*c, add c=a+b, triad a=b+q*c",
                           {"copy", "scale", "add", "triad"}),
               &StreamOptions::op, ParseStreamOp)
          .Add(PagesParam(), &StreamOptions::pages, ParsePagePolicy);
  return table;
}

// One element of each array, as the arrays hold it.
struct StreamValues {
  double a = 0, b = 0, c = 0;
};

// Where the arrays start. Not STREAM's a = 2, b = 2, c = 0, after which a
// triad alone leaves a as it was (2 + 3 * 0): from here every kernel
// changes the array it writes (copy c 4 -> 1, scale b 2 -> 12, add c 4 ->
// 3, triad a 1 -> 14), so a kernel that wrote nothing fails validation.
StreamValues Initial() { return StreamValues{1.0, 2.0, 4.0}; }

// What `op` leaves in the arrays: each op writes an array it does not read,
// so doing it again changes nothing.
StreamValues After(StreamOp op, StreamValues v) {
  switch (op) {
    case StreamOp::kCopy: v.c = v.a; break;
    case StreamOp::kScale: v.b = kStreamScalar * v.c; break;
    case StreamOp::kAdd: v.c = v.a + v.b; break;
    case StreamOp::kTriad: v.a = v.b + kStreamScalar * v.c; break;
  }
  return v;
}

// STREAM's check for doubles: the average absolute error relative to the
// expected value.
constexpr double kStreamEpsilon = 1e-13;

class StreamWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const StreamOptions options = Options().Read(point);
    if (options.size % sizeof(double) != 0) {
      throw Error("--size " + std::to_string(options.size) + ": must be a multiple of 8 (whole doubles)");
    }
    op_ = options.op;
    elements_ = options.size / sizeof(double);
    a_ = Buffer("a", options.size, 0, options.pages);
    b_ = Buffer("b", options.size, 0, options.pages);
    c_ = Buffer("c", options.size, 0, options.pages);
    // First touch here, on the worker's own thread and CPU.
    const StreamValues v = Initial();
    Fill(a_, v.a);
    Fill(b_, v.b);
    Fill(c_, v.c);
  }

  void Run(std::uint64_t loops) override {
    double* a = Array(a_);
    double* b = Array(b_);
    double* c = Array(c_);
    for (std::uint64_t i = 0; i < loops; ++i) {
      switch (op_) {
        case StreamOp::kCopy: StreamCopy(c, a, elements_); break;
        case StreamOp::kScale: StreamScale(b, c, kStreamScalar, elements_); break;
        case StreamOp::kAdd: StreamAdd(c, a, b, elements_); break;
        case StreamOp::kTriad: StreamTriad(a, b, c, kStreamScalar, elements_); break;
      }
      asm volatile("" : : : "memory");
    }
  }

  std::uint64_t WorkPerLoop() const override {
    return static_cast<std::uint64_t>(ArraysMoved(op_)) * elements_ * sizeof(double);
  }
  std::vector<PageProof> PageProofs() const override { return {a_.Proof(), b_.Proof(), c_.Proof()}; }

  // Validation, after the samples: a wrong result stops the run
  // (WrongResult), it is never a rate.
  std::vector<std::string> Notes() const override {
    // A test's injected fault, after the timed samples: one wrong element.
    if (corrupt_element_ && elements_ > 0) Array(a_)[elements_ / 2] += 1;
    const StreamValues expected = After(op_, Initial());
    double worst = 0;
    for (const auto& [name, buffer, value] : {std::tuple{"a", &a_, expected.a}, std::tuple{"b", &b_, expected.b},
                                              std::tuple{"c", &c_, expected.c}}) {
      const double relative = AverageError(*buffer, value) / std::fabs(value);
      if (!(relative <= kStreamEpsilon)) {
        throw WrongResult(fmt::format("stream: failed validation on array {}: average relative error {:.3g} "
                                      "(expected value {}, epsilon {}): the kernel or the memory is wrong",
                                      name, relative, value, kStreamEpsilon));
      }
      worst = std::max(worst, relative);
    }
    std::vector<std::string> notes = {
        fmt::format("STREAM validation: solution validates (the lead worker's arrays; average relative error at most "
                    "{:.3g}, epsilon {})",
                    worst, kStreamEpsilon)};
    if (op_ == StreamOp::kCopy) {
      notes.emplace_back(
          "copy: GCC at -O3 makes the loop a call to memcpy, in STREAM's own build as here, so copy is the C "
          "library's copy, which may store non-temporally at these sizes (no write-allocate read)");
    }
    return notes;
  }

 private:
  static double* Array(const Buffer& buffer) { return reinterpret_cast<double*>(buffer.data()); }

  void Fill(const Buffer& buffer, double value) const {
    double* p = Array(buffer);
    for (std::uint64_t j = 0; j < elements_; ++j) p[j] = value;
  }

  double AverageError(const Buffer& buffer, double expected) const {
    const double* p = Array(buffer);
    double sum = 0;
    for (std::uint64_t j = 0; j < elements_; ++j) sum += std::fabs(p[j] - expected);
    return elements_ == 0 ? 0 : sum / static_cast<double>(elements_);
  }

  StreamOp op_ = StreamOp::kTriad;
  std::uint64_t elements_ = 0;
  // A test's injected fault (sys/test_hook.h): validation must refuse it.
  bool corrupt_element_ = sys::TestHookOn("stream-corrupt-element");
  Buffer a_, b_, c_;
};

WorkloadNeeds Needs(const Point& point) {
  const StreamOptions options = Options().Read(point);
  return MemoryNeeds(options.pages, 3 * options.size, 3);
}

std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  return WorkloadInfo::PointUnit{WorkUnit::kBytes, point.at("op").text};
}

std::optional<ByteTraffic> Traffic(const Point& point) {
  const StreamOp op = Options().Read(point).op;
  const int arrays = ArraysMoved(op);
  ByteTraffic traffic =
      TrafficOf(static_cast<double>(arrays - 1) / arrays, 1.0 / arrays, false,
                fmt::format("STREAM's count: {} arrays' bytes, {} read and one written", arrays, arrays - 1));
  // Copy is the C library's memcpy (see the note), whose stores may be
  // non-temporal at these sizes: no write-allocate estimate holds.
  if (op == StreamOp::kCopy) {
    traffic.memory_per_unit.reset();
    traffic.how += "; copy is memcpy, whose large copies may store non-temporally, so no estimate at memory";
  }
  return traffic;
}

// STREAM's rule: each array at least four times the last-level cache, so
// no kernel runs from the caches; in whole 128 MiB (eighths of a GiB print
// exactly), and at most what fits three times in half of MemAvailable.
std::string MachineDefault(const std::string& param, std::string& note) {
  if (param != "size") return "";
  std::uint64_t largest = 0;
  for (const CacheLevel& cache : sys::SysfsCaches()) largest = std::max(largest, cache.size_bytes);
  if (largest == 0) return "";
  constexpr std::uint64_t kStep = 128ull << 20;
  std::uint64_t size = (4 * largest + kStep - 1) / kStep * kStep;
  const std::uint64_t fits = sys::MemAvailableBytes() / 2 / 3 / kStep * kStep;
  if (fits >= kStep && size > fits) {
    size = fits;
    note = fmt::format("stream: arrays of {} each, three a worker: less than 4x the {} cache STREAM asks for, "
                       "to fit in half of MemAvailable",
                       FormatSize(size), FormatSize(largest));
  } else {
    note = fmt::format("stream: arrays of {} each, at least 4x the largest cache ({}), as STREAM asks",
                       FormatSize(size), FormatSize(largest));
  }
  return std::to_string(size);
}

WorkloadInfo StreamWorkloadInfo() {
  WorkloadInfo info;
  info.name = "stream";
  info.summary = "STREAM's copy, scale, add and triad, counted and validated as STREAM does";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "triad";
  info.params = Options().specs();
  info.examples = {
      "membench run stream",
      "membench run stream --op triad --threads 1,2 --cpu 0-1",
      "membench run stream --size 1G --op copy --pages 4k,thp",
  };
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.traffic = Traffic;
  info.machine_default = MachineDefault;
  info.make = MakeWorkload<StreamWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(StreamWorkloadInfo);

}  // namespace membench
