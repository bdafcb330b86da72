#include "domains/webhooks/webhooks_repository.hpp"

#include <boost/json.hpp>

#include "core/ids.hpp"
#include "domains/webhooks/webhooks_sql.hpp"

namespace portal::webhooks {
namespace json = boost::json;

namespace {

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

std::string events_text(const std::vector<std::string>& events) {
  json::array a;
  for (const auto& e : events) a.emplace_back(e);
  return json::serialize(a);
}

std::vector<std::string> events_of(const std::string& text) {
  std::vector<std::string> out;
  boost::system::error_code ec;
  const auto v = json::parse(text, ec);
  if (ec || !v.is_array()) return out;
  for (const auto& e : v.as_array())
    if (e.is_string()) out.emplace_back(e.as_string());
  return out;
}

Endpoint endpoint_from(const db::Row& r) {
  Endpoint e;
  e.id = r.text(0);
  e.tenant_id = r.integer(1);
  e.url = r.text(2);
  e.description = r.text(3);
  e.events = events_of(r.text(4));
  e.enabled = r.integer(5) == 1;
  e.allow_private = r.integer(6) == 1;
  e.secret_sealed = r.text(7);
  e.previous_sealed = r.optional_text(8);
  e.previous_until = r.optional_text(9);
  e.failing_since = r.optional_text(10);
  e.disabled_reason = r.optional_text(11);
  e.created_at = r.text(12);
  e.updated_at = r.text(13);
  return e;
}

}  // namespace

std::vector<Endpoint> WebhooksRepository::endpoints(std::int64_t tenant_id) {
  std::vector<Endpoint> out;
  for (const auto& r : db_.query(sql::kEndpoints, {tenant_id})) out.push_back(endpoint_from(r));
  return out;
}

std::optional<Endpoint> WebhooksRepository::endpoint(std::int64_t tenant_id, const std::string& id) {
  const auto rows = db_.query(sql::kEndpoint, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return endpoint_from(rows[0]);
}

std::optional<Endpoint> WebhooksRepository::endpoint(db::Session& s, std::int64_t tenant_id, const std::string& id) {
  const auto rows = s.query(sql::kEndpoint, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return endpoint_from(rows[0]);
}

void WebhooksRepository::insert(db::Session& s, const Endpoint& e) {
  s.execute(sql::kInsertEndpoint, {e.tenant_id, e.id, e.url, e.description, events_text(e.events),
                                   std::int64_t{e.enabled ? 1 : 0}, std::int64_t{e.allow_private ? 1 : 0},
                                   e.secret_sealed, e.created_at});
}

bool WebhooksRepository::update(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                const EndpointInput& in, const std::string& now) {
  return s.execute(sql::kUpdateEndpoint, {tenant_id, id, in.url, in.description, events_text(in.events),
                                          std::int64_t{in.enabled ? 1 : 0}, std::int64_t{in.allow_private ? 1 : 0},
                                          now}) == 1;
}

bool WebhooksRepository::rotate(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                const std::string& sealed, const std::string& previous_until, const std::string& now) {
  return s.execute(sql::kRotateSecret, {tenant_id, id, sealed, previous_until, now}) == 1;
}

bool WebhooksRepository::remove(db::Session& s, std::int64_t tenant_id, const std::string& id) {
  return s.execute(sql::kDeleteEndpoint, {tenant_id, id}) == 1;
}

std::vector<Delivery> WebhooksRepository::deliveries(std::int64_t tenant_id, const std::string& endpoint_id,
                                                     std::int64_t limit) {
  std::vector<Delivery> out;
  for (const auto& r : db_.query(sql::kDeliveries, {tenant_id, endpoint_id, limit}))
    out.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.integer(4), r.optional_text(5), r.text(6),
                   r.optional_text(7)});
  return out;
}

std::vector<Attempt> WebhooksRepository::attempts(std::int64_t tenant_id, const std::string& endpoint_id,
                                                  std::int64_t limit) {
  std::vector<Attempt> out;
  for (const auto& r : db_.query(sql::kAttemptsOfEndpoint, {tenant_id, endpoint_id, limit}))
    out.push_back({r.text(0), r.text(1), r.integer(2), r.integer(3), r.text(4), r.text(5)});
  return out;
}

std::optional<std::string> WebhooksRepository::delivery_endpoint(std::int64_t tenant_id,
                                                                 const std::string& delivery_id) {
  const auto rows = db_.query(sql::kDeliveryEndpoint, {tenant_id, delivery_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

bool WebhooksRepository::resend(db::Session& s, std::int64_t tenant_id, const std::string& delivery_id,
                                const std::string& now) {
  return s.execute(sql::kResend, {tenant_id, delivery_id, now}) == 1;
}

std::vector<Due> WebhooksRepository::due(const std::string& now, std::int64_t limit) {
  std::vector<Due> out;
  for (const auto& r : db_.query(sql::kDue, {now, limit})) out.push_back({r.integer(0), r.text(1), r.text(2)});
  return out;
}

std::optional<Job> WebhooksRepository::claim(const Due& seen, const std::string& lease_until) {
  std::optional<Job> job;
  db_.transaction([&](db::Session& s) {
    const auto rows = s.query(sql::kClaim, {seen.tenant_id, seen.id, seen.due_at, lease_until});
    if (!rows.empty()) job = Job{seen.tenant_id, seen.id, rows[0].text(0), rows[0].text(1), rows[0].integer(2)};
  });
  return job;
}

bool WebhooksRepository::renew(const Job& job, const std::string& held_until, const std::string& lease_until) {
  return db_.execute(sql::kRenew, {job.tenant_id, job.id, held_until, lease_until}) == 1;
}

std::optional<Message> WebhooksRepository::message(std::int64_t tenant_id, const std::string& id) {
  const auto rows = db_.query(sql::kMessage, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return Message{rows[0].text(0), rows[0].text(1), rows[0].text(2), rows[0].text(3)};
}

std::optional<std::string> WebhooksRepository::finish(const Job& job, const Attempt& a, bool delivered,
                                                      const std::optional<std::string>& retry_at,
                                                      const std::string& now, const std::string& disable_since) {
  std::optional<std::string> disabled;
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kInsertAttempt,
              {job.tenant_id, core::new_uuid(), job.id, a.at, a.status, a.duration_ms, a.answer, a.error});
    if (delivered) {
      s.execute(sql::kDelivered, {job.tenant_id, job.id, now});
      s.execute(sql::kEndpointSucceeded, {job.tenant_id, job.endpoint_id});
      return;
    }
    s.execute(sql::kFailed, {job.tenant_id, job.id, opt(retry_at), std::string(retry_at ? "pending" : "failed")});
    s.execute(sql::kEndpointFailing, {job.tenant_id, job.endpoint_id, a.at});
    const auto rows = s.query(sql::kDisableFailing, {job.tenant_id, job.endpoint_id, disable_since, now});
    if (!rows.empty()) disabled = rows[0].text(0);
  });
  return disabled;
}

}  // namespace portal::webhooks
