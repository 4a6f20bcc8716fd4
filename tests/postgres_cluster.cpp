// File: tests/postgres_cluster.cpp
#include "postgres_cluster.h"

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "membench_process.h"
#include "store/postgres_database.h"

namespace membench {
namespace {

constexpr int kPort = 54329;  // only names the socket file in the private folder

// The newest server Debian installed: /usr/lib/postgresql/<version>/bin.
std::string ServerBin() {
  std::string best;
  int best_version = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
    const std::string bin = entry.path().string() + "/bin";
    int version = 0;
    try {
      version = std::stoi(entry.path().filename().string());
    } catch (const std::exception&) {
      continue;
    }
    if (std::filesystem::exists(bin + "/initdb") && version > best_version) {
      best = bin;
      best_version = version;
    }
  }
  if (best.empty()) {
    throw std::runtime_error(
        "no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql; "
        "scripts/setup-deps.sh does)");
  }
  return best;
}

void Check(const Outcome& outcome, const std::string& what) {
  if (outcome.status != 0) throw std::runtime_error(what + " failed:\n" + outcome.output);
}

// A test binary killed (by ctest's timeout, say) leaves its server running:
// stop and remove every cluster whose owner is gone.
void RemoveOrphans(const std::string& bin, const std::string& as_user) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/tmp", ec)) {
    const std::string folder = entry.path().string();
    if (entry.path().filename().string().rfind("membench-pg-", 0) != 0) continue;
    std::ifstream owner_file(folder + "/owner");
    pid_t owner = 0;
    if (owner_file >> owner && owner > 0 && (::kill(owner, 0) == 0 || errno != ESRCH)) continue;
    RunCommand(as_user + bin + "/pg_ctl -w -D " + folder + "/data -m immediate stop");
    std::filesystem::remove_all(folder, ec);
  }
}

}  // namespace

PostgresCluster::PostgresCluster() : bin_(ServerBin()) {
  char pattern[] = "/tmp/membench-pg-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
  folder_ = pattern;
  std::ofstream(folder_ + "/owner") << ::getpid() << "\n";
  if (::geteuid() == 0) {
    // The server refuses to run as root.
    const passwd* pw = ::getpwnam("postgres");
    if (pw == nullptr) pw = ::getpwnam("nobody");
    if (pw == nullptr) throw std::runtime_error("no unprivileged user (postgres or nobody) to run PostgreSQL as");
    if (::chown(folder_.c_str(), pw->pw_uid, pw->pw_gid) != 0) throw std::runtime_error("chown " + folder_);
    as_user_ = std::string("runuser -u ") + pw->pw_name + " -- ";
  }
  RemoveOrphans(bin_, as_user_);
  Check(RunCommand(as_user_ + bin_ + "/initdb --no-sync -A trust -U postgres -E UTF8 -D " + folder_ + "/data"),
        "initdb");
  Check(RunCommand(as_user_ + bin_ + "/pg_ctl -w -t 60 -D " + folder_ + "/data -l " + folder_ + "/server.log -o \"-k " +
                   folder_ + " -p " + std::to_string(kPort) + " -c listen_addresses='' -c fsync=off\" start"),
        "pg_ctl start (see " + folder_ + "/server.log)");
}

PostgresCluster::~PostgresCluster() {
  RunCommand(as_user_ + bin_ + "/pg_ctl -w -D " + folder_ + "/data -m immediate stop");
  std::error_code ec;
  std::filesystem::remove_all(folder_, ec);
}

std::string PostgresCluster::Uri(const std::string& database) const {
  return "postgresql:///" + database + "?host=" + folder_ + "&port=" + std::to_string(kPort) + "&user=postgres";
}

std::string PostgresCluster::NewDatabase() {
  const std::string name = "membench_test_" + std::to_string(++databases_);
  OpenPostgresDatabase(Uri("postgres"))->Query("CREATE DATABASE " + name, {});
  return Uri(name);
}

}  // namespace membench
