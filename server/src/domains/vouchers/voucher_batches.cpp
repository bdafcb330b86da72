// Voucher batches from the console (issue 33 item 5; docs/decisions.md
// "Voucher batches"): minting a batch of codes for a plan or a voucher
// product, listing batches and redemptions, finding one code by its text, and
// voiding a code or a whole batch. Only hashes of codes are stored, so the
// codes of a batch exist in plain text once: in mint_batch's answer.
#include <ctime>
#include <map>

#include "core/ids.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/vouchers/voucher_codes.hpp"
#include "domains/vouchers/vouchers_service.hpp"
#include "domains/vouchers/vouchers_service_detail.hpp"

namespace portal::vouchers {
using namespace detail;  // NOLINT: the private helpers of this class's sources
using Clock = std::chrono::system_clock;

namespace {

// "YYYY-MM-DD" (the start of that day, or its last second with end_of_day) or
// "YYYY-MM-DDTHH:MM:SS[.fff]Z"; nullopt for anything else or a day that does not exist.
std::optional<Clock::time_point> parse_when(const std::string& text, bool end_of_day) {
  if (auto day = core::parse_day(text)) return Clock::time_point{*day} + std::chrono::seconds(end_of_day ? 86399 : 0);
  if (!text.ends_with('Z')) return std::nullopt;  // a time names its zone
  return core::parse_utc(text);
}

constexpr auto kMaxWindow = std::chrono::days(3650);

}  // namespace

void VouchersService::name_batch(std::int64_t tenant_id, Batch& batch) {
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  if (const auto* t = plans.type(batch.subscription_type_id)) batch.type_name = t->name;
  if (batch.product_id)
    if (auto p = product(tenant_id, *batch.product_id)) batch.product_title = text_in(p->title, "en");
}

Result<Minted> VouchersService::mint_batch(std::int64_t tenant_id, const NewBatch& spec, const Actor& actor,
                                           const std::string& source, const OnChange& on_change) {
  if (spec.count < 1 || spec.count > kMaxBatchCount) return Error::invalid("count", "must be a whole number from 1 to 10000");
  if (spec.type_id && spec.product_id) return Error::invalid("productId", "give a plan (typeId) or a voucher product, not both");
  if (!spec.type_id && !spec.product_id) return Error::invalid("typeId", "give a plan (typeId) or a voucher product (productId)");
  if (spec.note.size() > kMaxNoteLength) return Error::invalid("note", "must be at most 500 characters");
  for (unsigned char ch : spec.note)
    if (ch < 0x20 && ch != '\n') return Error::invalid("note", "must not hold control characters");

  Batch batch;
  int validity_months = 0;
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  if (spec.product_id) {
    const auto p = product(tenant_id, *spec.product_id);
    if (!p) return Error::invalid("productId", "is not a voucher product of this tenant");
    if (p->grants.size() != 1) return Error::invalid("productId", "is a voucher book: mint its vouchers one by one");
    batch.product_id = p->id;
    batch.product_title = text_in(p->title, "en");
    batch.subscription_type_id = p->grants[0].subscription_type_id;
    batch.periods = p->grants[0].periods;
    validity_months = p->grants[0].validity_months;
  } else {
    const auto* plan = plans.type(*spec.type_id);
    if (!plan) return Error::invalid("typeId", "the tenant sells no such plan");
    // A retired plan is sold no more: codes for it would start subscriptions nobody can buy.
    if (plan->retired) return Error::invalid("typeId", "the plan is retired: mint codes for its successor");
    batch.subscription_type_id = *spec.type_id;
  }
  if (const auto* t = plans.type(batch.subscription_type_id)) batch.type_name = t->name;

  const auto now = d_.clock.now();
  Clock::time_point from = now;
  if (!spec.valid_from.empty()) {
    auto at = parse_when(spec.valid_from, false);
    if (!at) return Error::invalid("validFrom", "must be a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDTHH:MM:SSZ)");
    from = *at;
  }
  Clock::time_point until;
  if (!spec.valid_until.empty()) {
    auto at = parse_when(spec.valid_until, true);
    if (!at) return Error::invalid("validUntil", "must be a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDTHH:MM:SSZ)");
    until = *at;
  } else {
    until = validity_months > 0 ? from + std::chrono::days(30 * validity_months + validity_months / 2)
                                : from + std::chrono::days(365);
  }
  if (until <= from) return Error::invalid("validUntil", "must be after validFrom");
  if (until <= now) return Error::invalid("validUntil", "must be in the future");
  if (until - from > kMaxWindow) return Error::invalid("validUntil", "the window may last at most 10 years");

  const std::string at = db::utc_timestamp(now);
  batch.id = core::new_uuid();
  batch.count = spec.count;
  batch.valid_from = db::utc_timestamp(from);
  batch.valid_until = db::utc_timestamp(until);
  batch.note = spec.note;
  batch.source = source;
  batch.created_by = actor.id;
  batch.created_by_email = actor.email;
  batch.created_at = at;
  batch.minted = spec.count;
  batch.open = spec.count;

  Minted out;
  d_.repository.database().transaction([&](db::Session& s) {
    out.codes.clear();  // a retried transaction (db::TransientError) makes new codes
    d_.repository.insert_batch(s, tenant_id, batch);
    for (std::int64_t i = 0; i < spec.count; ++i) {
      const std::string code = new_code();
      NewCode c;
      c.id = core::new_uuid();
      c.code_hash = code_hash(d_.key, plain(code));
      c.subscription_type_id = batch.subscription_type_id;
      c.product_id = batch.product_id;
      c.hint = code.substr(code.size() - 4);
      c.valid_until = batch.valid_until;
      c.valid_from = batch.valid_from;
      c.periods = batch.periods;
      c.batch_id = batch.id;
      d_.repository.insert_code(s, tenant_id, c, at);
      out.codes.push_back(code);
    }
    if (on_change) {
      AdminChange change;
      change.action = "vouchers.batch.create";
      change.object_type = "voucher_batch";
      change.object_id = batch.id;
      change.batch_after = batch;
      on_change(s, change);
    }
  });
  out.batch = std::move(batch);
  return out;
}

BatchPage VouchersService::batches(std::int64_t tenant_id, const Paging& paging) {
  auto page = d_.repository.batches(tenant_id, paging, d_.clock.now_text());
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  std::map<std::int64_t, std::string> titles;
  for (auto& b : page.items) {
    if (const auto* t = plans.type(b.subscription_type_id)) b.type_name = t->name;
    if (b.product_id) {
      auto it = titles.find(*b.product_id);
      if (it == titles.end()) {
        const auto p = product(tenant_id, *b.product_id);
        it = titles.emplace(*b.product_id, p ? text_in(p->title, "en") : "").first;
      }
      b.product_title = it->second;
    }
  }
  return page;
}

Result<BatchDetail> VouchersService::batch_detail(std::int64_t tenant_id, const std::string& batch_id,
                                                  const Paging& paging) {
  auto batch = d_.repository.batch(tenant_id, batch_id, d_.clock.now_text());
  if (!batch) return Error::of(ErrorCode::batch_not_found, "No such voucher batch");
  name_batch(tenant_id, *batch);
  BatchDetail out{std::move(*batch), d_.repository.redemptions(tenant_id, batch_id, paging)};
  for (auto& r : out.redemptions.items) {
    if (r.customer_id.empty()) continue;
    auto to = d_.recipients(tenant_id, r.customer_id);
    if (to) r.customer = to->starts_with("sms:") ? to->substr(4) : *to;
  }
  return out;
}

bool is_code_state(const std::string& state) {
  for (const char* s : kCodeStates)
    if (state == s) return true;
  return false;
}

Result<CodePage> VouchersService::batch_codes(std::int64_t tenant_id, const std::string& batch_id,
                                              const std::string& state, const Paging& paging) {
  if (!state.empty() && !is_code_state(state)) return Error::invalid("state", "must be open, redeemed, voided or expired");
  const auto note = d_.repository.batch_note(tenant_id, batch_id);
  if (!note) return Error::of(ErrorCode::batch_not_found, "No such voucher batch");
  const std::string now = d_.clock.now_text();
  auto [rows, total] = d_.repository.batch_codes(tenant_id, batch_id, state, now, paging);
  CodePage out;
  out.total = total;
  out.paging = paging;
  for (const auto& r : rows) out.items.push_back(view_of(tenant_id, r, now, &note));
  return out;
}

Result<std::vector<std::string>> VouchersService::batch_code_ids(std::int64_t tenant_id, const std::string& batch_id,
                                                                 const std::string& state, std::int64_t limit) {
  if (!state.empty() && !is_code_state(state)) return Error::invalid("state", "must be open, redeemed, voided or expired");
  if (!d_.repository.batch_note(tenant_id, batch_id)) return Error::of(ErrorCode::batch_not_found, "No such voucher batch");
  return d_.repository.batch_code_ids(tenant_id, batch_id, state, d_.clock.now_text(), limit);
}

CodeView VouchersService::view_of(std::int64_t tenant_id, const CodeRecord& c, const std::string& now,
                                  const std::optional<std::string>* note) {
  CodeView v;
  v.id = c.id;
  v.hint = c.hint;
  v.state = c.redeemed_at ? "redeemed" : c.voided_at ? "voided" : c.valid_until <= now ? "expired" : "open";
  v.subscription_type_id = c.subscription_type_id;
  v.product_id = c.product_id;
  v.periods = c.periods;
  v.valid_from = c.valid_from;
  v.valid_until = c.valid_until;
  v.created_at = c.created_at;
  v.batch_id = c.batch_id;
  if (c.batch_id) v.batch_note = note ? *note : d_.repository.batch_note(tenant_id, *c.batch_id);
  v.order_id = c.order_id;
  v.redeemed_at = c.redeemed_at;
  if (c.redeemed_at && c.redeemed_by) {
    v.customer_id = c.redeemed_by;
    if (auto to = d_.recipients(tenant_id, *c.redeemed_by)) v.customer = to->starts_with("sms:") ? to->substr(4) : *to;
  }
  v.subscription_id = c.subscription_id;
  v.voided_at = c.voided_at;
  v.voided_by = c.voided_by;
  return v;
}

Result<CodeView> VouchersService::find_code(std::int64_t tenant_id, const std::string& code) {
  if (code.empty()) return Error::invalid("code", "is required");
  const auto normalized = normalize_code(code);
  if (!normalized) return not_found();
  const auto row = d_.repository.code_by_hash(tenant_id, code_hash(d_.key, *normalized));
  if (!row) return not_found();
  return view_of(tenant_id, *row, d_.clock.now_text());
}

Result<CodeView> VouchersService::void_code(std::int64_t tenant_id, const std::string& code_id, const Actor& actor,
                                            const OnChange& on_change, Repeat repeat) {
  const std::string now = d_.clock.now_text();
  // What the audit entry says of the code is read before the transaction (no other connection is
  // asked for while it holds one): an unspent code has no redemption, only its batch's note.
  std::optional<CodeRecord> found;
  d_.repository.database().transaction([&](db::Session& s) { found = d_.repository.code_by_id(s, tenant_id, code_id); });
  if (!found) return not_found();
  const CodeView before = view_of(tenant_id, *found, now);
  std::optional<CodeRecord> after;
  d_.repository.database().transaction([&](db::Session& s) {
    after.reset();
    // Conditional: a redemption (or another void) that committed first wins, and this moves nothing.
    if (!d_.repository.void_code_by(s, tenant_id, code_id, now, actor.email)) return;
    after = d_.repository.code_by_id(s, tenant_id, code_id);
    if (on_change && after) {
      CodeView voided = before;
      voided.state = "voided";
      voided.voided_at = after->voided_at;
      voided.voided_by = after->voided_by;
      AdminChange change;
      change.action = "vouchers.code.void";
      change.object_type = "voucher_code";
      change.object_id = code_id;
      change.code_before = before;
      change.code_after = voided;
      change.voided = 1;
      on_change(s, change);
    }
  });
  if (after) return view_of(tenant_id, *after, now);
  // Nothing moved: already voided (a repeat), or redeemed (before or meanwhile).
  std::optional<CodeRecord> current;
  d_.repository.database().transaction([&](db::Session& s) { current = d_.repository.code_by_id(s, tenant_id, code_id); });
  if (!current) return not_found();
  if (current->redeemed_at) return already_redeemed();
  if (repeat == Repeat::refuse) return Error::of(ErrorCode::already_voided, "This voucher code has been voided");
  return view_of(tenant_id, *current, now);
}

Result<std::pair<Batch, std::int64_t>> VouchersService::void_batch(std::int64_t tenant_id, const std::string& batch_id,
                                                                   const Actor& actor, const OnChange& on_change) {
  const std::string now = d_.clock.now_text();
  // The plan's name and the product's title are read before the transaction.
  auto named = d_.repository.batch(tenant_id, batch_id, now);
  if (!named) return Error::of(ErrorCode::batch_not_found, "No such voucher batch");
  name_batch(tenant_id, *named);
  auto with_names = [&](Batch b) {
    b.type_name = named->type_name;
    b.product_title = named->product_title;
    return b;
  };
  std::optional<Batch> after;
  std::int64_t voided = 0;
  d_.repository.database().transaction([&](db::Session& s) {
    after.reset();
    voided = 0;
    auto before = d_.repository.batch(s, tenant_id, batch_id, now);
    if (!before) return;
    const auto [marked, codes] = d_.repository.void_batch(s, tenant_id, batch_id, now, actor.email);
    voided = codes;
    after = d_.repository.batch(s, tenant_id, batch_id, now);
    if (after) after = with_names(*after);
    if (on_change && after && (marked || codes > 0)) {
      AdminChange change;
      change.action = "vouchers.batch.void";
      change.object_type = "voucher_batch";
      change.object_id = batch_id;
      change.batch_before = with_names(*before);
      change.batch_after = after;
      change.voided = codes;
      on_change(s, change);
    }
  });
  if (!after) return Error::of(ErrorCode::batch_not_found, "No such voucher batch");
  return std::pair<Batch, std::int64_t>{std::move(*after), voided};
}

Choices VouchersService::choices(std::int64_t tenant_id, const std::string& lang) {
  Choices out;
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  for (const auto& t : plans.types)
    if (!t.retired) out.plans.push_back({t.id, t.name, t.billing_cycle});  // a retired plan is minted no more
  if (d_.voucher_products) {
    for (const auto id : d_.voucher_products(tenant_id)) {
      const auto p = product(tenant_id, id);
      if (!p || p->grants.size() != 1) continue;  // a book is minted voucher by voucher
      out.products.push_back(
          {p->id, text_in(p->title, lang), p->grants[0].subscription_type_id, p->grants[0].periods,
           p->grants[0].validity_months});
    }
  }
  return out;
}

}  // namespace portal::vouchers
