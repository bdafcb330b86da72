#include "domains/subscriptions/subscriptions_credits.hpp"

#include <boost/describe/class.hpp>
#include <algorithm>

#include "db/row_reads.hpp"
#include "domains/subscriptions/contingents_column.hpp"

namespace portal::subscriptions {

BOOST_DESCRIBE_STRUCT(Holding, (), (id, type_id, state, pending, contingents, group_id))
// pending: sub_state is PENDING (else NULL); contingents: the stored list (contingents_column.hpp).
void read_column(const db::Row& r, std::size_t i, bool& out, const Holding*) { out = !r.is_null(i); }
void read_column(const db::Row& r, std::size_t i, std::vector<Contingent>& out, const Holding*) {
  out = contingents_from_column(r.text(i));
}

namespace {

constexpr std::string_view kHoldings =
    "SELECT id, type_id, state, sub_state AS pending, contingents, group_id FROM user_subscriptions "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND state <> 'CANCELED' ORDER BY created_at, id";
constexpr std::string_view kOne =
    "SELECT state, sub_state, contingents, version FROM user_subscriptions "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3";
// One subscription's credits as kOne reads them.
struct HeldCredits {
  std::string state;
  std::optional<std::string> sub_state;
  std::vector<Contingent> contingents;
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(HeldCredits, (), (state, sub_state, contingents, version))
void read_column(const db::Row& r, std::size_t i, std::vector<Contingent>& out, const HeldCredits*) {
  out = contingents_from_column(r.text(i));
}
static_assert(db::columns_match<HeldCredits>("state, sub_state, contingents, version"));

constexpr std::string_view kSpend =
    "UPDATE user_subscriptions SET contingents = $4, version = version + 1, updated_at = $5 "
    "WHERE tenant_id = $1 AND id = $2 AND version = $3 AND state = 'ACTIVE' AND sub_state IS NULL";

}  // namespace

const Contingent* covering(const std::vector<Contingent>& list, const std::string& content_type) {
  for (const auto& c : list)
    if (std::find(c.content_types.begin(), c.content_types.end(), content_type) != c.content_types.end()) return &c;
  return nullptr;
}

std::vector<Holding> CreditsRepository::holdings(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_rows<Holding>(db_.query(kHoldings, {tenant_id, user_uuid}));
}

CreditsRepository::Spent CreditsRepository::spend(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                                  const std::string& subscription_id, const std::string& content_type,
                                                  const std::string& at) {
  auto held = db::read_first<HeldCredits>(s.query(kOne, {tenant_id, user_uuid, subscription_id}));
  if (!held || held->state != "ACTIVE" || held->sub_state) return Spent::none_left;
  auto& list = held->contingents;
  const auto version = held->version;
  Contingent* c = const_cast<Contingent*>(covering(list, content_type));
  if (!c || c->amount == 0 || c->amount < -1) return Spent::none_left;
  if (c->amount == -1) return Spent::spent;
  --c->amount;
  return s.execute(kSpend, {tenant_id, subscription_id, version, contingents_column(list), at}) == 1 ? Spent::spent
                                                                                             : Spent::raced;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Holding, kHoldings);
PORTAL_ROW_READS(HeldCredits, kOne);
}  // namespace portal::subscriptions
