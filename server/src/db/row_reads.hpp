#pragma once
// The statements each row type is read from, declared beside the read so a unit test can check
// them all (row_reads_test.cpp): every column member of the type has a column of its name in each
// statement declared for it.
//
//   PORTAL_ROW_READS(DueRow, sql::kDueJobs);
//   PORTAL_ROW_READS(ListedArticle, fill(admin_sql::kChildren, {{"{lang}", "$3"}}));  // a built statement: one of its forms
//
// The declaration runs at start-up (a static in the reading file) and costs one list entry.
#include <string>
#include <string_view>
#include <vector>

#include "db/row_struct.hpp"

namespace portal::db {

struct RowRead {
  std::string type;       // as written at the declaration ("DueRow")
  std::string statement;  // as written ("sql::kDueJobs")
  std::string sql;
  std::string file;
  std::vector<detail::ColumnName> members;
};

std::vector<RowRead>& row_reads();

template <class T>
bool declare_row_read(std::string type, std::string statement, std::string sql, const char* file) {
  row_reads().push_back({std::move(type), std::move(statement), std::move(sql), file, column_members_of<T>()});
  return true;
}

}  // namespace portal::db

#define PORTAL_ROW_READS_CAT2(a, b) a##b
#define PORTAL_ROW_READS_CAT(a, b) PORTAL_ROW_READS_CAT2(a, b)
#define PORTAL_ROW_READS(T, ...)                                                                     \
  [[maybe_unused]] static const bool PORTAL_ROW_READS_CAT(portal_row_reads_, __COUNTER__) =          \
      ::portal::db::declare_row_read<T>(#T, #__VA_ARGS__, std::string(__VA_ARGS__), __FILE__)
