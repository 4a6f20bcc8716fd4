// File: sys/mthp.h
// Multi-size THP (Linux 6.8+): one "enabled" file per folio size under
// /sys/kernel/mm/transparent_hugepage/hugepages-<N>kB/. On a fault in a
// MADV_HUGEPAGE region the kernel takes the largest enabled size that fits,
// so an mTHP run needs its own size enabled and every other size (the PMD
// size too) off. As root membench sets that for the run and puts back what
// it found when the run ends - normally, on an error or on Ctrl-C; otherwise
// it says what to set.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace membench::sys {

// Sizes with an "enabled" file, smallest first (the PMD size included).
std::vector<std::size_t> MthpSizesOffered();

// Why an mTHP run of this size cannot run now ("" when it can): the kernel
// lacks the size, or the settings are not right and membench is not root.
std::string MthpUnavailableReason(std::size_t page_bytes);

// Makes page_bytes the only size a MADV_HUGEPAGE fault can take. Throws
// Error when that is neither already so nor settable.
void SelectOnlyMthp(std::size_t page_bytes);

// Puts back every setting SelectOnlyMthp changed (also done at exit).
void RestoreMthpSettings();

// "hugepages-64kB/enabled: madvise (was never)" for each setting changed
// during this run, for the result's notes.
std::vector<std::string> MthpChangesMade();

}  // namespace membench::sys
