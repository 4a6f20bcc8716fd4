// File: engine/exec_sampler.cpp
#include "engine/exec_sampler.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "core/error.h"
#include "engine/counter_set.h"
#include "engine/kernel_accounting_window.h"
#include "sys/clock.h"
#include "sys/command.h"

namespace membench {

std::string JoinedCommand(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& word : argv) out += (out.empty() ? "" : " ") + word;
  return out;
}

ExecSampler::ExecSampler(CommandRequest request, std::vector<EventEncoding> events, const StopRequest& stop,
                         sys::Profiler* profiler)
    : request_(std::move(request)), events_(std::move(events)), stop_(stop), profiler_(profiler) {}

void ExecSampler::Describe(Measurement& m) const {
  m.unit = WorkUnit::kRuns;
  m.rate_label = "runs";
  m.cpu_time_scope = "the command's process and the children it reaped (wait4)";
  const std::string shown = request_.show_output ? "the terminal" : "/dev/null";
  if (const auto& figure = request_.figure) {
    m.unit = figure->work_unit;
    m.rate_label = "as the program printed it";
    m.program_figure = figure;
    m.notes.push_back(fmt::format(
        "the rate is the program's own figure: the {} it printed, matched once a run by '{}' ({}); the wall and CPU "
        "times are its whole process's, set-up included; its output was read by membench{}",
        figure->kind == FigureKind::kRate ? "rate" : "time of a run (the rate: one run over it)", figure->pattern,
        figure->unit, request_.show_output ? ", then shown" : ""));
  }
  m.notes.push_back("counted from the command's execve on, its children included (enable_on_exec, inherit)" +
                    std::string(request_.figure ? "" : "; its output went to " + shown));
}

Sample ExecSampler::Take(std::uint64_t loops) {
  ++runs_;
  sys::HeldCommand command(request_.argv, request_.figure        ? sys::CommandOutput::kCaptured
                                          : request_.show_output ? sys::CommandOutput::kShown
                                                                 : sys::CommandOutput::kDiscarded);
  CounterSet counters(events_, sys::CountTarget{command.pid(), false});
  KernelAccountingWindow kernel(profiler_);
  kernel.Open();
  counters.Start();
  const std::uint64_t tsc0 = sys::ReadTsc();
  sys::CommandOutcome outcome;
  try {
    outcome = command.Run();
  } catch (const Error&) {
    // A command the user's Ctrl-C ended while it was held cannot be released.
    if (stop_.Requested()) throw SampleAbandoned{};
    throw;
  }
  const std::uint64_t tsc1 = sys::ReadTsc();
  Sample s;
  s.counters = counters.Stop();
  kernel.Close(s);
  for (auto& note : counters.TakeNotes()) {
    if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(std::move(note));
  }
  // The terminal's Ctrl-C reaches the command too: a run during which a
  // stop was asked for (the runner asks for no run after one) measured
  // something else than the command, whether it failed or caught it.
  if (stop_.Requested()) throw SampleAbandoned{};
  if (request_.figure && request_.show_output) std::fwrite(outcome.output.data(), 1, outcome.output.size(), stdout);
  const bool failed = !outcome.status.exited || outcome.status.code != 0;
  if (failed && !request_.ignore_status) {
    throw Error(fmt::format("'{}' ended with {} in run {}; --ignore-status keeps going", JoinedCommand(request_.argv),
                            outcome.status.Describe(), runs_));
  }
  s.wall_ns = outcome.wall_ns;
  s.tsc_ticks = tsc1 - tsc0;
  s.user_ns = outcome.cpu.user_ns;
  s.system_ns = outcome.cpu.system_ns;
  s.loops = loops;
  s.work = loops;
  if (request_.figure) {
    try {
      s.program_rate = ReadProgramFigure(*request_.figure, outcome.output);
    } catch (const Error& e) {
      throw Error(fmt::format("'{}', run {}: {}", JoinedCommand(request_.argv), runs_, e.what()));
    }
    // The sample's rate is the program's figure: no per-unit figure is
    // made of the process's time or cycles beside it (a printed rate's
    // bytes are not even known), so its cycles per run would be the whole
    // process's next to the time the program printed.
    s.work = 0;
  }
  return s;
}

void ExecSampler::Finish(Measurement& m) {
  for (auto& note : notes_) m.notes.push_back(std::move(note));
}

}  // namespace membench
