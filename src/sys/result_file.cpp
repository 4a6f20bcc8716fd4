// File: sys/result_file.cpp
#include "sys/result_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "sys/environment.h"

namespace membench::sys {
namespace {

std::string TempPathFor(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

}  // namespace

void CheckWritable(const std::string& path, const std::string& what) {
  // A directory passes the temporary file's test, but the rename onto it fails.
  if (std::filesystem::is_directory(path)) {
    throw Error(what + " " + path + " is a directory: give a file name in it, e.g. " + path + "/result");
  }
  const std::string temp = TempPathFor(path);
  std::FILE* f = std::fopen(temp.c_str(), "w");
  if (f == nullptr) {
    throw Error("cannot write " + what + " " + path + ": " + std::strerror(errno) +
                " (choose a path in a writable directory)");
  }
  std::fclose(f);
  std::remove(temp.c_str());
}

void WriteFileAtomically(const std::string& path, const std::string& contents) {
  const std::string temp = TempPathFor(path);
  {
    std::ofstream out(temp);
    out << contents;
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      throw Error("writing " + temp + " failed (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temp.c_str());
    throw Error("cannot rename " + temp + " to " + path + ": " + why);
  }
}

std::string CreateUniqueTemporaryFile(const std::string& prefix, const std::string& suffix) {
  std::string path = TemporaryDirectory() + "/" + prefix + "XXXXXX" + suffix;
  const int fd = ::mkstemps(path.data(), static_cast<int>(suffix.size()));
  if (fd < 0) throw Error("cannot create a file in " + TemporaryDirectory() + ": " + std::strerror(errno));
  ::close(fd);
  return path;
}

}  // namespace membench::sys
