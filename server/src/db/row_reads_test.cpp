// Every row type read through db/row_struct.hpp, against every statement it is read from: each
// statement is prepared on a migrated SQLite and its column names must carry every column member of
// the type (issue 77 item 4). A mismatch names the type, the member, the statement and its file.
#include "db/row_reads.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

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

// The statements that do not name every member of their row type yet: read by position until they do. The list
// only shrinks: a statement here that names every member now fails the test until it leaves the list, and a
// statement not here must name every member.
const std::set<std::string> kPositional = {

};

std::string short_name(std::string name) {
  if (auto at = name.rfind("::"); at != std::string::npos) name = name.substr(at + 2);
  return name;
}

TEST(RowReads, EveryMemberHasAColumnOfItsName) {
  const auto dir = test_directory("row-reads");
  std::filesystem::create_directories(dir);
  { open_test_database(dir, {}); }
  sqlite3* conn = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "portal.db").string().c_str(), &conn), SQLITE_OK);
  ASSERT_FALSE(row_reads().empty());
  for (const auto& read : row_reads()) {
    std::string error;
    const auto columns = columns_of(conn, read.sql, error);
    const auto where = read.type + " read from " + read.statement + " (" + read.file + ")";
    if (!error.empty()) {
      ADD_FAILURE() << where << ": the statement does not prepare: " << error;
      continue;
    }
    const auto key = read.type + " <- " + read.statement;
    const bool positional = kPositional.contains(key);
    bool all_named = true;
    for (const auto& member : read.members) {
      bool found = false;
      for (const auto& column : columns)
        found = found || detail::same_name(column, member.name) ||
                (!member.prefixed.empty() && detail::same_name(column, member.prefixed));
      all_named = all_named && found;
      if (!found && !positional) {
        std::string given;
        for (const auto& c : columns) given += (given.empty() ? "" : ", ") + c;
        ADD_FAILURE() << where << ": member " << member.name << " has no column of its name (the statement gives: "
                      << given << ")";
      }
    }
    if (positional && all_named) ADD_FAILURE() << where << " names every member now: take \"" << key << "\" off kPositional";
  }
  sqlite3_close(conn);
  std::filesystem::remove_all(dir);
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
