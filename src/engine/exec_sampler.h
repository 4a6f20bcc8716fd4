// File: engine/exec_sampler.h
// `membench exec -- COMMAND`: each sample is one run of another program,
// held just before its execve while its counters are opened, so they count
// from the execve on, its children included (enable_on_exec, inherit), and
// nothing of membench. Its wall time is from its release to its reaping; its
// CPU time is wait4's (its own and its reaped children's). Under
// --rate-from/--time-from the sample's rate is the figure the program
// printed (core/program_figure.h), read from its output. A run that fails
// is an error unless the user said to ignore it; a run that the user's
// Ctrl-C ended is not a sample at all (SampleAbandoned).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/event_spec.h"
#include "core/program_figure.h"
#include "engine/sample_source.h"

namespace membench {

namespace sys {
class Profiler;
}

struct CommandRequest {
  std::vector<std::string> argv;
  bool show_output = false;
  bool ignore_status = false;
  std::optional<ProgramFigure> figure;  // the rate is the program's own
};

class ExecSampler : public SampleSource {
 public:
  // `profiler`: --profile's, or null.
  ExecSampler(CommandRequest request, std::vector<EventEncoding> events, const StopRequest& stop,
              sys::Profiler* profiler = nullptr);
  void Describe(Measurement& m) const override;
  bool FreshStateEachSample() const override { return true; }
  Sample Take(std::uint64_t loops) override;
  void Finish(Measurement& m) override;

 private:
  CommandRequest request_;
  std::vector<EventEncoding> events_;
  const StopRequest& stop_;
  sys::Profiler* profiler_;
  int runs_ = 0;
  std::vector<std::string> notes_;
};

// The command as one line, for labels and messages.
std::string JoinedCommand(const std::vector<std::string>& argv);

}  // namespace membench
