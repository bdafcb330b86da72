#include "domains/catalog/catalog_file_routes.hpp"

#include <boost/json.hpp>
#include <chrono>

#include "core/log.hpp"
#include "db/blocking.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/catalog/catalog_admin_routes.hpp"
#include "domains/catalog/catalog_file_answers.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::catalog {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;
using http::value_or_throw;

http::ErrorException file_field_error(std::string field, std::string reason) {
  return http::ErrorException(http::Error::invalid_field(std::move(field), std::move(reason)));
}

file::Format format_of(const std::string& text) {
  if (text == "csv") return file::Format::csv;
  if (text == "json") return file::Format::json;
  throw file_field_error("format", "must be csv or json");
}

file::Input input_of(std::string format, std::string name, std::string text) {
  file::Input in;
  in.format = format_of(format);
  if (name.size() > 255) throw file_field_error("fileName", "must be at most 255 characters");
  in.name = name.empty() ? (in.format == file::Format::csv ? "catalog.csv" : "catalog.json") : std::move(name);
  in.text = std::move(text);
  return in;
}

// The time a dry run or apply took, in the log (issue 78 item 2: 10,000 rows in under a minute).
void log_timing(std::string_view what, const file::Input& in, std::int64_t rows, std::chrono::steady_clock::time_point began) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began).count();
  core::log_json(spdlog::level::info, "catalog file",
                 {{"step", std::string(what)}, {"format", std::string(file::format_name(in.format))}, {"rows", rows},
                  {"bytes", static_cast<std::int64_t>(in.text.size())}, {"ms", static_cast<std::int64_t>(ms)}});
}

}  // namespace

std::vector<http::Route> catalog_file_routes(const FileRouteDeps& deps) {
  auto export_file = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto format = format_of(ctx.query("format").value_or("csv"));
    const auto filter = list_filter(ctx);
    const auto currency = tenants::currency_setting(tenant);
    http::Response res{http::Status::ok, ctx.req.version()};
    if (format == file::Format::csv) {
      res.body() = co_await db::offload(deps.db_pool, [&] { return deps.service.export_csv(tenant_id, filter, currency); });
      res.set(field::content_type, "text/csv; charset=utf-8");
    } else {
      auto out = co_await db::offload(deps.db_pool, [&] { return deps.service.export_json(tenant_id, filter); });
      res.body() = json::serialize(out);
      res.set(field::content_type, "application/json");
    }
    res.set(field::content_disposition, "attachment; filename=\"catalog-" + tenant.name + "." +
                                            std::string(file::format_name(format)) + "\"");
    res.set(field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  };
  auto dry_run = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto currency = tenants::currency_setting(tenant);
    auto body = http::read_body<CatalogFileBody>(ctx);
    const auto in = input_of(std::move(body.format), std::move(body.fileName), std::move(body.file));
    const auto began = std::chrono::steady_clock::now();
    auto answer = co_await db::offload(deps.db_pool, [&] {
      auto plan = deps.service.dry_run(tenant_id, in, currency);
      log_timing("dry-run", in, plan.counts.rows, began);
      return json::value_from(dry_run_dto(plan, in.format));
    });
    co_return http::no_store(http::data_response(ctx, std::move(answer)));
  };
  auto apply = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto currency = tenants::currency_setting(tenant);
    auto body = http::read_body<CatalogApplyBody>(ctx);
    const auto in = input_of(std::move(body.format), std::move(body.fileName), std::move(body.file));
    if (body.mode != "all" && body.mode != "per-row") throw file_field_error("mode", "must be all or per-row");
    const auto mode = body.mode == "all" ? file::Mode::all : file::Mode::per_row;
    const auto began = std::chrono::steady_clock::now();
    auto applied = co_await db::offload(deps.db_pool, [&] {
      auto done = value_or_throw(deps.service.apply(tenant_id, in, mode, currency, [&](db::Session& s, const admin::Change& c) {
        auto e = audit::staff_entry(ctx, tenant_id, c.action, "catalog", c.object_id);
        e.before = c.before;
        e.after = c.after;
        audit::AuditRepository::append(s, e);
      }));
      log_timing("apply", in, done.counts.rows, began);
      return done;
    });
    CatalogAppliedDto out{applied.import_id, std::string(file::mode_name(mode)), counts_dto(applied.counts),
                          applied.written, applied.skipped, {}};
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto applied_file = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto in = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.applied_file(tenant_id, id)); });
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(field::content_type, in.format == file::Format::csv ? "text/csv; charset=utf-8" : "application/json");
    std::string name;
    for (char c : in.name) name += (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) ? '_' : c;
    res.set(field::content_disposition, "attachment; filename=\"" + name + "\"");
    res.set(field::cache_control, "no-store");
    res.body() = std::move(in.text);
    res.prepare_payload();
    co_return res;
  };

  using http::schema_of;
  using http::StaffRole;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::editor);
  };
  std::vector<http::ApiQuery> export_query{
      {"format", "csv (the default) or json (the import's format)"},
      {"q", "An article id, or part of a title in any language (at most 200 characters)"},
      {"type", "Only this content type"},
      {"section", "Only this section"},
      {"rating", "Only this age rating (0-1000)", "integer"},
      {"availability", "published, unpublished, scheduled or expired"},
      {"licensor", "Only this licensorName"},
      {"hasMedia", "true: only articles with media; false: only without", "boolean"},
      {"priceModel", "Only articles with a price of this businessModel"},
      {"sort", "id, title, updated or type"},
      {"order", "asc or desc"}};
  auto apply_route = staff(Verb::post, "/backend/admin/catalog/import/apply", apply);
  apply_route.idempotency = http::Idempotency::key;  // a retried apply answers what the first one did
  auto routes = http::with_docs(
      {staff(Verb::get, "/backend/admin/catalog/export/file", export_file),
       staff(Verb::post, "/backend/admin/catalog/import/dry-run", dry_run), apply_route,
       staff(Verb::get, "/backend/admin/catalog/imports/{id}/file", applied_file)},
      {{"GET /backend/admin/catalog/export/file",
        {"The articles the list's filter finds (all of them, in its order) as a catalog file: CSV with the documented "
         "columns (docs/catalog-file.md; prices in the tenant currency's major units) or the import's JSON (every "
         "category, the articles, their games' challenges)",
         "catalog-admin", {}, schema_of<json::object>, {"400 VALIDATION_ERROR"}, export_query, false, true,
         "text/csv"}},
       {"POST /backend/admin/catalog/import/dry-run",
        {"Read and validate a catalog file (CSV or the import's JSON) against the stored catalog, writing nothing: "
         "every row that would change (field, before, after) or has errors (by row and column), and the counts. "
         "Unchanged rows are counted, not listed",
         "catalog-admin", schema_of<CatalogFileBody>, schema_of<CatalogDryRunDto>, {"400 VALIDATION_ERROR"}}},
       {"POST /backend/admin/catalog/import/apply",
        {"Apply a catalog file: read and validated again (a dry run's answer is not trusted); mode all writes every "
         "row or none (any error: 400 with every error), per-row writes the rows without errors. One transaction, "
         "the file kept, one audit entry (catalog.import) naming the import. Idempotency-Key accepted",
         "catalog-admin", schema_of<CatalogApplyBody>, schema_of<CatalogAppliedDto>, {"400 VALIDATION_ERROR"}}},
       {"GET /backend/admin/catalog/imports/{id}/file",
        {"The file of an import as it was applied (the audit entry's object id)", "catalog-admin", {},
         schema_of<json::object>, {"404 CATALOG_IMPORT_NOT_FOUND"}, {}, false, true, "text/csv"}}});
  return http::with_error_data(std::move(routes),
                               {http::error_data<CatalogFileErrorsData>("VALIDATION_ERROR", "CatalogFileErrorsData")});
}

}  // namespace portal::catalog
