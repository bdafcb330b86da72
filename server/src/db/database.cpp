#include "db/database.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <random>

#include "db/postgres/postgres_database.hpp"
#include "db/sqlite/sqlite_database.hpp"

namespace portal::db {

namespace {

std::string format_real(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::to_string(v);
}

// Whole-string parse: "12abc" is not a number, so a bad column never reads as 12.
template <class T>
bool parse_exact(std::string_view s, T& out) {
  const char* first = s.data();
  const char* last = s.data() + s.size();
  auto [end, ec] = std::from_chars(first, last, out);
  return ec == std::errc{} && end == last;
}

bool starts_with_scheme(std::string_view url, std::string_view scheme) {
  return url.size() > scheme.size() && url.substr(0, scheme.size()) == scheme;
}

}  // namespace

std::string Row::text(std::size_t i) const {
  const Value& v = values_.at(i);
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  if (auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
  if (auto* d = std::get_if<double>(&v)) return format_real(*d);
  return {};
}

std::string Row::take_text(std::size_t i) {
  if (auto* s = std::get_if<std::string>(&values_.at(i))) return std::move(*s);
  return text(i);
}

std::int64_t Row::integer(std::size_t i) const {
  const Value& v = values_.at(i);
  if (auto* n = std::get_if<std::int64_t>(&v)) return *n;
  if (auto* d = std::get_if<double>(&v)) {
    // Only exact integers convert: silently truncating 2.5 would hide a schema bug.
    if (std::trunc(*d) == *d && std::abs(*d) < 9.2e18) return static_cast<std::int64_t>(*d);
    throw Error("column " + std::to_string(i) + " holds a non-integral number");
  }
  if (auto* s = std::get_if<std::string>(&v)) {
    std::int64_t out = 0;
    if (parse_exact(*s, out)) return out;
    throw Error("column " + std::to_string(i) + " is not an integer: '" + s->substr(0, 40) + "'");
  }
  return 0;
}

double Row::real(std::size_t i) const {
  const Value& v = values_.at(i);
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* n = std::get_if<std::int64_t>(&v)) return static_cast<double>(*n);
  if (auto* s = std::get_if<std::string>(&v)) {
    double out = 0;
    if (parse_exact(*s, out)) return out;
    throw Error("column " + std::to_string(i) + " is not a number: '" + s->substr(0, 40) + "'");
  }
  return 0;
}

std::optional<std::string> Row::optional_text(std::size_t i) const {
  if (is_null(i)) return std::nullopt;
  return text(i);
}

std::size_t Row::index(std::string_view column) const {
  if (columns_) {
    for (std::size_t i = 0; i < columns_->size(); ++i) {
      if ((*columns_)[i] == column) return i;
    }
  }
  throw Error("no column named '" + std::string(column) + "' in the result");
}

std::chrono::milliseconds transient_backoff(int attempt) {
  thread_local std::minstd_rand random{std::random_device{}()};
  const int ceiling = 10 << std::min(attempt, 6);  // 20, 40, 80 ms ...
  return std::chrono::milliseconds(std::uniform_int_distribution<int>(ceiling / 4, ceiling)(random));
}

std::unique_ptr<Database> open(const std::string& url, int pool_size, std::chrono::milliseconds checkout_timeout) {
  if (pool_size < 1) pool_size = 1;
  if (starts_with_scheme(url, "postgresql://") || starts_with_scheme(url, "postgres://")) {
    return std::make_unique<PostgresDatabase>(url, pool_size, checkout_timeout);
  }
  std::string path = url;
  if (starts_with_scheme(path, "sqlite://")) path = path.substr(9);
  if (path.empty()) throw Error("empty database path");
  if (path != ":memory:") {
    auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent);
  }
  return std::make_unique<SqliteDatabase>(path, pool_size, checkout_timeout);
}

}  // namespace portal::db
