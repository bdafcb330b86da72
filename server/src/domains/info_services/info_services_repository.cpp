#include "domains/info_services/info_services_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "core/from_json.hpp"
#include "db/row_reads.hpp"
#include "domains/info_services/info_services_sql.hpp"

namespace portal::info_services {
namespace json = boost::json;

// A service's document: written by the seed from a validated document, so decoding only (a row written before the
// document was typed holds its id and name too; they are not read).
static void read_column(const db::Row& r, std::size_t i, ServiceDocument& out, const ServiceRecord*) {
  out = core::from_json<ServiceDocument>(json::parse(r.text(i)), "doc");
}

BOOST_DESCRIBE_STRUCT(ServiceRecord, (), (id, name, position, doc))
BOOST_DESCRIBE_STRUCT(SubscriptionRecord, (), (service_id, created_at))

void InfoServicesRepository::upsert_service(std::int64_t tenant_id, const ServiceRecord& s) {
  db_.execute(sql::kUpsertService, {tenant_id, s.id, s.name, s.position, json::serialize(json::value_from(s.doc))});
}

std::vector<ServiceRecord> InfoServicesRepository::services(std::int64_t tenant_id) {
  return db::read_rows<ServiceRecord>(db_.query(sql::kServices, {tenant_id}));
}

bool InfoServicesRepository::service_exists(std::int64_t tenant_id, std::int64_t service_id) {
  return !db_.query(sql::kServiceExists, {tenant_id, service_id}).empty();
}

std::vector<SubscriptionRecord> InfoServicesRepository::subscriptions(std::int64_t tenant_id,
                                                                      const std::string& user_uuid) {
  return db::read_rows<SubscriptionRecord>(db_.query(sql::kSubscriptions, {tenant_id, user_uuid}));
}

void InfoServicesRepository::subscribe(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t service_id,
                                       const std::string& now) {
  db_.execute(sql::kSubscribe, {tenant_id, user_uuid, service_id, now});
}

void InfoServicesRepository::unsubscribe(std::int64_t tenant_id, const std::string& user_uuid,
                                         std::int64_t service_id) {
  db_.execute(sql::kUnsubscribe, {tenant_id, user_uuid, service_id});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ServiceRecord, sql::kServices);
PORTAL_ROW_READS(SubscriptionRecord, sql::kSubscriptions);
}  // namespace portal::info_services
