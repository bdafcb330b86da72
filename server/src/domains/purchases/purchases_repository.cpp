#include "domains/purchases/purchases_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/purchases/purchases_sql.hpp"

namespace portal::purchases {

BOOST_DESCRIBE_STRUCT(PurchaseOption, (), (uuid, purchase_id, tenant_id, code, provider, flow))
static_assert(db::columns_match<PurchaseOption>(PORTAL_PURCHASE_OPTION_COLUMNS));

BOOST_DESCRIBE_STRUCT(Purchase, (), (id, tenant_id, user_uuid, article_id, content_type, amount, status, redirect,
                                     lang, pin_token, created_at))
static_assert(db::columns_match<Purchase>(PORTAL_PURCHASE_COLUMNS));

namespace {

// Thrown inside a transaction to roll it back without an error.
struct Rollback {
  PurchasesRepository::Consumed outcome;
};
struct Retry {};

}  // namespace

PurchasesRepository::Consumed PurchasesRepository::consume_credit(std::int64_t tenant_id, const std::string& user_uuid,
                                                                  const std::string& subscription_id,
                                                                  const ArticleFacts& article,
                                                                  const std::vector<wallet::NewItem>& items,
                                                                  const std::string& at) {
  for (int attempt = 0;; ++attempt) {
    try {
      db_.transaction([&](db::Session& s) {
        // The wallet row first: a twin that already added it spent the credit.
        const auto added = wallet_.add(s, tenant_id, user_uuid, items, wallet::Source::credit, subscription_id, at);
        if (added == 0) throw Rollback{Consumed::already_owned};
        switch (credits_.spend(s, tenant_id, user_uuid, subscription_id, article.content_type, at)) {
          case subscriptions::CreditsRepository::Spent::spent: return;
          case subscriptions::CreditsRepository::Spent::none_left: throw Rollback{Consumed::none_left};
          case subscriptions::CreditsRepository::Spent::raced: throw Retry{};
        }
      });
      return Consumed::consumed;
    } catch (const Rollback& r) {
      return r.outcome;
    } catch (const Retry&) {
      if (attempt >= 20) throw db::Error("a subscription kept changing while a credit was spent");
    } catch (const db::ConstraintError&) {
      // A twin inserted the same wallet row between our insert and commit (PostgreSQL).
      return Consumed::already_owned;
    }
  }
}

void PurchasesRepository::create(const Purchase& p) {
  db_.execute(sql::kInsert, {p.id, p.tenant_id, p.user_uuid, p.article_id, p.content_type, p.amount.amount,
                             p.amount.currency, p.lang, p.created_at});
}

PurchasesRepository::Granted PurchasesRepository::grant_paid(const Purchase& p, std::int64_t collection_id,
                                                             const std::vector<wallet::NewItem>& items,
                                                             const std::function<void(db::Session&)>& record) {
  bool owned = false;
  try {
    db_.transaction([&](db::Session& s) {
      owned = wallet_.owns(s, p.tenant_id, p.user_uuid, p.article_id, collection_id);
      if (owned) return;
      s.execute(sql::kInsertPaid, {p.id, p.tenant_id, p.user_uuid, p.article_id, p.content_type, p.amount.amount,
                                   p.amount.currency, p.lang, p.created_at});
      wallet_.add(s, p.tenant_id, p.user_uuid, items, wallet::Source::purchase, p.id, p.created_at);
      if (record) record(s);
    });
  } catch (const db::ConstraintError&) {
    owned = true;  // a purchase of it is paid or pending already
  }
  return owned ? Granted::already_owned : Granted::granted;
}

std::optional<Purchase> PurchasesRepository::purchase(db::Session& s, const std::string& id) {
  return db::read_first<Purchase>(s.query(sql::kById, {id}));
}

void PurchasesRepository::insert_past(db::Session& s, const Purchase& p, const std::string& updated_at) {
  s.execute(sql::kInsertPast, {p.id, p.tenant_id, p.user_uuid, p.article_id, p.content_type, p.amount.amount,
                               p.amount.currency, p.status, p.redirect ? db::Value(*p.redirect) : db::Value(nullptr),
                               p.lang, p.created_at, updated_at});
}

std::optional<Purchase> PurchasesRepository::purchase(const std::string& id) {
  return db::read_first<Purchase>(db_.query(sql::kById, {id}));
}

std::optional<Purchase> PurchasesRepository::open_for(std::int64_t tenant_id, const std::string& user_uuid,
                                                      std::int64_t article_id, const Money& price) {
  return db::read_first<Purchase>(
      db_.query(sql::kOpenFor, {tenant_id, user_uuid, article_id, price.amount, price.currency}));
}

bool PurchasesRepository::set_return(std::int64_t tenant_id, const std::string& id, const std::string& redirect,
                                     const std::string& lang, const std::string& at) {
  return db_.execute(sql::kSetReturn, {tenant_id, id, redirect, lang, at}) == 1;
}

bool PurchasesRepository::set_pin_token(std::int64_t tenant_id, const std::string& id, const std::string& token,
                                        const std::string& at) {
  return db_.execute(sql::kSetPinToken, {tenant_id, id, token, at}) == 1;
}

bool PurchasesRepository::move(db::Session& s, std::int64_t tenant_id, const std::string& id, std::string_view from,
                               std::string_view to, const std::string& at) {
  return s.execute(sql::kMove, {tenant_id, id, std::string(from), std::string(to), at}) == 1;
}

bool PurchasesRepository::move(std::int64_t tenant_id, const std::string& id, std::string_view from,
                               std::string_view to, const std::string& at) {
  try {
    return db_.execute(sql::kMove, {tenant_id, id, std::string(from), std::string(to), at}) == 1;
  } catch (const db::ConstraintError&) {
    return false;
  }
}

void PurchasesRepository::add_options(const std::vector<PurchaseOption>& options) {
  db_.transaction([&](db::Session& s) {
    for (const auto& o : options) s.execute(sql::kInsertOption, {o.uuid, o.purchase_id, o.tenant_id, o.code, o.provider, o.flow});
  });
}

std::vector<PurchaseOption> PurchasesRepository::options_of(const std::string& purchase_id) {
  return db::read_rows<PurchaseOption>(db_.query(sql::kOptionsOf, {purchase_id}));
}

std::optional<PurchaseOption> PurchasesRepository::option(const std::string& uuid) {
  return db::read_first<PurchaseOption>(db_.query(sql::kOption, {uuid}));
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Purchase, sql::kById);
PORTAL_ROW_READS(Purchase, sql::kOpenFor);
PORTAL_ROW_READS(PurchaseOption, sql::kOptionsOf);
PORTAL_ROW_READS(PurchaseOption, sql::kOption);
}  // namespace portal::purchases
