// File: workloads/load_team.cpp
#include "workloads/load_team.h"

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "sys/clock.h"
#include "sys/numa.h"
#include "workloads/mapped_buffers.h"

namespace membench {

struct LoadTeam::Worker {
  // Written by its worker alone, read by the latency worker: a line of its own.
  alignas(64) std::atomic<std::uint64_t> steps{0};
  Buffer buffer;
  std::string description;
  std::uint64_t sink = 0;  // keeps the page reads
};

LoadTeam::LoadTeam(LoadTeamPlan plan) : plan_(std::move(plan)) {
  const auto count = static_cast<std::uint32_t>(plan_.cpus.size());
  for (std::uint32_t i = 0; i < count; ++i) workers_.push_back(std::make_unique<Worker>());
  // The team's index 0 is the caller, which runs no load: worker i runs on
  // cpus[i - 1], and WorkerTeam pins index i to team_cpus[i].
  std::vector<int> team_cpus{plan_.cpus.front()};
  team_cpus.insert(team_cpus.end(), plan_.cpus.begin(), plan_.cpus.end());
  team_ = std::make_unique<sys::WorkerTeam>(
      WorkerKind::kThread, static_cast<int>(count) + 1, team_cpus, [this](int index) { WorkerMain(index - 1); },
      [this] { TellWorkersToQuit(); });
  try {
    while (ready_.load() < count) {
      team_->Check();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  } catch (...) {
    TellWorkersToQuit();
    team_->Finish(5'000'000'000);
    throw;
  }
}

LoadTeam::~LoadTeam() {
  TellWorkersToQuit();
  team_->Finish(5'000'000'000);
}

void LoadTeam::TellWorkersToQuit() {
  quit_.store(1);
  running_.store(0);
  generation_.fetch_add(1);
  generation_.notify_all();
}

void LoadTeam::WorkerMain(int index) {
  Worker& self = *workers_[static_cast<std::size_t>(index)];
  self.buffer = Buffer(fmt::format("load buffer of worker {}", index + 1), plan_.bytes_per_worker, 0, plan_.pages);
  if (plan_.node) sys::BindToNode(self.buffer.data(), plan_.bytes_per_worker, *plan_.node);
  // First touch by the worker itself, on its own CPU: its pages are placed
  // as its traffic will use them, and none is the zero page.
  std::memset(self.buffer.data(), 1, plan_.bytes_per_worker);
  TrafficGenerator traffic(plan_.shape, self.buffer.data(), plan_.bytes_per_worker);
  self.description = traffic.Describe();
  ready_.fetch_add(1);
  std::uint32_t seen = 0;
  std::uint64_t steps = 0;
  std::uint64_t sink = 0;
  for (;;) {
    generation_.wait(seen);
    seen = generation_.load();
    if (quit_.load() != 0) return;
    // Before the sample's clock starts (Start waits for a first step).
    sink += ReadEveryPage(self.buffer.data(), plan_.bytes_per_worker);
    while (running_.load(std::memory_order_relaxed) != 0) {
      traffic.Step();
      self.steps.store(++steps, std::memory_order_relaxed);
      if (plan_.delay_ticks_per_step != 0) {
        const std::uint64_t until = sys::ReadTsc() + plan_.delay_ticks_per_step;
        while (sys::ReadTsc() < until && running_.load(std::memory_order_relaxed) != 0) {
        }
      }
    }
    self.sink = sink;
    parked_.fetch_add(1);
    parked_.notify_all();
  }
}

std::uint64_t LoadTeam::StepsSoFar() const {
  std::uint64_t steps = 0;
  for (const auto& w : workers_) steps += w->steps.load();
  return steps;
}

void LoadTeam::Start() {
  // Every worker is parked: their counts stand still until the release.
  std::vector<std::uint64_t> parked_at;
  for (const auto& w : workers_) parked_at.push_back(w->steps.load());
  parked_.store(0);
  running_.store(1);
  generation_.fetch_add(1);
  generation_.notify_all();
  // A sleeping CPU can take milliseconds to wake in a VM: the sample starts
  // only once every worker moves.
  for (std::size_t i = 0; i < workers_.size(); ++i) {
    while (workers_[i]->steps.load(std::memory_order_relaxed) == parked_at[i]) {
      if (quit_.load(std::memory_order_relaxed) != 0) return;
    }
  }
}

void LoadTeam::Stop() {
  running_.store(0);
  const auto count = static_cast<std::uint32_t>(workers_.size());
  for (std::uint32_t parked = parked_.load(); parked < count; parked = parked_.load()) parked_.wait(parked);
}

PageProof LoadTeam::Proof() const { return workers_.front()->buffer.Proof(); }

std::string LoadTeam::Describe() const { return workers_.front()->description; }

}  // namespace membench
