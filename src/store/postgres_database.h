// File: store/postgres_database.h
// The fleet store: the same schema in a PostgreSQL server, through libpq,
// so many test machines write into one history.
#pragma once

#include <memory>
#include <string>

#include "store/database.h"

namespace membench {

// uri: postgresql://[user[:password]@][host][:port][/dbname][?param=value...]
// (libpq's syntax). Throws Error when the server cannot be reached or
// refuses the connection.
std::unique_ptr<Database> OpenPostgresDatabase(const std::string& uri);

// The URI as messages show it: without a password.
std::string WithoutPassword(const std::string& uri);

}  // namespace membench
