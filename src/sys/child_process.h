// File: sys/child_process.h
// The one owner of a forked child: it forks, sets the child up (dies with
// membench, its signals, its process group), runs the child's body, and on
// the parent's side waits for it, or kills and reaps it when it goes. Every
// process membench forks - workers, pressure processes, hackbench's tasks,
// the copy-on-write holder, a command under `exec`, a spawn - is one of
// these, so no zombie and no stray process outlives the object, and a
// SIGKILL of membench takes its children with it (PR_SET_PDEATHSIG).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace membench::sys {

// How a child ended.
struct ExitStatus {
  bool exited = false;  // else killed by a signal
  int code = 0;
  int signal = 0;
  // "exit status 3", "killed by signal 9 (Killed)"
  std::string Describe() const;
};

ExitStatus ExitStatusOf(int wait_status);

struct ChildSetup {
  // SIGKILL when membench dies, even by SIGKILL; a child that finds its
  // parent already gone exits at once.
  bool die_with_parent = true;
  // Ctrl-C, SIGTERM, SIGHUP and SIGQUIT are membench's to handle (it stops
  // its children itself): the child ignores them (kIgnore). A program the
  // user runs gets every signal membench handles back to its default
  // (kDefault); a child that only exits keeps what it inherited (kInherit:
  // no system call added to what is timed).
  enum class Interrupts { kIgnore, kDefault, kInherit };
  Interrupts interrupts = Interrupts::kIgnore;
  // -1: stay in membench's group; 0: lead a new one; > 0: join that one.
  pid_t process_group = -1;
};

class ChildProcess {
 public:
  ChildProcess() = default;
  // Forks; the child runs body and _exits with what it returns (1 if it
  // throws). Throws Error when fork fails, saying why (EAGAIN: ulimit -u).
  static ChildProcess Fork(const std::function<int()>& body, const ChildSetup& setup = {});
  // Starts `program` with argv and envp through posix_spawn (vfork-like: it
  // copies none of membench's memory), leading a process group of its own,
  // with every signal membench handles back at its default. posix_spawn
  // cannot set the death signal: the program sets it itself once started
  // (a child invocation's TieToParent). Throws Error when it cannot start.
  static ChildProcess Spawn(const std::string& program, const std::vector<std::string>& argv,
                            const std::vector<std::string>& envp);

  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // kills and reaps a child still running

  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0; }
  // The child's status if it has ended (then it is reaped), else nullopt.
  std::optional<ExitStatus> Poll();
  // Waits for the child to end (retrying on EINTR); usage, if given, gets
  // its CPU times and those of the children it reaped (wait4).
  ExitStatus Wait(rusage* usage = nullptr);
  // Sends SIGKILL and reaps; nothing when it was reaped already.
  void Kill();
  // For a child reaped by a wait on its process group (WaitForGroupMember).
  void MarkReaped() { pid_ = -1; }

 private:
  pid_t pid_ = -1;
};

// Waits for any child in process group `group` to end and reaps it:
// its pid and status, or nullopt when the group has no children left.
std::optional<std::pair<pid_t, ExitStatus>> WaitForGroupMember(pid_t group);

}  // namespace membench::sys
