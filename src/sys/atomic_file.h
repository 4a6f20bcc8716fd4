// File: sys/atomic_file.h
// Writing the files membench produces (a result, a comparison): checked
// for writability before a run spends minutes measuring, then written to a
// temporary file beside the target and renamed over it, so a failed or
// interrupted write never leaves half a file behind.
#pragma once

#include <string>

namespace membench::sys {

// Throws Error, saying why, when a file cannot be created at path; `what`
// names it for the message ("--json").
void CheckWritable(const std::string& path, const std::string& what);
// Throws Error when the disk that holds path has too little space left for
// a result (an empty file fits even on a full disk: the write after the
// measuring would fail).
void CheckFreeSpace(const std::string& path, const std::string& what);

// Writes contents to path through a temporary file and a rename; throws
// Error when either fails (the temporary is removed).
void WriteFileAtomically(const std::string& path, const std::string& contents);

// Creates an empty file of a name no other process has in the folder for
// temporary files ($TMPDIR, else /tmp): <prefix>XXXXXX<suffix>. Returns
// its path; throws Error when it cannot.
std::string CreateUniqueTemporaryFile(const std::string& prefix, const std::string& suffix);

}  // namespace membench::sys
