// File: workloads/slab.cpp
// slab: the allocator fast path of seed 004. A caller allocates objects,
// uses them (--touch) and frees them in a pattern, from a SLUB-style cache
// (workloads/slab_cache.h) with or without the prefetch of the next free
// pointer, or from glibc's malloc for reference. Patterns:
//   lifo    allocate and free at once: the same hot object over and over
//   fifo    `batch` objects live in a ring; free the oldest, allocate anew
//   random  `batch` objects live; free a random one, allocate anew
//   batch   allocate `batch`, then free them all in allocation order
// With many objects live, the free pointer of the next object is cold, and
// the prefetch has something to hide. Work unit: alloc+free pairs.

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "workloads/slab_cache.h"

namespace membench {
namespace {

enum class Pattern { kLifo, kFifo, kRandom, kBatch };
enum class Touch { kNone, kFirstLine, kAll };

struct SlabOptions {
  std::string impl;
  std::string prefetch;
  std::string pattern;
  std::uint64_t object_size = 0;
  std::uint64_t slab_pages = 0;
  std::uint64_t batch = 0;
  std::string touch;
};

const OptionTable<SlabOptions>& Options() {
  static const auto table =
      OptionTable<SlabOptions>()
          .Add(ChoiceParam("impl", "slub", "slub (the model) or malloc (glibc)", {"slub", "malloc"}),
               &SlabOptions::impl)
          .Add(ChoiceParam("prefetch", "none",
                           "where to prefetch the free pointer of the new freelist head: none, fast (the fast "
                           "path's, in SLUB since 2011), slow (the slow path's), fast+slow (seed 004's patch on top "
                           "of the fast path's)",
                           {"none", "fast", "slow", "fast+slow"}),
               &SlabOptions::prefetch)
          .Add(ChoiceParam("pattern", "random", "lifo, fifo, random, batch", {"lifo", "fifo", "random", "batch"}),
               &SlabOptions::pattern)
          .Add(SizeParamNamed("object-size", "256", "bytes per object (a multiple of 8)", 8), &SlabOptions::object_size)
          .Add(CountParam("slab-pages", "2", "pages per slab", 1, 1024), &SlabOptions::slab_pages)
          .Add(
              CountParam("batch", "65536", "objects live at once (fifo, random, batch) or pairs per loop", 1, 1u << 26),
              &SlabOptions::batch)
          .Add(ChoiceParam("touch", "first-line", "what the caller does with an object: none, first-line, all",
                           {"none", "first-line", "all"}),
               &SlabOptions::touch);
  return table;
}

class SlabWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const SlabOptions options = Options().Read(point);
    const std::string& pattern = options.pattern;
    pattern_ = pattern == "lifo"     ? Pattern::kLifo
               : pattern == "fifo"   ? Pattern::kFifo
               : pattern == "random" ? Pattern::kRandom
                                     : Pattern::kBatch;
    const std::string& touch = options.touch;
    touch_ = touch == "none" ? Touch::kNone : touch == "first-line" ? Touch::kFirstLine : Touch::kAll;
    object_size_ = options.object_size;
    batch_ = options.batch;
    malloc_ = options.impl == "malloc";
    const SlabPrefetch prefetch{options.prefetch.starts_with("fast"), options.prefetch.ends_with("slow")};
    if (malloc_ && (prefetch.fast_path || prefetch.slow_path)) {
      throw Error("--prefetch " + options.prefetch + " applies to --impl slub only (malloc is glibc's own)");
    }
    if (!malloc_) {
      cache_ = std::make_unique<SlabCache>(object_size_, options.slab_pages, prefetch, batch_ + 1);
    }
    live_.assign(batch_, nullptr);
    std::mt19937_64 random(99);
    for (std::size_t i = 0; i < batch_ * 4; ++i) victims_.push_back(static_cast<std::uint32_t>(random() % batch_));
    if (pattern_ == Pattern::kFifo || pattern_ == Pattern::kRandom) {
      for (auto& object : live_) object = Allocate();
    }
  }

  ~SlabWorkload() override {
    for (void* object : live_) {
      if (object != nullptr && malloc_) std::free(object);
    }
  }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t loop = 0; loop < loops; ++loop) {
      switch (pattern_) {
        case Pattern::kLifo:
          for (std::size_t i = 0; i < batch_; ++i) Release(Allocate());
          break;
        case Pattern::kFifo:
          for (std::size_t i = 0; i < batch_; ++i) {
            Release(live_[i]);
            live_[i] = Allocate();
          }
          break;
        case Pattern::kRandom:
          for (std::size_t i = 0; i < batch_; ++i) {
            const std::uint32_t victim = victims_[(cursor_++) % victims_.size()];
            Release(live_[victim]);
            live_[victim] = Allocate();
          }
          break;
        case Pattern::kBatch:
          for (auto& object : live_) object = Allocate();
          for (auto& object : live_) {
            Release(object);
            object = nullptr;
          }
          break;
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return batch_; }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes;
    if (cache_) {
      notes.push_back(fmt::format("slub model: {} B objects, {} per slab, free pointer in the middle of the object, "
                                  "{} slabs carved",
                                  object_size_, cache_->objects_per_slab(), cache_->slabs_in_use()));
    } else {
      notes.push_back("glibc malloc/free with the same pattern, for reference");
    }
    return notes;
  }

 private:
  void* Allocate() {
    void* object = malloc_ ? std::malloc(object_size_) : cache_->Allocate();
    if (object == nullptr) throw Error("allocation failed");
    auto* bytes = static_cast<char*>(object);
    if (touch_ == Touch::kFirstLine) {
      std::memset(bytes, 1, std::min<std::size_t>(64, object_size_));
    } else if (touch_ == Touch::kAll) {
      std::memset(bytes, 1, object_size_);
    }
    asm volatile("" : : "r"(bytes) : "memory");
    return object;
  }

  void Release(void* object) {
    if (malloc_) {
      std::free(object);
    } else {
      cache_->Free(object);
    }
  }

  Pattern pattern_ = Pattern::kLifo;
  Touch touch_ = Touch::kNone;
  std::size_t object_size_ = 256;
  std::size_t batch_ = 1;
  bool malloc_ = false;
  std::unique_ptr<SlabCache> cache_;
  std::vector<void*> live_;
  std::vector<std::uint32_t> victims_;
  std::size_t cursor_ = 0;
};

WorkloadNeeds Needs(const Point& point) {
  const SlabOptions options = Options().Read(point);
  WorkloadNeeds needs;
  needs.memory_bytes = (options.batch + 1) * options.object_size + options.slab_pages * 4096 * 2;
  return needs;
}

WorkloadInfo SlabWorkloadInfo() {
  WorkloadInfo info;
  info.name = "slab";
  info.summary = "allocator fast path: a SLUB-style object cache, with or without prefetching the next free pointer";
  info.unit = WorkUnit::kPairs;
  info.rate_label = "alloc+free pairs";
  info.params = Options().specs();
  info.examples = {
      "membench run slab --prefetch fast,fast+slow --pattern lifo,random -r 5",
      "membench run slab --prefetch none,fast --object-size 64,256,1024 --pattern fifo,random",
      "membench run slab --impl slub,malloc --pattern lifo,random",
  };
  info.needs = Needs;
  info.make = MakeWorkload<SlabWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(SlabWorkloadInfo);

}  // namespace membench
