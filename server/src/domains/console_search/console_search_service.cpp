#include "domains/console_search/console_search_service.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <charconv>

#include "domains/catalog/catalog_service.hpp"
#include "core/text.hpp"
#include "domains/customers/customers_service.hpp"
#include "domains/vouchers/voucher_codes.hpp"

namespace portal::console_search {
namespace json = boost::json;

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::customer: return "customer";
    case Kind::article: return "article";
    case Kind::plan: return "plan";
    case Kind::voucher: return "voucher";
    case Kind::payment: return "payment";
    case Kind::order: return "order";
    case Kind::staff: return "staff";
  }
  return "customer";
}

namespace {

constexpr std::string_view kMaxCodePoint = "\xF4\x8F\xBF\xBF";

std::optional<std::int64_t> whole_number(std::string_view s) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc{} || end != s.data() + s.size() || n <= 0) return std::nullopt;
  return n;
}

// A name of the plans file: a string, or one per language (the member's, else English, else any).
std::string name_in(const json::value* name, const std::string& lang) {
  if (!name) return "";
  if (const auto* s = name->if_string()) return std::string(*s);
  if (const auto* o = name->if_object()) {
    if (const auto* v = o->if_contains(lang); v && v->is_string()) return std::string(v->as_string());
    if (const auto* v = o->if_contains("en"); v && v->is_string()) return std::string(v->as_string());
    for (const auto& [k, v] : *o)
      if (v.is_string()) return std::string(v.as_string());
  }
  return "";
}

// Whether `folded` (lower case) occurs in any language's name of the plan.
bool name_matches(const json::value* name, const std::string& folded) {
  if (!name) return false;
  auto has = [&](const json::value& v) { return v.is_string() && core::lower(v.as_string()).find(folded) != std::string::npos; };
  if (name->is_string()) return has(*name);
  if (const auto* o = name->if_object())
    for (const auto& [k, v] : *o)
      if (has(v)) return true;
  return false;
}

}  // namespace

Result<std::vector<Hit>> ConsoleSearchService::search(const Query& query) {
  const std::string q(core::trim(query.q));
  if (q.empty()) return Error::invalid("q", "required");
  if (q.size() > kMaxQuery) return Error::invalid("q", "at most 200 characters");
  const std::string folded = core::lower(q);
  const auto number = whole_number(q);
  const auto& allowed = query.allowed;
  const auto tenant = query.tenant_id;
  auto& repo = d_.repository;
  std::vector<Hit> hits;

  if (allowed.customers) {
    auto found = d_.customers.search(customers::Scope{tenant}, q);
    if (found) {
      std::size_t n = 0;
      for (const auto& m : *found) {
        if (n++ == kPerKind) break;
        std::string title = m.email.value_or(m.msisdn.value_or(m.user_id));
        std::string detail = m.name;
        if (m.email && m.msisdn) detail = detail.empty() ? *m.msisdn : detail + " · " + *m.msisdn;
        hits.push_back({.kind = Kind::customer, .id = m.uuid, .title = std::move(title), .detail = std::move(detail),
                        .page = "customers", .page_id = m.uuid});
      }
    }
  }
  if (allowed.articles) {
    std::vector<std::int64_t> seen;
    if (number)
      if (auto a = repo.article(tenant, *number, query.lang)) {
        seen.push_back(a->id);
        hits.push_back({.kind = Kind::article, .id = std::to_string(a->id), .title = a->title, .detail = a->content_type,
                        .page = "catalog", .page_id = std::to_string(a->id)});
      }
    catalog::ListQuery list;
    list.limit = static_cast<std::int64_t>(kPerKind);
    list.lang = query.lang;
    list.rating = catalog::RatingRange{0, 100};
    // Words through the catalog's index, once this instance has built it at its start (until then an article is found
    // by its id above; the console does not hold a pool thread waiting for the build).
    const auto by_words = d_.catalog.search_warming(tenant) ? catalog::ViewPage{} : d_.catalog.search(tenant, q, list);
    for (const auto& entry : by_words.entries) {
      boost::system::error_code ec;
      const auto v = json::parse(entry, ec);
      const auto* o = ec ? nullptr : v.if_object();
      if (!o) continue;
      std::int64_t id = 0;
      if (const auto* i = o->if_contains("id")) {
        if (i->is_int64()) id = i->as_int64();
        else if (i->is_string()) id = whole_number(std::string(i->as_string())).value_or(0);
      }
      if (id == 0 || std::find(seen.begin(), seen.end(), id) != seen.end() || seen.size() == kPerKind) continue;
      seen.push_back(id);
      std::string title;
      if (const auto* t = o->if_contains("title"); t && t->is_string()) title = std::string(t->as_string());
      std::string type;
      if (const auto* t = o->if_contains("contentType"); t && t->is_string()) type = std::string(t->as_string());
      hits.push_back({.kind = Kind::article, .id = std::to_string(id), .title = std::move(title), .detail = std::move(type),
                      .page = "catalog", .page_id = std::to_string(id)});
    }
  }
  if (allowed.plans) {
    std::size_t n = 0;
    for (const auto& p : repo.plans(tenant)) {
      if (n == kPerKind) break;
      boost::system::error_code ec;
      const auto doc = json::parse(p.definition, ec);
      const auto* o = ec ? nullptr : doc.if_object();
      const json::value* name = o ? o->if_contains("name") : nullptr;
      if (!(number && *number == p.id) && !name_matches(name, folded)) continue;
      ++n;
      hits.push_back({.kind = Kind::plan, .id = std::to_string(p.id), .title = name_in(name, query.lang), .page = "plans",
                      .page_id = std::to_string(p.id)});
    }
  }
  if (allowed.vouchers) {
    if (auto b = repo.batch(tenant, q))
      hits.push_back({.kind = Kind::voucher, .id = b->id, .title = b->note.empty() ? b->id : b->note, .page = "vouchers",
                      .page_id = b->id, .count = b->code_count});
    if (const auto code = vouchers::normalize_code(q))
      if (auto c = repo.code(tenant, vouchers::code_hash(d_.voucher_key, *code))) {
        // A batch's code opens its batch; a bought one its buyer (the customers page, for whoever may open it).
        if (c->batch_id)
          hits.push_back({.kind = Kind::voucher, .id = c->id, .title = *code, .detail = c->hint, .page = "vouchers",
                          .page_id = *c->batch_id});
        else if (c->owner_uuid && allowed.customers)
          hits.push_back({.kind = Kind::voucher, .id = c->id, .title = *code, .detail = c->hint, .page = "customers",
                          .page_id = *c->owner_uuid});
      }
  }
  if (allowed.payments) {
    if (auto p = repo.payment(tenant, q))
      hits.push_back({.kind = Kind::payment, .id = p->id, .title = p->id, .page = "customers", .page_id = p->user_uuid,
                      .amount = p->amount, .currency = p->currency, .status = p->status});
    if (auto o = repo.order(tenant, q))
      hits.push_back({.kind = Kind::order, .id = o->id, .title = o->id, .page = "customers", .page_id = o->user_uuid,
                      .amount = o->amount, .currency = o->currency, .status = o->status});
  }
  if (allowed.staff && folded.size() >= kMinPrefix && folded.find(' ') == std::string::npos)
    for (const auto& s : repo.staff(tenant, folded, folded + std::string(kMaxCodePoint)))
      hits.push_back({.kind = Kind::staff, .id = s.id, .title = s.email, .detail = s.role, .page = "staff", .page_id = s.id});
  return hits;
}

}  // namespace portal::console_search
