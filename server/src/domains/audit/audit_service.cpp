#include "domains/audit/audit_service.hpp"

#include <boost/json.hpp>  // an entry's before/after: snapshots of any audited object, free-form
#include <boost/throw_exception.hpp>
#include <charconv>
#include <regex>
#include <stdexcept>

#include "core/csv.hpp"

namespace portal::audit {

void throw_exception_from_error(const Error& e, const boost::source_location& loc) {
  boost::throw_exception(std::invalid_argument(e.field + ": " + e.reason), loc);
}

namespace {

Error invalid(std::string field, std::string reason) { return {ErrorCode::invalid_field, std::move(field), std::move(reason)}; }

bool is_date(const std::string& s) {
  static const std::regex date(R"(\d{4}-\d{2}-\d{2})");
  return std::regex_match(s, date);
}
bool is_time(const std::string& s) {
  static const std::regex time(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");
  return std::regex_match(s, time);
}

std::optional<std::int64_t> number(const std::string& s) {
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

std::string json_cell(const boost::json::value& v) { return v.is_null() ? std::string() : boost::json::serialize(v); }

}  // namespace

Result<Filter> validate_filter(const RawFilter& raw) {
  Filter f;
  auto text = [&](const std::optional<std::string>& v, std::optional<std::string>& into,
                  const char* field) -> std::optional<Error> {
    if (!v || v->empty()) return std::nullopt;
    if (v->size() > 200) return invalid(field, "must be at most 200 characters");
    into = *v;
    return std::nullopt;
  };
  if (auto e = text(raw.actor, f.actor, "actor")) return *e;
  if (auto e = text(raw.action, f.action, "action")) return *e;
  if (auto e = text(raw.object_type, f.object_type, "objectType")) return *e;
  if (auto e = text(raw.object_id, f.object_id, "objectId")) return *e;
  if (raw.from && !raw.from->empty()) {
    if (!is_date(*raw.from) && !is_time(*raw.from)) return invalid("from", "must be a date (YYYY-MM-DD) or a UTC time");
    f.from = *raw.from;
  }
  if (raw.to && !raw.to->empty()) {
    if (is_date(*raw.to)) f.to = *raw.to + "T23:59:59Z";  // the whole day
    else if (is_time(*raw.to)) f.to = *raw.to;
    else return invalid("to", "must be a date (YYYY-MM-DD) or a UTC time");
  }
  if (f.from && f.to && *f.from > *f.to) return invalid("to", "must not be before from");
  if (raw.page && !raw.page->empty()) {
    auto n = number(*raw.page);
    if (!n || *n < 1 || *n > 1'000'000) return invalid("page", "must be a whole number from 1");
    f.page = *n;
  }
  if (raw.size && !raw.size->empty()) {
    auto n = number(*raw.size);
    if (!n || *n < 1 || *n > kMaxPageSize) return invalid("size", "must be a whole number from 1 to 200");
    f.size = *n;
  }
  return f;
}

std::string to_csv(const std::vector<Entry>& entries) {
  using core::csv_cell;
  std::string out =
      "id,at,actorId,actorEmail,actorRole,action,call,objectType,objectId,before,after,clientAddress,requestId\r\n";
  for (const auto& e : entries) {
    out += std::to_string(e.id) + "," + csv_cell(e.at) + "," + csv_cell(e.actor_id) + "," + csv_cell(e.actor_email) +
           "," + csv_cell(e.actor_role) + "," + csv_cell(e.action) + "," + csv_cell(e.call) + "," +
           csv_cell(e.object_type) + "," + csv_cell(e.object_id) + "," + csv_cell(json_cell(e.before)) + "," +
           csv_cell(json_cell(e.after)) + "," + csv_cell(e.client_address) + "," + csv_cell(e.request_id) + "\r\n";
  }
  return out;
}

}  // namespace portal::audit
