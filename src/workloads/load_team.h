// File: workloads/load_team.h
// The load workers of `loaded`: one thread per load CPU, each pinned there,
// each with its own buffer (mapped, bound to a NUMA node where asked, and
// written by that worker, so first touch places it as the worker's
// traffic would). Between samples they sleep on a futex and take no CPU
// time; Start releases them into their traffic loop (outside the timed
// region: waking a CPU can take milliseconds), Stop parks them again, and
// their step counts read around the timed region give its load. A delay
// after every step, spun on the TSC (and cut short by Stop), sets the
// injection rate.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/page_proof.h"
#include "core/page_policy.h"
#include "sys/worker_team.h"
#include "workloads/load_traffic.h"

namespace membench {

struct LoadTeamPlan {
  std::vector<int> cpus;  // one worker on each
  TrafficShape shape;
  std::uint64_t bytes_per_worker = 0;
  PagePolicy pages = PagePolicy::kDefault;
  std::optional<int> node;  // --membind
  std::uint64_t delay_ticks_per_step = 0;
};

class LoadTeam {
 public:
  // Starts the workers and waits until each has written its buffer; throws
  // Error with the first worker's failure.
  explicit LoadTeam(LoadTeamPlan plan);
  LoadTeam(const LoadTeam&) = delete;
  LoadTeam& operator=(const LoadTeam&) = delete;
  ~LoadTeam();

  // Releases the workers into their traffic loop and returns once every
  // one of them has finished a step: the load is in full flow.
  void Start();
  // Parks them and waits until all are parked.
  void Stop();
  // The steps all workers have done: read before and after a timed region,
  // the difference is its load (to a step per worker).
  std::uint64_t StepsSoFar() const;

  // Worker 1's buffer, as the page proof of the load buffers.
  PageProof Proof() const;
  std::string Describe() const;

 private:
  struct Worker;
  void WorkerMain(int index);
  void TellWorkersToQuit();

  LoadTeamPlan plan_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::atomic<std::uint32_t> ready_{0};
  std::atomic<std::uint32_t> running_{0};
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<std::uint32_t> parked_{0};
  std::atomic<std::uint32_t> quit_{0};
  std::unique_ptr<sys::WorkerTeam> team_;
};

}  // namespace membench
