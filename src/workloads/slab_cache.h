// File: workloads/slab_cache.h
// A user-space model of a SLUB object cache, for seed 004's question (does
// prefetching the next free pointer in the allocation fast path pay?).
// Objects of one size are carved from slabs of whole pages; a free object
// holds the pointer to the next free one inside itself, at free_offset (the
// middle of the object, where SLUB puts it since 5.7 to survive small
// overflows). One cache per worker, so the fast paths need no lock:
//   alloc fast path  pop the cache's freelist (optionally prefetching the
//                    free pointer of the object that becomes the head: in
//                    SLUB since 2011, prefetch_freepointer in slab_alloc)
//   alloc slow path  take the whole freelist of a partial slab, else carve
//                    a new slab (optionally prefetching the free pointer of
//                    the new head: the 2012 patch of seed 004, on top of
//                    the fast path's)
//   free fast path   the object's slab is the active one: push on its list
//   free slow path   push on the object's own slab's list; the slab becomes
//                    partial
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sys/memory.h"

namespace membench {

// Where the cache prefetches the free pointer of the new freelist head.
struct SlabPrefetch {
  bool fast_path = false;
  bool slow_path = false;
};

class SlabCache {
 public:
  // Throws Error for an object larger than the slab or smaller than a
  // pointer. max_objects bounds the arena (slabs are carved as needed).
  SlabCache(std::size_t object_size, std::size_t slab_pages, SlabPrefetch prefetch, std::size_t max_objects);

  void* Allocate() {
    char* object = freelist_;
    if (object == nullptr) return AllocateSlow();
    char* next = NextOf(object);
    if (prefetch_.fast_path && next != nullptr) __builtin_prefetch(next + free_offset_);
    freelist_ = next;
    return object;
  }

  void Free(void* pointer) {
    char* object = static_cast<char*>(pointer);
    const std::size_t slab = SlabIndex(object);
    if (slab == active_slab_) {
      SetNext(object, freelist_);
      freelist_ = object;
      return;
    }
    FreeSlow(object, slab);
  }

  std::size_t object_size() const { return object_size_; }
  std::size_t objects_per_slab() const { return objects_per_slab_; }
  std::size_t slabs_in_use() const { return slabs_.size(); }

  // For tests: every free object, walking every freelist; each must appear
  // once and lie on an object boundary.
  std::vector<void*> FreeObjects() const;
  bool Owns(const void* pointer) const;

 private:
  struct Slab {
    char* freelist = nullptr;
    bool partial_listed = false;
  };

  char* NextOf(const char* object) const {
    char* next;
    __builtin_memcpy(&next, object + free_offset_, sizeof next);
    return next;
  }
  void SetNext(char* object, char* next) const { __builtin_memcpy(object + free_offset_, &next, sizeof next); }
  std::size_t SlabIndex(const char* object) const {
    return static_cast<std::size_t>(object - arena_.data()) / slab_bytes_;
  }
  void* AllocateSlow();
  void FreeSlow(char* object, std::size_t slab);

  std::size_t object_size_;
  std::size_t slab_bytes_;
  std::size_t objects_per_slab_;
  std::size_t free_offset_;
  SlabPrefetch prefetch_;
  sys::MappedRegion arena_;
  std::size_t max_slabs_;
  std::vector<Slab> slabs_;
  std::vector<std::size_t> partial_;  // slabs with free objects, not active
  char* freelist_ = nullptr;          // the active slab's, owned by the cache
  std::size_t active_slab_ = SIZE_MAX;
};

}  // namespace membench
