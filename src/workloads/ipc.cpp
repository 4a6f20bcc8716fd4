// File: workloads/ipc.cpp
// ipc: lmbench's local communication figures between two processes, over
// a pipe or an AF_UNIX stream socketpair (sys/message_peer.h).
// --measure latency: a 1-byte ping-pong with an echoing child (lat_pipe,
// lat_unix); work unit: one round trip, as lmbench reports it.
// --measure bandwidth: a child writes --chunk chunks that membench reads
// (bw_pipe, bw_unix); work unit: bytes received.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/message_peer.h"

namespace membench {
namespace {

// bw_pipe's default transfer size.
constexpr const char* kLmbenchChunk = "64K";
constexpr std::uint64_t kLmbenchChunkBytes = 64 * 1024;

struct IpcPoint {
  sys::ChannelKind kind = sys::ChannelKind::kPipe;
  bool bandwidth = false;
  std::uint64_t chunk_bytes = 0;
};

IpcPoint IpcPointOf(const Point& point) {
  IpcPoint p;
  p.kind = point.at("kind").text == "unix" ? sys::ChannelKind::kUnixSocket : sys::ChannelKind::kPipe;
  p.bandwidth = point.at("measure").text == "bandwidth";
  p.chunk_bytes = point.at("chunk").number;
  return p;
}

class IpcWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    point_ = IpcPointOf(point);
    if (!point_.bandwidth && point_.chunk_bytes != kLmbenchChunkBytes) {
      throw Error("ipc --chunk applies to --measure bandwidth only (a latency round trip is always 1 byte)");
    }
    if (point_.bandwidth) {
      stream_ = std::make_unique<sys::StreamPeer>(point_.kind, point_.chunk_bytes);
    } else {
      echo_ = std::make_unique<sys::EchoPeer>(point_.kind);
    }
  }

  void Run(std::uint64_t loops) override {
    if (point_.bandwidth) {
      stream_->Receive(loops);
    } else {
      echo_->RoundTrips(loops);
    }
  }

  std::uint64_t WorkPerLoop() const override { return point_.bandwidth ? point_.chunk_bytes : 1; }

  std::vector<std::string> Notes() const override {
    const char* channel = point_.kind == sys::ChannelKind::kPipe ? "pipe" : "AF_UNIX stream socketpair";
    if (point_.bandwidth) {
      return {fmt::format("a child process writes {} chunks to a {}; membench reads each whole into one {} buffer "
                          "(lmbench's bw_{}); the rate counts the bytes read; nothing is pinned",
                          FormatSize(point_.chunk_bytes), channel, FormatSize(point_.chunk_bytes),
                          point_.kind == sys::ChannelKind::kPipe ? "pipe" : "unix")};
    }
    return {fmt::format("per round trip: membench writes 1 byte to a {}, a child process reads it and writes it back, "
                        "membench reads it (lmbench's lat_{}): two context switches or cross-CPU wake-ups; nothing "
                        "is pinned",
                        point_.kind == sys::ChannelKind::kPipe ? "pipe (and the child back on another)" : channel,
                        point_.kind == sys::ChannelKind::kPipe ? "pipe" : "unix")};
  }

 private:
  IpcPoint point_;
  std::unique_ptr<sys::EchoPeer> echo_;
  std::unique_ptr<sys::StreamPeer> stream_;
};

WorkloadNeeds Needs(const Point&) {
  WorkloadNeeds needs;
  needs.tasks = TaskCreation::kProcesses;
  needs.file_descriptors = 4;  // two pipes, or a socketpair and the request pipe
  return needs;
}

std::optional<WorkloadInfo::PointUnit> UnitOf(const Point& point) {
  if (IpcPointOf(point).bandwidth) return WorkloadInfo::PointUnit{WorkUnit::kBytes, "received"};
  return WorkloadInfo::PointUnit{WorkUnit::kRoundTrips, "round-trips"};
}

WorkloadInfo IpcWorkloadInfo() {
  WorkloadInfo info;
  info.name = "ipc";
  info.summary = "pipe and AF_UNIX latency and bandwidth between two processes (lmbench's lat/bw_pipe, lat/bw_unix)";
  info.unit = WorkUnit::kRoundTrips;
  info.rate_label = "round-trips";
  ParamSpec chunk = SizeParamNamed("chunk", kLmbenchChunk, "bytes per write for --measure bandwidth (bw_pipe's 64K)", 1);
  chunk.max_value = 64ull << 20;
  info.params = {
      ChoiceParam("kind", "pipe", "pipe, or unix (an AF_UNIX stream socketpair)", {"pipe", "unix"}),
      ChoiceParam("measure", "latency",
                  "latency (1-byte round trips with an echoing child) or bandwidth (a child writes --chunk chunks)",
                  {"latency", "bandwidth"}),
      chunk,
  };
  info.examples = {"membench run ipc --kind pipe,unix --measure latency",
                   "membench run ipc --kind pipe,unix --measure bandwidth --chunk 64K,1M"};
  info.needs = Needs;
  info.point_unit = UnitOf;
  info.make = [] { return std::unique_ptr<Workload>(new IpcWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(IpcWorkloadInfo);

}  // namespace membench
