// File: forker/main.cpp
// membench-forker: the small parent that `spawn` creates processes from, as
// lmbench's lat_proc forks from its own small program. A fork copies the
// parent's page tables and a pass over its mappings: forking membench itself
// (its libraries, its buffers) would measure membench's size as much as the
// kernel's fork. membench starts it before each sample's clock, through
// posix_spawn:
//
//   membench-forker HOW PROGRAM
//
// It writes its resident set (VmRSS, kB) to standard output, then waits for
// the sample's loop count, a line on standard input, and does that many:
// HOW is fork (fork, the child _exits at once, waitpid), exec (fork, execve
// of PROGRAM, waitpid) or shell (fork, /bin/sh -c PROGRAM, waitpid). It
// exits 0 when every child exited 0, 1 when one did not or no count came,
// 2 for bad arguments. Plain libc only: whatever it maps, each fork copies.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// VmRSS of /proc/self/status, in kB; 0 when unreadable.
void WriteResidentKb() {
  char status[4096];
  const int fd = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  const ssize_t n = fd < 0 ? -1 : ::read(fd, status, sizeof status - 1);
  if (fd >= 0) ::close(fd);
  unsigned long kb = 0;
  if (n > 0) {
    status[n] = '\0';
    if (const char* rss = std::strstr(status, "VmRSS:")) kb = std::strtoul(rss + 6, nullptr, 10);
  }
  char line[32];
  const int length = std::snprintf(line, sizeof line, "%lu\n", kb);
  if (::write(STDOUT_FILENO, line, static_cast<std::size_t>(length)) < 0) std::_Exit(1);
}

}  // namespace

// The loop count membench sends; 0 where none came.
unsigned long long ReadLoops() {
  char line[32];
  std::size_t length = 0;
  while (length < sizeof line - 1) {
    const ssize_t n = ::read(STDIN_FILENO, line + length, sizeof line - 1 - length);
    if (n <= 0) break;
    length += static_cast<std::size_t>(n);
  }
  line[length] = '\0';
  return length == 0 ? 0 : std::strtoull(line, nullptr, 10);
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  // It dies with membench (a second Ctrl-C, a SIGKILL); a first Ctrl-C,
  // which the terminal sends to the whole group, lets it finish the sample.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ::signal(SIGINT, SIG_IGN);
  const char* how = argv[1];
  char* program = argv[2];
  char sh[] = "sh";
  char dash_c[] = "-c";
  char* exec_argv[] = {program, nullptr};
  char* shell_argv[] = {sh, dash_c, program, nullptr};
  const bool fork_only = std::strcmp(how, "fork") == 0;
  const bool shell = std::strcmp(how, "shell") == 0;
  if (!fork_only && !shell && std::strcmp(how, "exec") != 0) return 2;
  WriteResidentKb();
  const unsigned long long loops = ReadLoops();
  if (loops == 0) return 1;
  for (unsigned long long i = 0; i < loops; ++i) {
    const pid_t pid = ::fork();
    if (pid < 0) return 1;
    if (pid == 0) {
      if (fork_only) ::_exit(0);
      ::execv(shell ? "/bin/sh" : program, shell ? shell_argv : exec_argv);
      ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
  }
  return 0;
}
