#include "domains/bulk/bulk_articles.hpp"
#include "domains/bulk/bulk_plans.hpp"
#include "domains/bulk/bulk_customers.hpp"
#include "domains/bulk/bulk_vouchers.hpp"

#include <boost/json.hpp>
#include <algorithm>
#include <cmath>

#include "domains/audit/audit_repository.hpp"
#include "domains/bulk/bulk_audit.hpp"
#include "domains/catalog/catalog_admin_answers.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/identity/identity_answers.hpp"
#include "domains/subscriptions/plans_admin_answers.hpp"
#include "domains/vouchers/voucher_batches_dto.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "http/params.hpp"

namespace portal::bulk {
namespace json = boost::json;
using catalog::ArticleDocument;
using catalog::admin::AdminService;
using catalog::admin::FieldError;
using catalog::admin::Row;

std::int64_t price_by_percent(std::int64_t amount, double percent) {
  // In hundredths of a percent, as integers: 10000 + basis points over 10000.
  const auto bp = static_cast<std::int64_t>(std::llround(percent * 100));
  const std::int64_t scaled = amount * (10000 + bp);
  const std::int64_t out = scaled >= 0 ? (scaled + 5000) / 10000 : -((-scaled + 5000) / 10000);
  return std::max<std::int64_t>(0, out);
}

namespace {

std::string text_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// One article's row: the change through the console's write, its audit entry and the row's commit together.
RowOutcome change(AdminService& service, const Job& job, const std::string& target, const std::string& action,
                  const AdminService::Edit& edit, const Commit& commit) {
  const auto id = http::parse_id(target);
  if (!id) return RowOutcome::refused("ARTICLE_NOT_FOUND", "Article " + target + " not found");
  auto written = service.change(job.tenant_id, *id, action, edit, [&](db::Session& s, const catalog::admin::Change& c) {
    auto entry = row_entry(job, c.action, "article", c.object_id);
    entry.before = c.before;
    entry.after = c.after;
    audit::AuditRepository::append(s, entry);
    commit(s);
  });
  if (written) return RowOutcome::ok();
  const auto e = catalog::http_error(written.error());
  return RowOutcome::refused(e.code, e.message);
}

std::optional<FieldError> same_section(const json::object& params, const Row& row) {
  const auto section = text_of(params, "categorySection");
  if (section == row.section) return std::nullopt;
  return FieldError{row.id, std::string(catalog::member_name<&ArticleDocument::categoryIds>()),
                    "category " + text_of(params, "category") + " is of the section " + section + ", the article of " +
                        row.section};
}

// The article's categories as the document types them (none when absent).
std::vector<std::string> categories_of(const json::object& doc) {
  return catalog::stored_member<&ArticleDocument::categoryIds>(doc).value_or(std::vector<std::string>{});
}

// The prices of the job's business model, each changed by `to`; refused when the article has none of that model.
std::optional<FieldError> reprice(json::object& doc, const Row& row, const std::string& model,
                                  const std::function<std::int64_t(std::int64_t)>& to) {
  auto prices = catalog::stored_member<&ArticleDocument::prices>(doc);
  int changed = 0;
  if (prices)
    for (auto& p : *prices)
      if (p.businessModel == model) p.amount = to(p.amount), ++changed;
  if (changed == 0)
    return FieldError{row.id, std::string(catalog::member_name<&ArticleDocument::prices>()),
                      "has no price of the business model " + model};
  catalog::store_member<&ArticleDocument::prices>(doc, std::move(prices));
  return std::nullopt;
}

}  // namespace

Kind articles_kind(AdminService& service) {
  Kind kind;
  auto publish = [&service](bool published) {
    return [&service, published](const Job& job, const json::object&, const std::string& target, const Commit& commit) {
      return change(service, job, target, published ? "catalog.publish" : "catalog.unpublish",
                    [published](json::object& doc, const Row&) -> std::optional<FieldError> {
                      // Published is the default: the key goes and the file stays as it was.
                      catalog::store_member<&ArticleDocument::published>(doc, published ? std::nullopt
                                                                                         : std::optional<bool>(false));
                      return std::nullopt;
                    },
                    commit);
    };
  };
  kind["publish"] = publish(true);
  kind["unpublish"] = publish(false);
  kind["tag"] = [&service](const Job& job, const json::object& params, const std::string& target, const Commit& commit) {
    return change(service, job, target, "catalog.tag",
                  [&params](json::object& doc, const Row& row) -> std::optional<FieldError> {
                    if (auto refused = same_section(params, row)) return refused;
                    auto list = categories_of(doc);
                    const auto category = text_of(params, "category");
                    if (std::find(list.begin(), list.end(), category) != list.end()) return std::nullopt;
                    list.push_back(category);
                    catalog::store_member<&ArticleDocument::categoryIds>(doc, std::move(list));
                    return std::nullopt;
                  },
                  commit);
  };
  kind["move"] = [&service](const Job& job, const json::object& params, const std::string& target, const Commit& commit) {
    return change(service, job, target, "catalog.move",
                  [&params](json::object& doc, const Row& row) -> std::optional<FieldError> {
                    if (auto refused = same_section(params, row)) return refused;
                    catalog::store_member<&ArticleDocument::categoryIds>(
                        doc, std::vector<std::string>{text_of(params, "category")});
                    return std::nullopt;
                  },
                  commit);
  };
  kind["pricePercent"] = [&service](const Job& job, const json::object& params, const std::string& target,
                                    const Commit& commit) {
    const double percent = params.contains("percent") ? params.at("percent").to_number<double>() : 0.0;
    return change(service, job, target, "catalog.price",
                  [&](json::object& doc, const Row& row) {
                    return reprice(doc, row, text_of(params, "priceModel"),
                                   [percent](std::int64_t amount) { return price_by_percent(amount, percent); });
                  },
                  commit);
  };
  kind["priceAmount"] = [&service](const Job& job, const json::object& params, const std::string& target,
                                   const Commit& commit) {
    const std::int64_t to = params.contains("amount") && params.at("amount").is_int64() ? params.at("amount").as_int64() : 0;
    return change(service, job, target, "catalog.price",
                  [&](json::object& doc, const Row& row) {
                    return reprice(doc, row, text_of(params, "priceModel"), [to](std::int64_t) { return to; });
                  },
                  commit);
  };
  return kind;
}

}  // namespace portal::bulk

namespace portal::bulk {

Result<NewJob> articles_job(AdminService& service, std::int64_t tenant_id, const ArticlesRequest& r) {
  NewJob job;
  job.kind = kArticles;
  job.action = r.action;
  if (r.action == "tag" || r.action == "move") {
    if (!r.category || r.category->empty()) return Error::invalid("category", "is required for " + r.action);
    const auto section = service.category_section(tenant_id, *r.category);
    if (!section) return Error::invalid("category", "names no category of this tenant");
    job.params = {{"category", *r.category}, {"categorySection", *section}};
  } else if (r.action == "pricePercent" || r.action == "priceAmount") {
    static const std::vector<std::string> models{"SUBSCRIPTION", "PAY_PER_DOWNLOAD", "DOWNLOAD_TO_OWN_FREEMIUM"};
    if (!r.price_model || std::find(models.begin(), models.end(), *r.price_model) == models.end())
      return Error::invalid("priceModel", "must be SUBSCRIPTION, PAY_PER_DOWNLOAD or DOWNLOAD_TO_OWN_FREEMIUM");
    job.params = {{"priceModel", *r.price_model}};
    if (r.action == "pricePercent") {
      if (!r.percent || !std::isfinite(*r.percent) || *r.percent < -99.99 || *r.percent > 1000 || *r.percent == 0)
        return Error::invalid("percent", "must be a number from -99.99 to 1000, not 0");
      if (std::abs(*r.percent * 100 - std::round(*r.percent * 100)) > 1e-6)
        return Error::invalid("percent", "takes at most two decimals");
      job.params["percent"] = *r.percent;
    } else {
      if (!r.amount || *r.amount < 0 || *r.amount > 100'000'000)
        return Error::invalid("amount", "must be a whole number of minor units from 0 to 100000000 (799 for 7.99)");
      job.params["amount"] = *r.amount;
    }
  }
  if (r.ids && r.filter) return Error::invalid("ids", "give the ids or the filter, not both");
  if (r.ids) {
    std::vector<std::int64_t> seen;
    for (const auto id : *r.ids) {
      if (id <= 0) return Error::invalid("ids", "must be positive whole numbers");
      if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
      seen.push_back(id);
      job.targets.push_back(std::to_string(id));
      if (static_cast<std::int64_t>(job.targets.size()) > kMaxRows) break;
    }
  } else if (r.filter) {
    for (const auto id : service.ids(tenant_id, *r.filter)) job.targets.push_back(std::to_string(id));
  } else {
    return Error::invalid("ids", "give the ids or the filter");
  }
  return job;
}

}  // namespace portal::bulk

namespace portal::bulk {

Kind plans_kind(subscriptions::PlansAdmin& plans) {
  Kind kind;
  kind["retire"] = [&plans](const Job& job, const json::object& params, const std::string& target, const Commit& commit) {
    const auto id = http::parse_id(target);
    if (!id) return RowOutcome::refused("SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type");
    auto refusal = [](const subscriptions::PlanEditError& e) {
      const auto answer = subscriptions::http_error(e);
      return RowOutcome::refused(answer.code, answer.message);
    };
    auto read = plans.read(job.tenant_id, *id);
    if (!read) return refusal(read.error());
    subscriptions::PlanTenant tenant{job.tenant_id, text_of(params, "currency"), text_of(params, "locale")};
    subscriptions::PlansAdmin::Retirement retirement{read->type.version, std::nullopt};
    if (const auto* s = params.if_contains("successorId"); s && s->is_int64()) retirement.successor_id = s->as_int64();
    auto done = plans.retire(tenant, *id, retirement, [&](db::Session& s, const subscriptions::PlanChange& c) {
      auto entry = row_entry(job, c.action, "subscription_type", std::to_string(c.after.type.id));
      entry.before = c.before ? json::value_from(subscriptions::admin_plan_dto(*c.before)) : json::value(nullptr);
      entry.after = json::value_from(subscriptions::admin_plan_dto(c.after));
      audit::AuditRepository::append(s, entry);
      commit(s);
    });
    if (!done) return refusal(done.error());
    return RowOutcome::ok();
  };
  return kind;
}

Result<NewJob> plans_job(const PlansRequest& r) {
  NewJob job;
  job.kind = kPlans;
  job.action = r.action;
  job.params = {{"currency", r.currency}, {"locale", r.default_locale}};
  if (r.successor_id) {
    if (*r.successor_id <= 0) return Error::invalid("successorId", "must be a positive whole number");
    if (std::find(r.ids.begin(), r.ids.end(), *r.successor_id) != r.ids.end())
      return Error::invalid("successorId", "must not be one of the plans retired");
    job.params["successorId"] = *r.successor_id;
  }
  for (const auto id : r.ids) {
    if (id <= 0) return Error::invalid("ids", "must be positive whole numbers");
    const auto t = std::to_string(id);
    if (std::find(job.targets.begin(), job.targets.end(), t) == job.targets.end()) job.targets.push_back(t);
  }
  return job;
}

}  // namespace portal::bulk

namespace portal::bulk {

Kind customers_kind(identity::IdentityService& identity) {
  Kind kind;
  kind["endSessions"] = [&identity](const Job& job, const json::object& params, const std::string& uuid,
                                    const Commit& commit) {
    auto ended = identity.end_sessions(job.tenant_id, uuid, [&](db::Session& s) {
      auto entry = row_entry(job, "customers.endSessions", "customer", uuid);
      entry.after = json::object{{"reason", text_of(params, "reason")}};
      audit::AuditRepository::append(s, entry);
      commit(s);
    });
    if (ended) return RowOutcome::ok();
    const auto answer = identity::http_error(ended.error());
    return RowOutcome::refused(answer.code, answer.message);
  };
  return kind;
}

Result<NewJob> customers_job(const std::string& action, const std::vector<std::string>& uuids,
                             const std::optional<std::string>& reason) {
  NewJob job;
  job.kind = kCustomers;
  job.action = action;
  const std::string why = reason.value_or("");
  if (why.size() > 500) return Error::invalid("reason", "must be at most 500 characters");
  job.params = {{"reason", why}};
  for (const auto& uuid : uuids) {
    if (uuid.empty() || uuid.size() > 64) return Error::invalid("ids", "must be customers' ids");
    if (std::find(job.targets.begin(), job.targets.end(), uuid) == job.targets.end()) job.targets.push_back(uuid);
  }
  return job;
}

}  // namespace portal::bulk

namespace portal::bulk {

Kind vouchers_kind(vouchers::VouchersService& vouchers) {
  Kind kind;
  kind["void"] = [&vouchers](const Job& job, const json::object&, const std::string& id, const Commit& commit) {
    auto voided = vouchers.void_code(
        job.tenant_id, id, vouchers::Actor{job.actor_id, job.actor_email},
        [&](db::Session& s, const vouchers::AdminChange& c) {
          auto entry = row_entry(job, c.action, c.object_type, c.object_id);
          entry.before = c.code_before ? json::value_from(vouchers::code_dto(*c.code_before)) : json::value(nullptr);
          entry.after = c.code_after ? json::value_from(vouchers::code_dto(*c.code_after)) : json::value(nullptr);
          audit::AuditRepository::append(s, entry);
          commit(s);
        },
        vouchers::VouchersService::Repeat::refuse);
    if (voided) return RowOutcome::ok();
    const auto answer = vouchers::http_error(voided.error());
    return RowOutcome::refused(answer.code, answer.message);
  };
  return kind;
}

Result<NewJob> vouchers_job(vouchers::VouchersService& vouchers, std::int64_t tenant_id, const VouchersRequest& r) {
  NewJob job;
  job.kind = kVouchers;
  job.action = r.action;
  if (r.ids && r.batch_id) return Error::invalid("ids", "give the ids or the filter, not both");
  if (r.ids) {
    for (const auto& id : *r.ids) {
      if (id.empty() || id.size() > 64) return Error::invalid("ids", "must be voucher codes' ids");
      if (std::find(job.targets.begin(), job.targets.end(), id) == job.targets.end()) job.targets.push_back(id);
      if (static_cast<std::int64_t>(job.targets.size()) > kMaxRows) break;
    }
  } else if (r.batch_id) {
    auto ids = vouchers.batch_code_ids(tenant_id, *r.batch_id, r.state, kMaxRows + 1);
    if (!ids) {
      if (ids.error().code == vouchers::ErrorCode::batch_not_found)
        return Error::invalid("filter.batchId", "names no voucher batch of this tenant");
      return Error::invalid("filter.state", "must be open, redeemed, voided or expired");
    }
    job.targets = std::move(*ids);
  } else {
    return Error::invalid("ids", "give the ids or the filter");
  }
  return job;
}

}  // namespace portal::bulk
