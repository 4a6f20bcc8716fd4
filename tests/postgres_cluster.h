// File: tests/postgres_cluster.h
// A throw-away PostgreSQL cluster for the store tests: initdb in a
// temporary folder, the server on a private Unix socket (no TCP port to
// collide with), run as an unprivileged user when the tests run as root,
// stopped and removed at the end. It fails loudly when it cannot start:
// the PostgreSQL tests never skip.
#pragma once

#include <string>

namespace membench {

class PostgresCluster {
 public:
  // Throws std::runtime_error with the tools' output when the cluster
  // cannot be created or started.
  PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;
  ~PostgresCluster();

  // A new, empty database; its postgresql:// URI.
  std::string NewDatabase();

  // The URI of a database on this cluster (that may not exist).
  std::string Uri(const std::string& database) const;

 private:
  std::string folder_;
  std::string bin_;
  std::string as_user_;  // "runuser -u postgres -- " when root, else empty
  int databases_ = 0;
};

}  // namespace membench
