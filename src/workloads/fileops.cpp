// File: workloads/fileops.cpp
// fileops: lmbench's lat_fs: creating and deleting --files files of
// --file-size bytes in a directory of their own under the scratch
// directory (sys/scratch_file_set.h). --op create times open(O_CREAT|
// O_EXCL) + write + close of each; --op delete times the unlink of each.
// Every sample needs the other state (no files to create, all files to
// delete), so it is made untimed before each sample and a sample is one
// pass over the set. Work unit: files. Every file and the directory are
// removed when the point ends.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/scratch_file.h"
#include "sys/scratch_file_set.h"

namespace membench {
namespace {

class FileopsWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    create_ = point.at("op").text == "create";
    file_bytes_ = point.at("file-size").number;
    files_ = point.at("files").number;
    directory_ = sys::ScratchDirectory();
    set_ = std::make_unique<sys::ScratchFileSet>(directory_, files_, file_bytes_);
  }

  bool FreshStateEachSample() const override { return true; }

  void PrepareSample() override {
    if (create_ && present_) set_->RemoveAll();
    if (!create_ && !present_) set_->CreateAll();
    present_ = !create_;
  }

  // The runner runs one loop per sample after PrepareSample; a second
  // would create files that exist or delete ones that are gone.
  void Run(std::uint64_t loops) override {
    if (loops != 1) throw Error(fmt::format("fileops runs one pass per sample, was asked for {}", loops));
    if (create_) {
      set_->CreateAll();
    } else {
      set_->RemoveAll();
    }
    present_ = create_;
  }

  std::uint64_t WorkPerLoop() const override { return files_; }

  std::vector<std::string> Notes() const override {
    return {fmt::format("{} {} files of {} in a new directory under {} per sample{}; the file system is the scratch "
                        "directory's (TMPDIR), nothing is synced",
                        create_ ? "creates (open O_CREAT|O_EXCL, write, close)" : "deletes (unlink)", files_,
                        FormatSize(file_bytes_), directory_,
                        create_ ? "" : ", created untimed before each sample")};
  }

 private:
  bool create_ = true;
  std::uint64_t file_bytes_ = 0;
  std::uint64_t files_ = 0;
  std::string directory_;
  bool present_ = false;  // whether the set's files exist now
  std::unique_ptr<sys::ScratchFileSet> set_;
};

WorkloadNeeds Needs(const Point&) {
  WorkloadNeeds needs;
  needs.file_descriptors = 1;  // one file open at a time
  return needs;
}

WorkloadInfo FileopsWorkloadInfo() {
  WorkloadInfo info;
  info.name = "fileops";
  info.summary = "file create and delete latency in the scratch directory (lmbench's lat_fs)";
  info.unit = WorkUnit::kFiles;
  info.rate_label = "files";
  ParamSpec file_size = SizeParamNamed("file-size", "0K", "bytes written to each file created (lmbench's -s)", 0);
  file_size.max_value = 16ull << 20;
  info.params = {
      ChoiceParam("op", "create", "create (open+write+close) or delete (unlink) of each file", {"create", "delete"}),
      file_size,
      CountParam("files", "1000", "files created or deleted per sample", 1, 1000000),
  };
  info.examples = {"membench run fileops --op create,delete --file-size 0K,10K",
                   "TMPDIR=/mnt/ext4 membench run fileops --op create --files 10000   # another file system"};
  info.needs = Needs;
  info.make = [] { return std::unique_ptr<Workload>(new FileopsWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(FileopsWorkloadInfo);

}  // namespace membench
