// File: workloads/slab_cache.cpp
#include "workloads/slab_cache.h"

#include <algorithm>
#include <utility>

#include "core/error.h"
#include "core/units.h"

namespace membench {

SlabCache::SlabCache(std::size_t object_size, std::size_t slab_pages, SlabPrefetch prefetch, std::size_t max_objects)
    : object_size_(object_size), slab_bytes_(slab_pages * kPage4k), prefetch_(prefetch) {
  if (object_size < sizeof(void*) || object_size % sizeof(void*) != 0) {
    throw Error("--object-size " + std::to_string(object_size) + ": must be a multiple of 8 bytes, at least 8");
  }
  if (object_size > slab_bytes_) {
    throw Error("--object-size " + FormatSize(object_size) + " is larger than the slab (" + FormatSize(slab_bytes_) +
                "); raise --slab-pages");
  }
  objects_per_slab_ = slab_bytes_ / object_size;
  free_offset_ = object_size / 2 / sizeof(void*) * sizeof(void*);
  max_slabs_ = (max_objects + objects_per_slab_ - 1) / objects_per_slab_ + 1;
  arena_ = sys::MappedRegion::Map(max_slabs_ * slab_bytes_, kPage4k, PagePolicy::kDefault);
}

void* SlabCache::AllocateSlow() {
  // The active slab is exhausted: it leaves the cache full (SLUB forgets full
  // slabs; a free on one brings it onto the partial list).
  std::size_t slab;
  if (!partial_.empty()) {
    slab = partial_.back();
    partial_.pop_back();
    slabs_[slab].partial_listed = false;
    freelist_ = std::exchange(slabs_[slab].freelist, nullptr);
  } else {
    if (slabs_.size() == max_slabs_) throw Error("the slab arena is exhausted (more objects live than planned)");
    slab = slabs_.size();
    slabs_.emplace_back();
    char* base = arena_.data() + slab * slab_bytes_;
    for (std::size_t i = 0; i < objects_per_slab_; ++i) {
      SetNext(base + i * object_size_, i + 1 < objects_per_slab_ ? base + (i + 1) * object_size_ : nullptr);
    }
    freelist_ = base;
  }
  active_slab_ = slab;
  char* object = freelist_;
  freelist_ = NextOf(object);
  if (prefetch_.slow_path && freelist_ != nullptr) __builtin_prefetch(freelist_ + free_offset_);
  return object;
}

void SlabCache::FreeSlow(char* object, std::size_t slab) {
  Slab& s = slabs_[slab];
  SetNext(object, s.freelist);
  s.freelist = object;
  if (!s.partial_listed) {
    s.partial_listed = true;
    partial_.push_back(slab);
  }
}

bool SlabCache::Owns(const void* pointer) const {
  const char* p = static_cast<const char*>(pointer);
  if (p < arena_.data() || p >= arena_.data() + slabs_.size() * slab_bytes_) return false;
  const std::size_t offset = static_cast<std::size_t>(p - arena_.data()) % slab_bytes_;
  return offset % object_size_ == 0 && offset / object_size_ < objects_per_slab_;
}

std::vector<void*> SlabCache::FreeObjects() const {
  std::vector<void*> out;
  for (char* p = freelist_; p != nullptr; p = NextOf(p)) out.push_back(p);
  for (const Slab& s : slabs_) {
    for (char* p = s.freelist; p != nullptr; p = NextOf(p)) out.push_back(p);
  }
  return out;
}

}  // namespace membench
