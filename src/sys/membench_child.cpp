// File: sys/membench_child.cpp
#include "sys/membench_child.h"

#include <unistd.h>

#include <cstdlib>

#include "sys/interrupt.h"
#include "sys/process.h"

namespace membench::sys {

ExitStatus RunMembenchChild(const std::vector<std::string>& args,
                            const std::vector<std::pair<std::string, std::string>>& environment) {
  const std::string program = ExecutablePath();
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> pointers;
  for (std::string& a : argv) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  ChildProcess child = ChildProcess::Fork(
      [&] {
        for (const auto& [name, value] : environment) ::setenv(name.c_str(), value.c_str(), 1);
        ::execv(program.c_str(), pointers.data());
        return 127;
      },
      ChildSetup{true, ChildSetup::Interrupts::kDefault, 0});
  ForwardStopSignalsTo(child.pid());
  const ExitStatus status = child.Wait();
  ForwardStopSignalsTo(0);
  return status;
}

}  // namespace membench::sys
