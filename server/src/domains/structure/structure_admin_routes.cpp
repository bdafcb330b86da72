#include "domains/structure/structure_admin_routes.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "db/blocking.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/structure/structure_admin_answers.hpp"
#include "domains/structure/structure_dto.hpp"
#include "domains/structure/structure_pages.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::structure {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

std::string name_of(const http::RequestContext& ctx) {
  std::string name(ctx.param("name"));
  if (name.empty() || name.size() > 128) throw http::ErrorException(http::Error::not_found("STRUCTURE_NOT_FOUND", "Structure not found"));
  return name;
}

std::optional<std::int64_t> version_query(const http::RequestContext& ctx) {
  auto v = ctx.query("version");
  if (!v) return std::nullopt;
  std::int64_t out = 0;
  auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
  if (v->empty() || ec != std::errc{} || end != v->data() + v->size() || out < 1) {
    throw http::ErrorException(http::Error::invalid_field("version", "must be a version number"));
  }
  return out;
}

// The audit entry of a save or a publish: who, the call, and the structure before and after.
audit::Entry audit_entry(const http::RequestContext& ctx, std::string action, std::int64_t tenant_id,
                         const StructureChange& change) {
  auto e = audit::staff_entry(ctx, tenant_id, std::move(action), "structure", change.after.name);
  e.before = change.before ? json::value_from(summary_dto(*change.before)) : json::value(nullptr);
  json::value after = json::value_from(summary_dto(change.after));
  after.as_object()["version"] = json::value_from(version_dto(change.version));
  e.after = std::move(after);
  return e;
}

// The header's and footer's structures the tenant's settings name (other than "header" and "footer", which are
// required anyway): they are not renamed or deleted while named.
std::vector<std::string> chrome_in_use(const tenants::Tenant& tenant) {
  const PageChrome chrome = page_chrome(tenant);
  return {chrome.header, chrome.footer};
}

}  // namespace

void record_scheduled_publish(db::Session& s, std::int64_t tenant_id, const StructureChange& change, const ScheduledPublish& scheduled) {
  audit::Entry e;
  e.at = db::utc_timestamp();
  e.tenant_id = tenant_id;
  e.actor_id = "schedule";
  e.actor_email = scheduled.by;
  e.action = "structure.publish";
  e.call = "scheduled publish at " + scheduled.at;
  e.object_type = "structure";
  e.object_id = change.after.name;
  e.before = change.before ? json::value_from(summary_dto(*change.before)) : json::value(nullptr);
  json::value after = json::value_from(summary_dto(change.after));
  after.as_object()["version"] = json::value_from(version_dto(change.version));
  e.after = std::move(after);
  audit::AuditRepository::append(s, std::move(e));
}

std::vector<http::Route> structure_admin_routes(const StructureAdminRouteDeps& deps) {
  auto list = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto all = co_await db::offload(deps.db_pool, [&] { return deps.service.list(tenant_id); });
    StructureListDto out;
    for (const auto& s : all) out.structures.push_back(summary_dto(s));
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto read = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto version = version_query(ctx);
    auto found = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.read(tenant_id, name, version)); });
    StructureDocumentDto out{summary_dto(found.first), version_dto(found.second.info), json::parse(found.second.tree)};
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto versions = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    auto found = co_await db::offload(deps.db_pool, [&] {
      auto list = value_or_throw(deps.service.versions(tenant_id, name));
      auto doc = value_or_throw(deps.service.read(tenant_id, name, std::nullopt));
      return std::pair{std::move(list), std::move(doc.first)};
    });
    StructureVersionsDto out{name, found.second.published_version, {}};
    for (const auto& v : found.first) out.versions.push_back(version_dto(v));
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto save = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto body = http::read_body<SaveDraftDto>(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.save_draft(tenant_id, name, body.tree, body.note.value_or(""), ctx.staff->email,
                                                    [&](db::Session& s, const StructureChange& c) {
                                                      audit::AuditRepository::append(s, audit_entry(ctx, "structure.save", tenant_id, c));
                                                    }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change))));
  };
  auto publish = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto body = http::read_body<PublishDto>(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.publish(tenant_id, name, body.version, ctx.staff->email,
                                                 [&](db::Session& s, const StructureChange& c) {
                                                   audit::AuditRepository::append(s, audit_entry(ctx, "structure.publish", tenant_id, c));
                                                 }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change))));
  };
  auto create = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<CreateStructureDto>(ctx);
    auto input = new_structure(body);
    if (!input) throw http::ErrorException(input.error());
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.create(tenant_id, *input, ctx.staff->email, [&](db::Session& s, const StructureChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, "structure.create", tenant_id, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change)), http::Status::created));
  };
  auto rename = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto body = http::read_body<RenameStructureDto>(ctx);
    const auto in_use = chrome_in_use(ctx.require_tenant());
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.rename(tenant_id, name, body.slug, [&](db::Session& s, const StructureChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, "structure.rename", tenant_id, c));
      }, in_use));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change))));
  };
  auto remove = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto in_use = chrome_in_use(ctx.require_tenant());
    auto removed = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.remove(tenant_id, name, [&](db::Session& s, const StructureSummary& before) {
        auto e = audit::staff_entry(ctx, tenant_id, "structure.delete", "structure", before.name);
        e.before = json::value_from(summary_dto(before));
        e.after = nullptr;
        audit::AuditRepository::append(s, std::move(e));
      }, in_use));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(summary_dto(removed))));
  };
  auto schedule = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    const auto body = http::read_body<ScheduleDto>(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.schedule(tenant_id, name, body.version, body.at, ctx.staff->email,
                                                  [&](db::Session& s, const StructureChange& c) {
                                                    audit::AuditRepository::append(s, audit_entry(ctx, "structure.schedule", tenant_id, c));
                                                  }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change))));
  };
  auto unschedule = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string name = name_of(ctx);
    auto change = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.unschedule(tenant_id, name, [&](db::Session& s, const StructureChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, "structure.unschedule", tenant_id, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(change_dto(change))));
  };
  auto preview = [deps](http::RequestContext& ctx) -> Awaitable {
    const tenants::Tenant& t = ctx.require_tenant();
    const std::string name = name_of(ctx);
    const auto body = http::read_body<PreviewDto>(ctx);
    auto request = preview_request(body);
    if (!request) throw http::ErrorException(request.error());
    auto node = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.preview(t, name, body.tree, *request));
    });
    co_return http::no_store(http::data_response(ctx, node));
  };

  using http::Access;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto staff = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::staff_route(verb, std::move(pattern), std::move(handler), StaffRole::editor);
  };
  const std::string base = "/backend/admin/structures";
  return http::with_docs(
      {staff(Verb::get, base, list), staff(Verb::post, base, create), staff(Verb::get, base + "/{name}", read),
       staff(Verb::post, base + "/{name}/rename", rename), staff(Verb::delete_, base + "/{name}", remove),
       staff(Verb::get, base + "/{name}/versions", versions), staff(Verb::put, base + "/{name}/draft", save),
       staff(Verb::post, base + "/{name}/publish", publish), staff(Verb::put, base + "/{name}/schedule", schedule),
       staff(Verb::delete_, base + "/{name}/schedule", unschedule), staff(Verb::post, base + "/{name}/preview", preview)},
      {{"GET " + base,
        {"The tenant's page structures (home, header, footer, sections) with their published version and whether a "
         "newer draft waits",
         "structures", {}, http::schema_of<StructureListDto>, {}}},
       {"POST " + base,
        {"Make a structure from its template (docs/tenants.md \"A new tenant's structures\"): home, header or footer, or "
         "a section's, info or marketing page by its slug (served at /<slug>, /info/<slug>, /marketing/<slug>). Live at "
         "once as version 1, showing only its title until an editor adds to it. Audited",
         "structures", http::schema_of<CreateStructureDto>, http::schema_of<StructureChangeDto>,
         {"400 VALIDATION_ERROR", "409 STRUCTURE_EXISTS"}}},
       {"POST " + base + "/{name}/rename",
        {"Give a section's, info or marketing page another slug (its kind and versions stay). Home, header and footer "
         "keep their names. Audited",
         "structures", http::schema_of<RenameStructureDto>, http::schema_of<StructureChangeDto>,
         {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND", "409 STRUCTURE_EXISTS", "409 STRUCTURE_REQUIRED"}}},
       {"DELETE " + base + "/{name}",
        {"Delete a structure with its versions (its page is not found from then on). Home, header and footer stay. "
         "Audited",
         "structures", {}, http::schema_of<StructureSummaryDto>, {"404 STRUCTURE_NOT_FOUND", "409 STRUCTURE_REQUIRED"}}},
       {"GET " + base + "/{name}",
        {"One version of a structure with its tree (default: the newest, the draft when one waits)", "structures", {},
         http::schema_of<StructureDocumentDto>, {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND", "404 STRUCTURE_VERSION_NOT_FOUND"},
         {{"version", "A version number (default: the newest)", "integer"}}}},
       {"GET " + base + "/{name}/versions",
        {"A structure's versions, newest first: who saved each, when and why", "structures", {},
         http::schema_of<StructureVersionsDto>, {"404 STRUCTURE_NOT_FOUND"}}},
       {"PUT " + base + "/{name}/draft",
        {"Save a tree as a new version (a draft: the storefront keeps the published one). Checked by the seed's rules; "
         "a broken rule is 400 naming its path (tree.substructure[3].data.customProperties.schedule.from). Audited",
         "structures", http::schema_of<SaveDraftDto>, http::schema_of<StructureChangeDto>,
         {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND"}}},
       {"POST " + base + "/{name}/publish",
        {"Make a version the live one (a roll back publishes an earlier version); every instance serves it within two "
         "seconds. Audited",
         "structures", http::schema_of<PublishDto>, http::schema_of<StructureChangeDto>,
         {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND", "404 STRUCTURE_VERSION_NOT_FOUND"}}},
       {"PUT " + base + "/{name}/schedule",
        {"Publish a version at a set time (UTC, in the future): the structure's one schedule, replacing one that "
         "waits. At that time any instance publishes it (audited as structure.publish by the member who set it) and "
         "every instance serves it within about two seconds. Audited (structure.schedule)",
         "structures", http::schema_of<ScheduleDto>, http::schema_of<StructureChangeDto>,
         {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND", "404 STRUCTURE_VERSION_NOT_FOUND"}}},
       {"DELETE " + base + "/{name}/schedule",
        {"Cancel the structure's scheduled publish. Audited (structure.unschedule)", "structures", {},
         http::schema_of<StructureChangeDto>, {"404 STRUCTURE_NOT_FOUND"}}},
       {"POST " + base + "/{name}/preview",
        {"The structure call's answer for a tree (default: the newest version) as a guest or a subscriber, on a device "
         "and operating system, at a time: the storefront's own evaluation",
         "structures", http::schema_of<PreviewDto>, http::schema_of<ConfigNodeDto>,
         {"400 VALIDATION_ERROR", "404 STRUCTURE_NOT_FOUND"}}}});
}

}  // namespace portal::structure
