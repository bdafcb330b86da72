#include "domains/catalog/catalog_admin_routes.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <charconv>

#include "core/languages.hpp"
#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/catalog/catalog_admin_answers.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/params.hpp"
#include "http/schema.hpp"

namespace portal::catalog {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

http::ErrorException bad(std::string field, std::string reason) {
  return http::ErrorException(http::Error::invalid_field(std::move(field), std::move(reason)));
}

std::int64_t whole_number(const std::optional<std::string>& text, std::string_view name, std::int64_t fallback,
                          std::int64_t min, std::int64_t max) {
  if (!text || text->empty()) return fallback;
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
  if (ec != std::errc() || end != text->data() + text->size() || n < min || n > max)
    throw bad(std::string(name), "must be a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  return n;
}

// The console's language for titles: lang when it is one of the six, else English.
std::string lang_of(const http::RequestContext& ctx) {
  const std::string lang = ctx.query("lang").value_or("en");
  return std::find(core::kLanguages.begin(), core::kLanguages.end(), lang) != core::kLanguages.end() ? lang : "en";
}

admin::Filter filter_of(const http::RequestContext& ctx) {
  admin::Filter f;
  f.lang = lang_of(ctx);
  f.q = ctx.query("q").value_or("");
  if (f.q.size() > 200) throw bad("q", "must be at most 200 characters");
  f.type = ctx.query("type").value_or("");
  f.section = ctx.query("section").value_or("");
  if (auto r = ctx.query("rating"); r && !r->empty()) f.rating = static_cast<int>(whole_number(r, "rating", 0, 0, 1000));
  if (auto s = ctx.query("availability"); s && !s->empty()) {
    if (*s == "published") f.state = admin::State::published;
    else if (*s == "unpublished") f.state = admin::State::unpublished;
    else if (*s == "scheduled") f.state = admin::State::scheduled;
    else if (*s == "expired") f.state = admin::State::expired;
    else throw bad("availability", "must be published, unpublished, scheduled or expired");
  }
  f.licensor = ctx.query("licensor").value_or("");
  if (auto m = ctx.query("hasMedia"); m && !m->empty()) {
    if (*m != "true" && *m != "false") throw bad("hasMedia", "must be true or false");
    f.has_media = *m == "true";
  }
  f.price_model = ctx.query("priceModel").value_or("");
  f.sort = ctx.query("sort").value_or("id");
  if (f.sort != "id" && f.sort != "title" && f.sort != "updated" && f.sort != "type")
    throw bad("sort", "must be id, title, updated or type");
  const auto order = ctx.query("order").value_or("asc");
  if (order != "asc" && order != "desc") throw bad("order", "must be asc or desc");
  f.descending = order == "desc";
  f.offset = whole_number(ctx.query("offset"), "offset", 0, 0, 1'000'000'000);
  f.limit = whole_number(ctx.query("limit"), "limit", 25, 1, 100);
  return f;
}

json::object body_object(const http::RequestContext& ctx) {
  json::value body = http::parse_json_value(ctx.req);
  if (!body.is_object()) throw bad("body", "must be a JSON object");
  return std::move(body.as_object());
}

// The version a write names: the one read (1 or more).
std::int64_t version_read(std::int64_t version) {
  if (version < 1) throw bad("version", "must be the version read (a whole number)");
  return version;
}

// The audit entry of one write: who, the call, and the article (or file) before and after.
audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const admin::Change& change) {
  auto e = audit::staff_entry(ctx, tenant_id, change.action, change.object_id == "import" ? "catalog" : "article",
                              change.object_id);
  e.before = change.before;
  e.after = change.after;
  return e;
}

}  // namespace

admin::Filter list_filter(const http::RequestContext& ctx) { return filter_of(ctx); }

std::vector<http::Route> catalog_admin_routes(const AdminRouteDeps& deps) {
  auto list = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto filter = filter_of(ctx);
    auto page = co_await db::offload(deps.db_pool, [&] { return deps.service.list(tenant_id, filter); });
    AdminArticleRowsDto out;
    for (const auto& r : page.rows) out.entries.push_back(row_dto(r));
    out.total = page.total;
    out.offset = filter.offset;
    out.limit = filter.limit;
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto read = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto lang = lang_of(ctx);
    auto a = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.read(tenant_id, id, lang)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(article_dto(a))));
  };
  // The writes: each hands the service the audit of its change.
  auto audit_of = [](http::RequestContext& ctx, std::int64_t tenant_id) {
    return [&ctx, tenant_id](db::Session& s, const admin::Change& c) {
      audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, c));
    };
  };
  auto update = [deps, audit_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    auto body = http::read_body<AdminArticleUpdateBody>(ctx);
    const auto version = version_read(body.version);
    const json::value article = std::move(body.article.value);
    const auto lang = lang_of(ctx);
    auto a = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.update(tenant_id, id, version, article, lang, audit_of(ctx, tenant_id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(article_dto(a))));
  };
  auto create = [deps, audit_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const json::value article = http::read_body<AdminArticleCreateBody>(ctx).article.value;
    const auto lang = lang_of(ctx);
    auto a = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.create(tenant_id, article, lang, audit_of(ctx, tenant_id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(article_dto(a)), http::Status::created));
  };
  auto duplicate = [deps, audit_of](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto lang = lang_of(ctx);
    auto a = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.duplicate(tenant_id, id, lang, audit_of(ctx, tenant_id)));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(article_dto(a)), http::Status::created));
  };
  auto publish = [deps, audit_of](bool published) {
    return [deps, audit_of, published](http::RequestContext& ctx) -> Awaitable {
      const auto tenant_id = ctx.require_tenant().id;
      const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
      const auto version = version_read(http::read_body<AdminPublishBody>(ctx).version);
      const auto lang = lang_of(ctx);
      auto a = co_await db::offload(deps.db_pool, [&] {
        return value_or_throw(deps.service.set_published(tenant_id, id, version, published, lang, audit_of(ctx, tenant_id)));
      });
      co_return http::no_store(http::data_response(ctx, json::value_from(article_dto(a))));
    };
  };
  auto import = [deps, audit_of](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto currency = tenants::currency_setting(tenant);
    const json::value file = body_object(ctx);
    auto counts = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.import(tenant_id, file, currency, audit_of(ctx, tenant_id)));
    });
    co_return http::no_store(http::data_response(
        ctx, json::value_from(AdminImportDto{counts.categories, counts.articles, counts.challenges})));
  };
  auto export_file = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto file = co_await db::offload(deps.db_pool, [&] { return deps.service.export_file(tenant_id); });
    auto res = http::no_store(http::data_response(ctx, file));
    res.set(field::content_disposition, "attachment; filename=\"catalog-" + ctx.require_tenant().name + ".json\"");
    co_return res;
  };

  using http::Access;
  using http::schema_of;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::editor);
  };
  const std::vector<http::ApiQuery> lang_query{{"lang", "Language of the titles: en, ar, fr, de, es or ro (else en)"}};
  const std::vector<http::ApiQuery> list_query{
      {"q", "An article id, or part of a title in any language (at most 200 characters)"},
      {"type", "Only this content type"},
      {"section", "Only this section"},
      {"rating", "Only this age rating (0-1000)", "integer"},
      {"availability", "published, unpublished, scheduled or expired"},
      {"licensor", "Only this licensorName"},
      {"hasMedia", "true: only articles with media; false: only without", "boolean"},
      {"priceModel", "Only articles with a price of this businessModel"},
      {"sort", "id, title, updated or type"},
      {"order", "asc or desc"},
      {"offset", "Rows to skip", "integer"},
      {"limit", "Rows to answer: 1-100 (25)", "integer"},
      {"lang", "Language of the titles: en, ar, fr, de, es or ro (else en)"}};
  const std::vector<std::string> write_errors{"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND",
                                              "409 ARTICLE_VERSION_CONFLICT"};
  auto routes = http::with_docs(
      // The list opens to finance too, who changes prices in bulk from it (issue 78 item 3); the rest is editors'.
      {http::staff_route(Verb::get, "/backend/admin/catalog/articles", list, StaffRole::prices),
       staff(Verb::post, "/backend/admin/catalog/articles", create),
       staff(Verb::get, "/backend/admin/catalog/articles/{id}", read),
       staff(Verb::put, "/backend/admin/catalog/articles/{id}", update),
       staff(Verb::post, "/backend/admin/catalog/articles/{id}/duplicate", duplicate),
       staff(Verb::post, "/backend/admin/catalog/articles/{id}/publish", publish(true)),
       staff(Verb::post, "/backend/admin/catalog/articles/{id}/unpublish", publish(false)),
       staff(Verb::post, "/backend/admin/catalog/import", import),
       staff(Verb::get, "/backend/admin/catalog/export", export_file)},
      {{"GET /backend/admin/catalog/articles",
        {"The tenant's articles of every content type and state, filtered, sorted and paged: small rows",
         "catalog-admin", {}, schema_of<AdminArticleRowsDto>, {"400 VALIDATION_ERROR"}, list_query}},
       {"POST /backend/admin/catalog/articles",
        {"Create an article (the catalog file's article object, validated as the import does; without an id it gets "
         "the next free one). In the audit log",
         "catalog-admin", schema_of<AdminArticleCreateBody>, schema_of<AdminArticleDto>,
         {"400 VALIDATION_ERROR", "409 ARTICLE_EXISTS"}, lang_query}},
       {"GET /backend/admin/catalog/articles/{id}",
        {"One article whole: the catalog file's article object, its version and state, its parent and children",
         "catalog-admin", {}, schema_of<AdminArticleDto>, {"404 ARTICLE_NOT_FOUND"}, lang_query}},
       {"PUT /backend/admin/catalog/articles/{id}",
        {"Replace an article, based on the version read; every field error is listed. Lists, pages and search of "
         "every instance follow within two seconds; in the audit log with the article before and after",
         "catalog-admin", schema_of<AdminArticleUpdateBody>, schema_of<AdminArticleDto>, write_errors, lang_query}},
       {"POST /backend/admin/catalog/articles/{id}/duplicate",
        {"A copy of the article under the next free id, unpublished. In the audit log", "catalog-admin", {},
         schema_of<AdminArticleDto>, {"404 ARTICLE_NOT_FOUND"}, lang_query, true}},
       {"POST /backend/admin/catalog/articles/{id}/publish",
        {"Publish the article (based on the version read). In the audit log", "catalog-admin",
         schema_of<AdminPublishBody>, schema_of<AdminArticleDto>, write_errors, lang_query}},
       {"POST /backend/admin/catalog/articles/{id}/unpublish",
        {"Unpublish the article: it leaves the storefront's lists and search and its page answers not found. In the "
         "audit log",
         "catalog-admin", schema_of<AdminPublishBody>, schema_of<AdminArticleDto>, write_errors, lang_query}},
       {"POST /backend/admin/catalog/import",
        {"Import a catalog file (the format and validator of `portal import-catalog`; prices in other currencies "
         "than the tenant's are dropped). Every article's field errors are listed and nothing is written unless "
         "all are valid; one transaction. In the audit log",
         "catalog-admin", schema_of<json::object>, schema_of<AdminImportDto>, {"400 VALIDATION_ERROR"}}},
       {"GET /backend/admin/catalog/export",
        {"The tenant's catalog as a catalog file (categories, articles, challenges): importing it changes nothing",
         "catalog-admin", {}, schema_of<json::object>, {}}}});
  return http::with_error_data(std::move(routes),
                               {http::error_data<ArticleFieldErrorsData>("VALIDATION_ERROR", "ArticleFieldErrorsData"),
                                http::error_data<VersionConflictData>("ARTICLE_VERSION_CONFLICT", "VersionConflictData")});
}

}  // namespace portal::catalog
