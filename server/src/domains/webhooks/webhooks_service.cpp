#include "domains/webhooks/webhooks_service.hpp"

#include <algorithm>

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "core/links.hpp"
#include "db/timestamp.hpp"
#include "domains/webhooks/webhooks_events.hpp"
#include "domains/webhooks/webhooks_signature.hpp"

namespace portal::webhooks {

Result<EndpointInput> WebhooksService::validate(EndpointInput in) const {
  const std::string_view url = in.url;
  const bool https = url.starts_with("https://");
  if (!core::safe_link(url) || !(https || url.starts_with("http://")))
    return Error::invalid("url", "must be an http(s) URL");
  if (!https && !dev_stage_) return Error::invalid("url", "must be an https URL");
  if (in.description.size() > kMaxDescription) return Error::invalid("description", "at most 500 characters");
  if (in.events.empty()) return Error::invalid("events", "choose at least one event");
  for (const auto& e : in.events)
    if (!known_event(e)) return Error::invalid("events", "unknown event: " + e);
  std::vector<std::string> ordered;
  for (const auto& t : kEventTypes)
    if (std::find(in.events.begin(), in.events.end(), t) != in.events.end()) ordered.emplace_back(t);
  in.events = std::move(ordered);
  if (in.allow_private && !dev_stage_)
    return Error::invalid("allowPrivate", "private addresses are allowed in the dev stage only");
  return in;
}

Result<IssuedSecret> WebhooksService::create(std::int64_t tenant_id, EndpointInput input, const Audit& audit) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  if (repository_.endpoints(tenant_id).size() >= kMaxEndpoints)
    return Error::of(ErrorCode::too_many_endpoints, "a tenant has at most 20 endpoints");
  IssuedSecret issued;
  issued.secret = new_secret();
  auto& e = issued.endpoint;
  e.id = "ep_" + core::random_hex(12);
  e.tenant_id = tenant_id;
  e.url = in->url;
  e.description = in->description;
  e.events = in->events;
  e.enabled = in->enabled;
  e.allow_private = in->allow_private;
  e.secret_sealed = core::seal_with(seal_key_, issued.secret);
  e.created_at = e.updated_at = db::utc_timestamp(clock_.now());
  repository_.transaction([&](db::Session& s) {
    WebhooksRepository::insert(s, e);
    audit(s, std::nullopt, e);
  });
  return issued;
}

Result<Endpoint> WebhooksService::update(std::int64_t tenant_id, const std::string& id, EndpointInput input,
                                         const Audit& audit) {
  auto in = validate(std::move(input));
  if (!in) return in.error();
  std::optional<Endpoint> after;
  repository_.transaction([&](db::Session& s) {
    const auto before = WebhooksRepository::endpoint(s, tenant_id, id);
    if (!before) return;
    WebhooksRepository::update(s, tenant_id, id, *in, db::utc_timestamp(clock_.now()));
    after = WebhooksRepository::endpoint(s, tenant_id, id);
    audit(s, before, after);
  });
  if (!after) return Error::of(ErrorCode::endpoint_not_found, "no such endpoint");
  return *after;
}

Result<IssuedSecret> WebhooksService::rotate(std::int64_t tenant_id, const std::string& id, const Audit& audit) {
  IssuedSecret issued;
  issued.secret = new_secret();
  bool found = false;
  const auto now = clock_.now();
  repository_.transaction([&](db::Session& s) {
    const auto before = WebhooksRepository::endpoint(s, tenant_id, id);
    if (!before) return;
    found = true;
    WebhooksRepository::rotate(s, tenant_id, id, core::seal_with(seal_key_, issued.secret),
                               db::utc_timestamp(now + kRotationOverlap), db::utc_timestamp(now));
    issued.endpoint = *WebhooksRepository::endpoint(s, tenant_id, id);
    audit(s, before, issued.endpoint);
  });
  if (!found) return Error::of(ErrorCode::endpoint_not_found, "no such endpoint");
  return issued;
}

Result<void> WebhooksService::remove(std::int64_t tenant_id, const std::string& id, const Audit& audit) {
  bool found = false;
  repository_.transaction([&](db::Session& s) {
    const auto before = WebhooksRepository::endpoint(s, tenant_id, id);
    if (!before) return;
    found = WebhooksRepository::remove(s, tenant_id, id);
    audit(s, before, std::nullopt);
  });
  if (!found) return Error::of(ErrorCode::endpoint_not_found, "no such endpoint");
  return {};
}

Result<EndpointHistory> WebhooksService::history(std::int64_t tenant_id, const std::string& id) {
  if (!repository_.endpoint(tenant_id, id)) return Error::of(ErrorCode::endpoint_not_found, "no such endpoint");
  return EndpointHistory{repository_.deliveries(tenant_id, id, 100), repository_.attempts(tenant_id, id, 200)};
}

Result<std::string> WebhooksService::resend(
    std::int64_t tenant_id, const std::string& delivery_id,
    const std::function<void(db::Session&, const std::string& endpoint_id)>& audit) {
  const auto endpoint_id = repository_.delivery_endpoint(tenant_id, delivery_id);
  if (!endpoint_id) return Error::of(ErrorCode::delivery_not_found, "no such delivery");
  repository_.transaction([&](db::Session& s) {
    WebhooksRepository::resend(s, tenant_id, delivery_id, db::utc_timestamp(clock_.now()));
    audit(s, *endpoint_id);
  });
  return *endpoint_id;
}

}  // namespace portal::webhooks
