// File: workloads/fileops.cpp
// fileops: lmbench's lat_fs: create, or delete, --files files of
// --file-size bytes in a directory of their own under the scratch
// directory (sys/scratch_file_set.h). Each sample starts from fresh state,
// made untimed: for create an empty directory, for delete the files to
// delete. Every file and the directory are removed at the end.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/scratch_file.h"
#include "sys/scratch_file_set.h"

namespace membench {
namespace {

struct FileopsOptions {
  std::string op;
  std::uint64_t file_size = 0;
  std::uint64_t files = 0;
};

ParamSpec FileSizeParam() {
  ParamSpec size = SizeParamNamed("file-size", "0", "bytes written to each file when it is created", 0);
  size.max_value = 64ull << 20;
  return size;
}

const OptionTable<FileopsOptions>& Options() {
  static const auto table =
      OptionTable<FileopsOptions>()
          .Add(ChoiceParam("op", "create", "create (open O_CREAT|O_EXCL, write, close) or delete (unlink)",
                           {"create", "delete"}),
               &FileopsOptions::op)
          .Add(FileSizeParam(), &FileopsOptions::file_size)
          .Add(CountParam("files", "1000", "files created or deleted per sample", 1, 1000000), &FileopsOptions::files);
  return table;
}

class FileopsWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const FileopsOptions options = Options().Read(point);
    create_ = options.op == "create";
    files_ = options.files;
    size_text_ = FormatSize(options.file_size);
    set_ = std::make_unique<sys::ScratchFileSet>(sys::ScratchDirectory(), files_, options.file_size);
  }

  bool FreshStateEachSample() const override { return true; }

  void PrepareSample() override {
    if (create_ && files_exist_) set_->RemoveAll();
    if (!create_ && !files_exist_) set_->CreateAll();
    files_exist_ = !create_;
  }

  void Run(std::uint64_t loops) override {
    // Each sample's files are made (or cleared) by PrepareSample: one loop.
    if (loops != 1) throw Error(fmt::format("fileops runs one loop per sample, was asked for {}", loops));
    if (create_) {
      set_->CreateAll();
    } else {
      set_->RemoveAll();
    }
    files_exist_ = create_;
  }

  std::uint64_t WorkPerLoop() const override { return files_; }

  std::vector<std::string> Notes() const override {
    return {fmt::format(
        "per file: {} of a {} file in {} (a directory of {} files; lmbench's lat_fs); no fsync, so the disk is "
        "not waited for: the figure is the filesystem's in-memory work",
        create_ ? "open O_CREAT|O_EXCL, write, close" : "unlink", size_text_, sys::ScratchDirectory(), files_)};
  }

 private:
  bool create_ = true;
  bool files_exist_ = false;
  std::uint64_t files_ = 0;
  std::string size_text_;
  std::unique_ptr<sys::ScratchFileSet> set_;
};

WorkloadNeeds Needs(const Point&) {
  WorkloadNeeds needs;
  needs.file_descriptors = 1;  // the file being created
  return needs;
}

WorkloadInfo FileopsWorkloadInfo() {
  WorkloadInfo info;
  info.name = "fileops";
  info.summary = "file create and delete latency in the scratch directory (lmbench's lat_fs)";
  info.unit = WorkUnit::kFiles;
  info.rate_label = "files";
  info.params = Options().specs();
  info.examples = {"membench run fileops --op create,delete --file-size 0K,10K -r 5",
                   "TMPDIR=/mnt/ssd membench run fileops --op create   # on another filesystem"};
  info.needs = Needs;
  info.make = MakeWorkload<FileopsWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(FileopsWorkloadInfo);

}  // namespace membench
