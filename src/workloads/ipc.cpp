// File: workloads/ipc.cpp
// ipc: lmbench's lat_pipe, lat_unix, bw_pipe and bw_unix between membench
// and one child process (sys/message_peer.h). Latency: a 1-byte message
// there and back, per round trip. Bandwidth: the child writes --chunk
// sized chunks, membench reads them, in bytes per second.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/message_peer.h"

namespace membench {
namespace {

// Chunks a loop reads: many, so the one request per sample is lost in them.
constexpr std::uint64_t kChunksPerLoop = 16;

struct IpcOptions {
  std::string kind;
  std::string measure;
  std::uint64_t chunk = 0;
};

ParamSpec ChunkParam() {
  ParamSpec chunk = SizeParamNamed("chunk", "64K", "bytes per write and read for --measure bandwidth", 1);
  chunk.max_value = 64ull << 20;
  return chunk;
}

const OptionTable<IpcOptions>& Options() {
  static const auto table =
      OptionTable<IpcOptions>()
          .Add(ChoiceParam("kind", "pipe", "pipe or unix (an AF_UNIX stream socketpair)", {"pipe", "unix"}),
               &IpcOptions::kind)
          .Add(ChoiceParam("measure", "latency", "latency (1-byte round trips) or bandwidth (--chunk writes, MB/s)",
                           {"latency", "bandwidth"}),
               &IpcOptions::measure)
          .Add(ChunkParam(), &IpcOptions::chunk);
  return table;
}

bool IsLatency(const IpcOptions& options) { return options.measure == "latency"; }

class IpcWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const IpcOptions options = Options().Read(point);
    kind_ = options.kind == "pipe" ? sys::ChannelKind::kPipe : sys::ChannelKind::kUnixSocket;
    latency_ = IsLatency(options);
    chunk_bytes_ = options.chunk;
    chunk_text_ = FormatSize(chunk_bytes_);
    if (latency_) {
      echo_ = std::make_unique<sys::EchoPeer>(kind_);
    } else {
      stream_ = std::make_unique<sys::StreamPeer>(kind_, chunk_bytes_);
    }
  }

  void Run(std::uint64_t loops) override {
    if (latency_) {
      echo_->RoundTrips(loops);
    } else {
      stream_->Receive(loops * kChunksPerLoop);
    }
  }

  std::uint64_t WorkPerLoop() const override { return latency_ ? 1 : kChunksPerLoop * chunk_bytes_; }

  std::vector<std::string> Notes() const override {
    const char* channel = kind_ == sys::ChannelKind::kPipe ? "pipe" : "AF_UNIX stream socketpair";
    if (latency_) {
      return {
          fmt::format("per round trip: membench writes 1 byte to a {}, a child reads it and writes it back, "
                      "membench reads it (lmbench's lat_{})",
                      channel, kind_ == sys::ChannelKind::kPipe ? "pipe" : "unix")};
    }
    return {
        fmt::format("a child writes {} chunks to a {}, membench reads each into one {} buffer; the bytes are "
                    "those read (lmbench's bw_{}); the processes are not pinned",
                    chunk_text_, channel, chunk_text_, kind_ == sys::ChannelKind::kPipe ? "pipe" : "unix")};
  }

 private:
  sys::ChannelKind kind_ = sys::ChannelKind::kPipe;
  bool latency_ = true;
  std::uint64_t chunk_bytes_ = 0;
  std::string chunk_text_;
  std::unique_ptr<sys::EchoPeer> echo_;
  std::unique_ptr<sys::StreamPeer> stream_;
};

WorkloadNeeds Needs(const Point& point) {
  const IpcOptions options = Options().Read(point);
  WorkloadNeeds needs;
  needs.tasks = TaskCreation::kProcesses;
  needs.file_descriptors = 4;  // both ends of two channels
  if (!IsLatency(options)) needs.memory_bytes = 2 * options.chunk;
  return needs;
}

std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  if (IsLatency(Options().Read(point))) return WorkloadInfo::PointUnit{WorkUnit::kRoundTrips, "round trips"};
  return std::nullopt;
}

WorkloadInfo IpcWorkloadInfo() {
  WorkloadInfo info;
  info.name = "ipc";
  info.summary = "pipe and AF_UNIX socket latency and bandwidth (lmbench's lat_pipe, lat_unix, bw_pipe, bw_unix)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "transferred";
  info.params = Options().specs();
  info.examples = {"membench run ipc --kind pipe,unix --measure latency,bandwidth -r 5",
                   "membench run ipc --kind unix --measure bandwidth --chunk 4K..1M:x4"};
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.make = MakeWorkload<IpcWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(IpcWorkloadInfo);

}  // namespace membench
