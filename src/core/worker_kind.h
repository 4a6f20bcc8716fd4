// File: core/worker_kind.h
// What a worker of a parallel point is: --procs forks processes, --threads
// starts threads. Plain data, so the engine's plan of a point and sys's team
// that carries it out name the same thing.
#pragma once

namespace membench {

enum class WorkerKind { kProcess, kThread };

}  // namespace membench
