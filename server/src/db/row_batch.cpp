#include "db/row_batch.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace portal::db {

namespace {

// The tuple with each $n moved up by `by`.
std::string shifted(std::string_view tuple, std::size_t by) {
  std::string out;
  out.reserve(tuple.size() + 8);
  for (std::size_t i = 0; i < tuple.size(); ++i) {
    out += tuple[i];
    if (tuple[i] != '$') continue;
    std::size_t j = i + 1, n = 0;
    while (j < tuple.size() && std::isdigit(static_cast<unsigned char>(tuple[j]))) n = n * 10 + (tuple[j++] - '0');
    out += std::to_string(n + by);
    i = j - 1;
  }
  return out;
}

// How many $n the tuple names (each of $1..$k once).
std::size_t width_of(std::string_view tuple) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < tuple.size(); ++i)
    if (tuple[i] == '$') ++k;
  return k;
}

}  // namespace

RowBatch::RowBatch(Session& session, std::string_view insert) : session_(session) {
  const auto values = insert.find("VALUES (");
  const auto close = values == std::string_view::npos ? values : insert.find(')', values);
  if (close == std::string_view::npos) throw std::invalid_argument("RowBatch: no VALUES tuple in " + std::string(insert));
  head_ = std::string(insert.substr(0, values + 7));
  tuple_ = std::string(insert.substr(values + 7, close + 1 - (values + 7)));
  tail_ = std::string(insert.substr(close + 1));
  width_ = width_of(tuple_);
  if (width_ == 0) throw std::invalid_argument("RowBatch: a tuple without placeholders in " + std::string(insert));
  rows_per_statement_ = std::min(kRowsPerStatement, kMaxParameters / width_);
  full_ = statement(rows_per_statement_);
  waiting_.reserve(rows_per_statement_ * width_);
}

std::string RowBatch::statement(std::size_t rows) const {
  std::string text = head_;
  for (std::size_t r = 0; r < rows; ++r) {
    if (r) text += ", ";
    text += shifted(tuple_, r * width_);
  }
  return text + tail_;
}

void RowBatch::add(Params row) {
  if (row.size() != width_) throw std::invalid_argument("RowBatch: a row of " + std::to_string(row.size()) +
                                                        " values for a tuple of " + std::to_string(width_));
  for (auto& v : row) waiting_.push_back(std::move(v));
  if (waiting_.size() == rows_per_statement_ * width_) flush();
}

void RowBatch::flush() {
  if (waiting_.empty()) return;
  const std::size_t rows = waiting_.size() / width_;
  session_.execute(rows == rows_per_statement_ ? full_ : statement(rows), waiting_);
  waiting_.clear();
}

std::int64_t execute_for_ids(Session& session, std::string_view sql, const Params& fixed,
                             const std::vector<std::int64_t>& ids) {
  const auto at = sql.find("{ids}");
  if (at == std::string_view::npos) throw std::invalid_argument("execute_for_ids: no {ids} in " + std::string(sql));
  std::int64_t affected = 0;
  for (std::size_t from = 0; from < ids.size(); from += kRowsPerStatement) {
    const std::size_t count = std::min(kRowsPerStatement, ids.size() - from);
    std::string list;
    Params params = fixed;
    for (std::size_t i = 0; i < count; ++i) {
      list += (i ? ", $" : "$") + std::to_string(fixed.size() + i + 1);
      params.emplace_back(ids[from + i]);
    }
    affected += session.execute(std::string(sql.substr(0, at)) + list + std::string(sql.substr(at + 5)), params);
  }
  return affected;
}

}  // namespace portal::db
