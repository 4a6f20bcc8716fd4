// File: workloads/fault.cpp
// fault: the kernel's page-fault path, after vm-scalability's usemem cases.
// Every sample maps a fresh region of `size` (per worker: with --procs N
// each worker maps its own) and the timed region touches it from beginning
// to end, so what is measured is faulting, page allocation and clearing:
//   anon-w-seq   write every word (usemem), or one word per --touch step
//                (usemem --step: 4K is one per page)
//   anon-r-seq   read instead: maps the zero page where the kernel does
//   anon-w-rand  write the pages in a random order
//   anon-cow-seq write pages a forked child still shares: copy-on-write faults
//   file-r-seq   read a file mapping whose pages are in the page cache
// The unmapping of the previous sample's region is not timed. With
// `latencies on` the first touch of every page of the policy's size (4 KiB,
// or the huge page asked for) is timed on its own: single faults.

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/free_page_reporting.h"
#include "sys/memory.h"
#include "sys/page_flags.h"
#include "sys/process.h"
#include "sys/scratch_file.h"
#include "workloads/latency_recorder.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

enum class Case { kAnonWriteSeq, kAnonReadSeq, kAnonWriteRandom, kAnonCowSeq, kFileReadSeq };

Case ParseCase(const std::string& text) {
  if (text == "anon-w-seq") return Case::kAnonWriteSeq;
  if (text == "anon-r-seq") return Case::kAnonReadSeq;
  if (text == "anon-w-rand") return Case::kAnonWriteRandom;
  if (text == "anon-cow-seq") return Case::kAnonCowSeq;
  if (text == "file-r-seq") return Case::kFileReadSeq;
  throw Error("unknown fault case '" + text + "'");
}

constexpr std::size_t kWordsPerPage = kPage4k / sizeof(std::uint64_t);

// `words` (every word, usemem's default) or a step in bytes, as usemem's
// --step: one word written (or read) at the start of every step.
ParamSpec TouchParam() {
  ParamSpec touch = SizeParamNamed("touch", "words",
                                   "words: every 64-bit word (as usemem); or a step: one word every this many bytes "
                                   "(usemem --step), a power of two up to 4K (one word per page)",
                                   sizeof(std::uint64_t));
  touch.word = "words";
  return touch;
}

struct FaultOptions {
  Case fault_case{};
  std::uint64_t size = 0;
  PagePolicy pages;
  ParamValue touch;
  std::string recycle;
  std::string latencies;
};

const OptionTable<FaultOptions>& Options() {
  static const auto table =
      OptionTable<FaultOptions>()
          .Add(ChoiceParam("case", "anon-w-seq",
                           "anon-w-seq, anon-r-seq (the zero page where mapped), anon-w-rand, anon-cow-seq "
                           "(copy-on-write after fork), file-r-seq (page-cache file mapping, in $TMPDIR or /var/tmp)",
                           {"anon-w-seq", "anon-r-seq", "anon-w-rand", "anon-cow-seq", "file-r-seq"}),
               &FaultOptions::fault_case, ParseCase)
          .Add(SizeParamNamed("size", "256M", "bytes each worker maps and touches per sample", kPage4k),
               &FaultOptions::size)
          .Add(PagesParam(), &FaultOptions::pages, ParsePagePolicy)
          .Add(TouchParam(), &FaultOptions::touch)
          .Add(ChoiceParam("recycle", "yes",
                           "yes: before each sample map, touch and unmap the same amount, so the faults draw on "
                           "memory just freed; no: on whatever is free (in a guest with free page reporting, memory "
                           "the host took back)",
                           {"yes", "no"}),
               &FaultOptions::recycle)
          .Add(LatenciesParam("faults"), &FaultOptions::latencies);
  return table;
}

class FaultWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const FaultOptions options = Options().Read(point);
    case_ = options.fault_case;
    size_ = options.size;
    policy_ = options.pages;
    const ParamValue& touch = options.touch;
    step_words_ = touch.numeric ? touch.number / sizeof(std::uint64_t) : 1;
    if (touch.numeric && (touch.number % sizeof(std::uint64_t) != 0 || kPage4k % touch.number != 0)) {
      throw Error("--touch " + touch.text +
                  ": a step of a power of two from 8 bytes (every word) to 4K (one word per page), so that every "
                  "page is touched");
    }
    recycle_ = options.recycle == "yes";
    if (size_ % kPage4k != 0) {
      throw Error("--size " + FormatSize(size_) + ": a fault case needs whole 4 KiB pages");
    }
    const std::size_t pages = size_ / kPage4k;
    if (case_ == Case::kFileReadSeq) {
      if (policy_ != PagePolicy::kDefault) {
        throw Error("--pages " + PagePolicyName(policy_) + ": file-r-seq maps page-cache pages; use --pages default");
      }
      file_ = std::make_unique<sys::ScratchFile>(sys::ScratchDirectory(), size_);
    }
    if (options.latencies == "on") {
      if (case_ == Case::kAnonWriteRandom) {
        throw Error("--latencies on times the first touch of each page in order; anon-w-rand touches 4 KiB pages of "
                    "huge ones out of order: give a sequential case");
      }
      granule_ = FaultGranule(policy_);
      if (size_ % granule_ != 0) {
        throw Error(fmt::format("--latencies on with --pages {}: --size {} is not whole {} pages",
                                PagePolicyName(policy_), FormatSize(size_), FormatSize(granule_)));
      }
      recorder_.Calibrate(1.0);
    }
    if (case_ == Case::kAnonWriteRandom) {
      order_.resize(pages);
      std::iota(order_.begin(), order_.end(), 0u);
      std::shuffle(order_.begin(), order_.end(), std::mt19937_64(42));
    }
  }

  bool FreshStateEachSample() const override { return true; }

  void PrepareSample() override {
    const auto reported_before = sys::ReportedBytes();
    holder_.reset();
    region_ = Buffer();
    file_mapping_ = sys::MappedRegion();
    if (!recycle_ && reporting_.active) {
      // Else the faults would draw on the previous sample's memory, freed a
      // moment ago, and only the first sample would see a cold host.
      waited_ns_ = std::max(waited_ns_, sys::WaitForHostReclaim(reported_before, size_, kReclaimTimeoutNs));
    }
    if (recycle_) {
      // Faults on memory freed a moment ago, not on memory that sat free
      // (and may have gone back to the host).
      Buffer recycled("recycle", size_, 0, policy_);
      recycled.Prefault(sys::Prefault::kWrite);
    }
    if (case_ == Case::kFileReadSeq) {
      file_mapping_ = file_->MapReadOnly();
      return;
    }
    region_ = Buffer("region", size_, 0, policy_);
    if (case_ == Case::kAnonCowSeq) {
      region_.Prefault(sys::Prefault::kWrite);
      holder_ = std::make_unique<sys::CopyOnWriteHolder>();
    }
  }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t loop = 0; loop < loops; ++loop) {
      if (recorder_.active()) {
        TimedFirstTouches();
        continue;
      }
      switch (case_) {
        case Case::kAnonWriteSeq:
        case Case::kAnonCowSeq:
          WriteSequential(reinterpret_cast<std::uint64_t*>(region_.data()));
          break;
        case Case::kAnonReadSeq:
          ReadSequential(reinterpret_cast<const std::uint64_t*>(region_.data()));
          break;
        case Case::kAnonWriteRandom:
          WriteRandom(reinterpret_cast<std::uint64_t*>(region_.data()));
          break;
        case Case::kFileReadSeq:
          ReadSequential(reinterpret_cast<const std::uint64_t*>(file_mapping_.data()));
          break;
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return size_; }

  std::vector<PageProof> PageProofs() const override {
    if (case_ == Case::kFileReadSeq) {
      return {MakePageProof("file", PagePolicy::kDefault,
                            sys::ReadPageBacking(file_mapping_.data(), file_mapping_.size()),
                            sys::SamplePageFlags(file_mapping_.data(), file_mapping_.size(), kProofSamplePages))};
    }
    return {region_.Proof()};
  }

  std::optional<LatencyDistribution> Latencies() const override {
    return recorder_.Distribution(
        "a fault: the first touch of each page of the size asked for (4 KiB; 2 MiB for thp; the mTHP or hugetlb "
        "size), timed alone");
  }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = {
        fmt::format("size is per worker: each worker maps its own {} afresh every sample; the timed region {} it "
                    "{}; unmapping is not timed",
                    FormatSize(size_), case_ == Case::kAnonReadSeq || case_ == Case::kFileReadSeq ? "reads" : "writes",
                    step_words_ == 1
                        ? "word by word (as usemem)"
                        : "one word every " + FormatSize(step_words_ * sizeof(std::uint64_t)) + " (as usemem --step)")};
    if (recorder_.active()) notes.push_back(recorder_.TimerNote());
    if (case_ == Case::kAnonCowSeq) {
      notes.push_back(
          "the region is written before timing and shared with a forked child: every timed write is a "
          "copy-on-write fault");
    }
    if (case_ == Case::kFileReadSeq) {
      notes.push_back("the file lives in " + sys::ScratchDirectory() +
                      " (TMPDIR chooses another), unlinked, its pages in the page cache before timing");
    }
    if (recycle_) {
      notes.push_back(
          "recycle=yes: before each sample the same amount was mapped, touched and unmapped, so the timed "
          "faults drew on memory the guest had just freed" +
          (reporting_.active ? "; this guest has " + reporting_.description
                             : std::string("; no free page reporting detected")));
    } else if (reporting_.active) {
      notes.push_back(fmt::format(
          "recycle=no: this guest has {}; before each sample membench freed the previous sample's memory and waited "
          "until the host had taken it back (longest wait {:.1f} s), so every sample's faults drew on memory the host "
          "must back again",
          reporting_.description, static_cast<double>(waited_ns_) * 1e-9));
    } else {
      notes.push_back(
          "recycle=no: the timed faults drew on whatever free memory the kernel handed out (no free page "
          "reporting detected, so recycling makes little difference here)");
    }
    notes.push_back(
        step_words_ == 1
            ? "vm-scalability's usemem prints 9/8 of the bytes it wrote, in KiB it calls KB; membench counts the "
              "bytes really touched"
            : fmt::format("membench counts the bytes faulted in, the whole region; usemem --step counts 8 bytes per "
                          "access on top of size/8, so it prints {:.4g} of the region",
                          0.125 + 1.0 / static_cast<double>(step_words_)));
    return notes;
  }

 private:
  void WriteSequential(std::uint64_t* words) const {
    const std::size_t count = size_ / sizeof(std::uint64_t);
    for (std::size_t i = 0; i < count; i += step_words_) words[i] = i;
    asm volatile("" : : : "memory");
  }

  void ReadSequential(const std::uint64_t* words) const {
    const std::size_t count = size_ / sizeof(std::uint64_t);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < count; i += step_words_) sum += words[i];
    asm volatile("" : : "r"(sum));
  }

  void WriteRandom(std::uint64_t* words) const {
    for (const std::uint32_t page : order_) {
      std::uint64_t* p = words + std::size_t{page} * kWordsPerPage;
      for (std::size_t i = 0; i < kWordsPerPage; i += step_words_) p[i] = i;
    }
    asm volatile("" : : : "memory");
  }

  // The page a fault maps at once, where the policy asks for one: THP's and
  // hugetlb's huge pages, an mTHP size; a base page otherwise. Where the kernel
  // gives smaller pages than asked, the proof says so and the other first
  // touches of a granule fault too, untimed.
  static std::uint64_t FaultGranule(PagePolicy policy) {
    if (policy.kind == PagePolicy::Kind::kThp) return sys::ThpPageBytes();
    if (policy.page_bytes != 0) return policy.page_bytes;
    return sys::BasePageBytes();
  }

  // The first word of every granule touched between two ordered TSC reads,
  // the rest of the granule as the case touches it.
  void TimedFirstTouches() {
    const bool reads = case_ == Case::kAnonReadSeq || case_ == Case::kFileReadSeq;
    std::uint64_t* words =
        reinterpret_cast<std::uint64_t*>(case_ == Case::kFileReadSeq ? file_mapping_.data() : region_.data());
    const std::size_t per_granule = granule_ / sizeof(std::uint64_t);
    std::uint64_t sum = 0;
    for (std::size_t at = 0; at < size_ / sizeof(std::uint64_t); at += per_granule) {
      const std::uint64_t start = recorder_.Start();
      if (reads) {
        sum += *static_cast<volatile std::uint64_t*>(words + at);
      } else {
        *static_cast<volatile std::uint64_t*>(words + at) = at;
      }
      recorder_.Stop(start);
      for (std::size_t i = at + step_words_; i < at + per_granule; i += step_words_) {
        if (reads) {
          sum += words[i];
        } else {
          words[i] = i;
        }
      }
    }
    asm volatile("" : : "r"(sum) : "memory");
  }

  // Long enough for the host to take back a few GiB, short enough that a
  // host that never does cannot stall a run.
  static constexpr std::int64_t kReclaimTimeoutNs = 10'000'000'000;

  sys::FreePageReporting reporting_ = sys::DetectFreePageReporting();
  std::int64_t waited_ns_ = 0;
  Case case_ = Case::kAnonWriteSeq;
  std::uint64_t size_ = 0;
  PagePolicy policy_ = PagePolicy::kDefault;
  std::size_t step_words_ = 1;  // touch one word in this many
  std::uint64_t granule_ = kPage4k;  // --latencies on: one timing per page of this size
  LatencyRecorder recorder_;
  bool recycle_ = true;
  std::vector<std::uint32_t> order_;
  Buffer region_;
  std::unique_ptr<sys::ScratchFile> file_;
  sys::MappedRegion file_mapping_;
  std::unique_ptr<sys::CopyOnWriteHolder> holder_;
};

WorkloadNeeds Needs(const Point& point) {
  const FaultOptions options = Options().Read(point);
  // Copy-on-write keeps the shared original and the copy; recycling maps its
  // amount only after the previous region is gone.
  return MemoryNeeds(options.pages, options.fault_case == Case::kAnonCowSeq ? 2 * options.size : options.size, 1);
}

WorkloadInfo FaultWorkloadInfo() {
  WorkloadInfo info;
  info.name = "fault";
  info.summary = "page-fault scalability: map fresh memory and touch it (vm-scalability's usemem cases)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "faulted in";
  info.params = Options().specs();
  info.examples = {
      "membench run fault --case anon-w-seq --pages 4k,thp --procs 1,2 -r 3",
      "membench run fault --case anon-w-seq --size 1G --pages thp --recycle yes,no",
      "membench run fault --case anon-w-seq --size 1G --touch words,64,4K   # usemem, usemem --step 64/4096",
      "membench run fault --case anon-r-seq,anon-cow-seq,file-r-seq --size 64M -e faults",
  };
  info.needs = Needs;
  info.make = MakeWorkload<FaultWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(FaultWorkloadInfo);

}  // namespace membench
