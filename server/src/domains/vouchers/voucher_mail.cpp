// Codes of paid orders (issued once, then mailed), and resending them.
#include "domains/vouchers/vouchers_service.hpp"

#include <map>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/subscriptions/subscription_rules.hpp"
#include "domains/vouchers/voucher_codes.hpp"
#include "domains/vouchers/vouchers_service_detail.hpp"

namespace portal::vouchers {
using namespace detail;  // NOLINT: the private helpers of this class's sources
using std::chrono::seconds;

namespace {

// Voucher mail texts, per language (the hosted bundles belong to the client).
struct MailText {
  std::string_view subject, intro, outro;
};
const MailText& mail_text(std::string_view lang) {
  static const std::map<std::string_view, MailText> texts = {
      {"en", {"Your voucher codes", "Here are your voucher codes. Each can be redeemed once:",
              "Redeem a code in your account under \"Redeem a code\"."}},
      {"ar", {"رموز القسائم الخاصة بك", "إليك رموز القسائم. يمكن استخدام كل رمز مرة واحدة:",
              "استخدم الرمز في حسابك من خلال \"استخدام رمز\"."}},
      {"fr", {"Vos codes de bon", "Voici vos codes de bon. Chacun s'utilise une seule fois :",
              "Utilisez un code dans votre compte, rubrique « Utiliser un code »."}},
      {"de", {"Ihre Gutscheincodes", "Hier sind Ihre Gutscheincodes. Jeder kann einmal eingelöst werden:",
              "Lösen Sie einen Code in Ihrem Konto unter „Code einlösen“ ein."}},
      {"es", {"Tus códigos de cupón", "Aquí tienes tus códigos de cupón. Cada uno se canjea una sola vez:",
              "Canjea un código en tu cuenta, en «Canjear un código»."}},
      {"ro", {"Codurile tale de voucher", "Iată codurile tale de voucher. Fiecare poate fi folosit o singură dată:",
              "Folosește un cod în contul tău, la „Folosește un cod”."}},
  };
  auto it = texts.find(lang);
  return it == texts.end() ? texts.at("en") : it->second;
}

}  // namespace

// ---------------------------------------------------------------- fulfilment

std::int64_t VouchersService::fulfil(const Order& order) {
  if (order.status != "PAID" || order.fulfilled_at) return 0;
  const auto now = d_.clock.now();
  const std::string at = db::utc_timestamp(now);
  std::vector<NewCode> codes;
  std::vector<std::pair<std::string, std::string>> mail;  // {code, product title}
  for (const auto& item : order.items) {
    auto p = product(order.tenant_id, item.product_id);
    if (!p) {
      core::log_json(spdlog::level::err, "paid voucher product no longer sold; no codes issued",
                     {{"order", order.id}, {"product", item.product_id}});
      continue;
    }
    const std::string title = text_in(p->title, order.lang);
    for (std::int64_t n = 0; n < item.quantity; ++n)
      for (const auto& g : p->grants) {
        const std::string code = new_code();
        NewCode c;
        c.id = core::new_uuid();
        c.code_hash = code_hash(d_.key, plain(code));
        c.subscription_type_id = g.subscription_type_id;
        c.product_id = p->id;
        c.order_id = order.id;
        c.owner_uuid = order.user_uuid;
        c.hint = code.substr(code.size() - 4);
        c.valid_until = core::utc_text(subscriptions::add_cycle(now, {g.validity_months, 'M'}));
        c.periods = g.periods;  // what was paid for, whatever the plan costs later
        codes.push_back(std::move(c));
        mail.emplace_back(code, title);
      }
  }
  bool claimed = false;
  d_.repository.database().transaction([&](db::Session& s) {
    claimed = false;  // a retried transaction (db::TransientError) claims again
    if (!d_.repository.claim_fulfilment(s, order.tenant_id, order.id, at)) return;
    claimed = true;
    for (const auto& c : codes) d_.repository.insert_code(s, order.tenant_id, c, at);
  });
  if (!claimed) return 0;
  mail_codes(order.tenant_id, order.user_uuid, order.lang, mail);
  return static_cast<std::int64_t>(codes.size());
}

int VouchersService::fulfil_due() {
  int n = 0;
  for (const auto& order : d_.repository.unfulfilled()) {
    try {
      if (fulfil(order) > 0) ++n;
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::err, "voucher fulfilment failed", {{"order", order.id}, {"error", e.what()}});
    }
  }
  return n;
}

void VouchersService::mail_codes(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang,
                                 const std::vector<std::pair<std::string, std::string>>& codes) {
  if (codes.empty()) return;
  const auto recipient = d_.recipients(tenant_id, user_uuid);
  if (!recipient || recipient->empty()) {
    core::log_json(spdlog::level::warn, "voucher codes without a recipient", {{"user", user_uuid}});
    return;
  }
  const auto& t = mail_text(lang);
  std::string body = std::string(t.intro) + "\n\n";
  for (const auto& [code, title] : codes) body += title + ": " + code + "\n";
  body += "\n" + std::string(t.outro) + "\n";
  d_.mailer.send(tenant_id, {*recipient, std::string(t.subject), body});
}

// ---------------------------------------------------------------- resend

Result<VoucherOrderDto> VouchersService::resend(std::int64_t tenant_id, const Caller& caller,
                                                      std::int64_t product_id, const std::string& lang) {
  const auto now = d_.clock.now();
  const std::string at = db::utc_timestamp(now);
  const auto [count, oldest] =
      d_.repository.attempts_since(tenant_id, "resend", caller.uuid, db::utc_timestamp(now - seconds(3600)));
  if (count >= d_.limits.resends_per_user) {
    const auto first = core::required_utc<Error>(oldest, "voucher_attempts.at");
    if (!first) return first.error();
    const auto wait =
        std::max<std::int64_t>(1, std::chrono::duration_cast<seconds>(*first + seconds(3600) - now).count() + 1);
    Error e = Error::of(ErrorCode::too_many_resends, "Too many resends; try again in " + std::to_string(wait) + " seconds");
    e.retry_after = wait;
    return e;
  }
  const auto p = product(tenant_id, product_id);
  if (!p) return not_found();
  const std::string title = text_in(p->title, lang);
  std::vector<std::pair<std::string, std::string>> mail;
  d_.repository.database().transaction([&](db::Session& s) {
    mail.clear();  // a retried transaction (db::TransientError) makes new codes; mail goes after the commit
    for (const auto& old : d_.repository.live_codes_of(s, tenant_id, caller.uuid, product_id, at)) {
      if (!d_.repository.void_code(s, tenant_id, old.id, at)) continue;
      const std::string code = new_code();
      NewCode c;
      c.id = core::new_uuid();
      c.code_hash = code_hash(d_.key, plain(code));
      c.subscription_type_id = old.subscription_type_id;
      c.product_id = old.product_id;
      c.order_id = old.order_id;
      c.owner_uuid = old.owner_uuid;
      c.hint = code.substr(code.size() - 4);
      c.valid_until = old.valid_until;
      c.periods = old.periods;
      d_.repository.insert_code(s, tenant_id, c, at);
      mail.emplace_back(code, title);
    }
  });
  if (mail.empty()) return not_found();
  d_.repository.record_attempt(tenant_id, "resend", caller.uuid, at);
  mail_codes(tenant_id, caller.uuid, lang, mail);
  VoucherOrderDto dto;
  dto.voucherId = product_id;
  dto.codes = static_cast<std::int64_t>(mail.size());
  dto.price = {0, p->price.currency};
  dto.mailedTo = masked(d_.recipients(tenant_id, caller.uuid).value_or(""));
  return dto;
}

Result<VouchersService::Resent> VouchersService::resend_order(std::int64_t tenant_id, const std::string& user_uuid,
                                                              const std::string& order_id, const Record& record) {
  const std::string at = db::utc_timestamp(d_.clock.now());
  // The order and its products' titles first: no second pooled connection inside the transaction.
  const auto order = d_.repository.order(tenant_id, order_id);
  if (!order || order->user_uuid != user_uuid) return Error::of(ErrorCode::order_not_found, "No such voucher order");
  const std::string lang = order->lang.empty() ? "en" : order->lang;
  std::map<std::int64_t, std::string> titles;
  for (const auto& item : order->items) {
    const auto p = product(tenant_id, item.product_id);
    titles[item.product_id] = p ? text_in(p->title, lang) : std::to_string(item.product_id);
  }
  std::optional<Error> refused;
  std::vector<std::pair<std::string, std::string>> mail;
  d_.repository.database().transaction([&](db::Session& s) {
    mail.clear();  // a retried transaction makes new codes; mail goes after the commit
    refused.reset();
    for (const auto& [product_id, title] : titles) {
      for (const auto& old : d_.repository.live_codes_of(s, tenant_id, user_uuid, product_id, at)) {
        if (old.order_id != order_id || !d_.repository.void_code(s, tenant_id, old.id, at)) continue;
        const std::string code = new_code();
        NewCode c;
        c.id = core::new_uuid();
        c.code_hash = code_hash(d_.key, plain(code));
        c.subscription_type_id = old.subscription_type_id;
        c.product_id = old.product_id;
        c.order_id = old.order_id;
        c.owner_uuid = old.owner_uuid;
        c.hint = code.substr(code.size() - 4);
        c.valid_until = old.valid_until;
        c.periods = old.periods;
        d_.repository.insert_code(s, tenant_id, c, at);
        mail.emplace_back(code, title);
      }
    }
    if (mail.empty()) {
      refused = not_found();
      return;
    }
    if (record) record(s, static_cast<std::int64_t>(mail.size()));
  });
  if (refused) return *refused;
  mail_codes(tenant_id, user_uuid, lang, mail);
  return Resent{static_cast<std::int64_t>(mail.size()), masked(d_.recipients(tenant_id, user_uuid).value_or(""))};
}

}  // namespace portal::vouchers
