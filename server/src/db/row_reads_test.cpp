// Every row type read through db/row_struct.hpp, against every statement it is read from: each
// statement is prepared on a migrated SQLite (and, with PORTAL_TEST_POSTGRES_URL, on a migrated
// PostgreSQL schema, which folds unquoted aliases to lower case) and its column names must carry every
// column member of the type (issue 77 item 4). A mismatch names the type, the member, the statement
// and its file.
#include "db/row_reads.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include "core/text.hpp"
#include "db/migrations.hpp"
#include "db/sqlite/sqlite_database.hpp"
#include "db/test_database.hpp"

namespace portal::db {
namespace {

std::vector<std::string> columns_of(sqlite3* conn, const std::string& sql, std::string& error) {
  const auto text = sqlite_placeholders(sql);
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(conn, text.c_str(), static_cast<int>(text.size()), &stmt, nullptr) != SQLITE_OK) {
    error = sqlite3_errmsg(conn);
    sqlite3_finalize(stmt);
    return {};
  }
  std::vector<std::string> out;
  for (int i = 0; i < sqlite3_column_count(stmt); ++i) out.emplace_back(sqlite3_column_name(stmt, i));
  sqlite3_finalize(stmt);
  return out;
}

std::string short_name(std::string name) {
  if (auto at = name.rfind("::"); at != std::string::npos) name = name.substr(at + 2);
  return name;
}

// The statement's columns, by the database that prepared it (error: why it did not prepare).
using Describe = std::vector<std::string> (*)(void* conn, const std::string& sql, std::string& error);

std::vector<std::string> sqlite_columns(void* conn, const std::string& sql, std::string& error) {
  return columns_of(static_cast<sqlite3*>(conn), sql, error);
}

std::vector<std::string> postgres_columns(void* conn, const std::string& sql, std::string& error) {
  auto* pg = static_cast<PGconn*>(conn);
  std::vector<std::string> out;
  PGresult* made = PQprepare(pg, "", sql.c_str(), 0, nullptr);
  if (PQresultStatus(made) != PGRES_COMMAND_OK) {
    error = PQerrorMessage(pg);
    PQclear(made);
    return out;
  }
  PQclear(made);
  PGresult* described = PQdescribePrepared(pg, "");
  if (PQresultStatus(described) != PGRES_COMMAND_OK) {
    error = PQerrorMessage(pg);
  } else {
    for (int i = 0; i < PQnfields(described); ++i) out.emplace_back(PQfname(described, i));
  }
  PQclear(described);
  return out;
}

// Every declared read: each column member of its type has a column of its name in its statement.
void expect_every_member_named(void* conn, Describe describe) {
  ASSERT_FALSE(row_reads().empty());
  for (const auto& read : row_reads()) {
    std::string error;
    const auto columns = describe(conn, read.sql, error);
    const auto where = read.type + " read from " + read.statement + " (" + read.file + ")";
    if (!error.empty()) {
      ADD_FAILURE() << where << ": the statement does not prepare: " << error;
      continue;
    }
    for (const auto& member : read.members) {
      bool found = false;
      for (const auto& column : columns)
        found = found || core::iequals(column, member.name) ||
                (!member.prefixed.empty() && core::iequals(column, member.prefixed));
      if (!found) {
        std::string given;
        for (const auto& c : columns) given += (given.empty() ? "" : ", ") + c;
        ADD_FAILURE() << where << ": member " << member.name << " has no column of its name (the statement gives: "
                      << given << ")";
      }
    }
  }
}

TEST(RowReads, EveryMemberHasAColumnOfItsName) {
  const auto dir = test_directory("row-reads");
  std::filesystem::create_directories(dir);
  { open_test_database(dir, {}); }
  sqlite3* conn = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "portal.db").string().c_str(), &conn), SQLITE_OK);
  expect_every_member_named(conn, sqlite_columns);
  sqlite3_close(conn);
  std::filesystem::remove_all(dir);
}

// The same on PostgreSQL: its own migrations, its own parsing of each statement.
TEST(RowReadsPostgres, EveryMemberHasAColumnOfItsName) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  const std::string schema = "portal_row_reads_" + std::to_string(std::random_device{}());
  auto admin = open(url, 1);
  admin->execute("CREATE SCHEMA " + schema);
  const std::string base(url);
  const auto in_schema = base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
  {
    auto db = open(in_schema, 1);
    migrate(*db, load_migrations(std::filesystem::path(PORTAL_SOURCE_DIR) / "migrations", "postgres"));
  }
  PGconn* conn = PQconnectdb(in_schema.c_str());
  if (PQstatus(conn) == CONNECTION_OK)
    expect_every_member_named(conn, postgres_columns);
  else
    ADD_FAILURE() << "cannot connect: " << PQerrorMessage(conn);
  PQfinish(conn);
  admin->execute("DROP SCHEMA " + schema + " CASCADE");
}

// No read of a row type without its declaration: the sources' read_row<T>/read_rows<T>/read_first<T>
// name only types some PORTAL_ROW_READS declares.
TEST(RowReads, EveryReadTypeIsDeclared) {
  std::set<std::string> declared;
  for (const auto& read : row_reads()) declared.insert(short_name(read.type));
  const std::regex read(R"(read_(?:row|rows|first)<([A-Za-z_:]+)>)");
  const auto src = std::filesystem::path(PORTAL_SOURCE_DIR) / "src";
  std::map<std::string, std::string> missing;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(src)) {
    const auto path = entry.path().string();
    if (!entry.is_regular_file() || path.ends_with("_test.cpp") || path.find("/db/row_") != std::string::npos)
      continue;
    if (!path.ends_with(".cpp") && !path.ends_with(".hpp")) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const auto body = text.str();
    for (std::sregex_iterator it(body.begin(), body.end(), read), end; it != end; ++it) {
      const auto type = short_name((*it)[1]);
      if (type != "T" && !declared.contains(type)) missing.emplace(type, path.substr(src.string().size() + 1));
    }
  }
  for (const auto& [type, file] : missing)
    ADD_FAILURE() << type << " is read in " << file << " but no PORTAL_ROW_READS declares its statements";
}

}  // namespace
}  // namespace portal::db
