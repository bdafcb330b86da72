#pragma once
// The outbox (issue 78 item 1): a change that an endpoint may want to hear of calls record_event with the session of
// its own transaction, so the event commits with the change or not at all (a rolled-back change is never delivered).
// One message row, one delivery row per enabled endpoint of the tenant that asked for the type; nothing is written
// when no endpoint wants it (one indexed read). The delivery worker (webhooks_delivery.hpp) sends them later.
#include <cstdint>
#include <functional>
#include <string_view>

#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>

#include "db/database.hpp"
#include "domains/webhooks/webhooks_events.hpp"

namespace portal::webhooks {

void record_event(db::Session& s, std::int64_t tenant_id, std::string_view type, boost::json::value data);
// The same with the data made only when an endpoint wants the event (a producer that must read to fill it).
void record_event_with(db::Session& s, std::int64_t tenant_id, std::string_view type,
                       const std::function<boost::json::value()>& data);

template <class Data>
void record(db::Session& s, std::int64_t tenant_id, std::string_view type, const Data& data) {
  record_event(s, tenant_id, type, boost::json::value_from(data));
}

}  // namespace portal::webhooks
