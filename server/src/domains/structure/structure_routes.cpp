#include "domains/structure/structure_routes.hpp"

#include <algorithm>
#include <charconv>

#include "db/blocking.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/structure/structure_answers.hpp"
#include "domains/structure/structure_dto.hpp"
#include "domains/structure/structure_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body_buffers.hpp"
#include "http/compression.hpp"
#include "http/etag.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/schema.hpp"

namespace portal::structure {

namespace {

namespace bhttp = boost::beast::http;

constexpr std::size_t kMaxNameLength = 128;

bool plausible_name(std::string_view s) {
  return !s.empty() && s.size() <= kMaxNameLength &&
         std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; });
}

// `fresh`: the caller asked for a fresh copy (omitCache=true): nothing on the way keeps it either (no-store).
http::Response cached_response(const http::RequestContext& ctx, const StructureAnswer& answer, bool fresh = false) {
  auto inm = ctx.req.find(bhttp::field::if_none_match);
  bool not_modified = inm != ctx.req.end() && http::etag_matches(inm->value(), answer.entry->etag);
  // RFC 9110 §15.4.5: a 304 has no content and must not claim a length of 0.
  http::Response res{not_modified ? http::Status::not_modified : http::Status::ok, ctx.req.version()};
  if (!not_modified) {
    res.set(bhttp::field::content_type, "application/json");
    res.body() = http::reusable_body();  // a sent answer's buffer: no allocation per hit
    res.body().assign(answer.entry->body);  // serialised once, when it was cached
    res.prepare_payload();
  }
  res.set(bhttp::field::etag, answer.entry->etag);
  // A signed-in caller's structures follow their parental limit, which may
  // change at any moment: the browser revalidates them each time (ETag).
  if (ctx.user) http::add_vary(res, "Authorization");
  if (fresh) {
    res.set(bhttp::field::cache_control, "no-store");
  } else if (ctx.user) {
    res.set(bhttp::field::cache_control, "private, no-cache");
  } else {
    char value[40] = "private, max-age=";  // formatted in place: this runs for every cache hit
    const auto end = std::to_chars(value + 17, value + sizeof value, answer.max_age.count()).ptr;
    res.set(bhttp::field::cache_control, std::string_view(value, static_cast<std::size_t>(end - value)));
  }
  // The tenant comes from a header, so any cache must key on it.
  http::add_vary(res, "X-Tenant-ID");
  return res;
}

// parse -> call -> map -> serialize; fragment_id empty for the whole structure.
boost::asio::awaitable<http::Response> serve(StructureService& service, boost::asio::thread_pool& db_pool,
                                             http::RequestContext& ctx, bool fragment) {
  auto tenant = ctx.tenant;
  const tenants::Tenant& t = ctx.require_tenant();
  std::string name(ctx.param("name"));
  std::string fragment_id = fragment ? std::string(ctx.param("id")) : std::string();
  if (!plausible_name(name) || (fragment && !plausible_name(fragment_id))) {
    co_return http::error_response(
        ctx.req, http_error(Error::of(ErrorCode::structure_not_found, "Structure '" + name.substr(0, 64) + "' not found")),
        ctx.request_id);
  }
  auto query = parse_structure_query([&ctx](std::string_view key) { return ctx.query(key); }, t,
                                     parental_control::max_rating_for(ctx));
  if (!query) co_return http::error_response(ctx.req, http_error(query.error()), ctx.request_id);

  // A cache hit is answered on the I/O thread; only a miss goes to the pool.
  if (auto hit = service.cached(t, name, fragment_id, *query)) co_return cached_response(ctx, *hit);
  auto result = co_await db::offload(db_pool, [&service, tenant, name, fragment_id, q = *query] {
    return service.get(*tenant, name, fragment_id, q);
  });
  if (!result) co_return http::error_response(ctx.req, http_error(result.error()), ctx.request_id);
  co_return cached_response(ctx, *result, query->omit_cache);
}

// What parse_structure_query (structure_service.cpp) reads.
std::vector<http::ApiQuery> structure_query_doc() {
  return {{"lang", "en, ar, fr, de, es or ro (else the tenant's default)"},
          {"omitCache", "true or false: true answers a fresh copy, which no cache keeps (Cache-Control: no-store)"},
          {"preLive", "true or false: also nodes not live yet"},
          {"isDesktop", "true or false: the device class for nodes shown on one class only"},
          {"minRating", "Lowest age rating shown: a whole number 0-1000"},
          {"maxRating", "Highest age rating shown: a whole number 0-1000 (the tenant's limit by default)"},
          {"forceTimeout", "Milliseconds to wait before answering (testing clients' timeouts)"},
          {"lastId", "Paging: the id of the last node already shown (0: from the start)"},
          {"deviceId", "The device, for nodes shown on some devices only"},
          {"os", "The operating system (android, ios, ...), for nodes shown on some only"}};
}

}  // namespace

std::vector<http::Route> structure_routes(StructureService& service, boost::asio::thread_pool& db_pool) {
  // Reads that may be a moment old: a streaming replica may answer them (docs/operations.md "Read replicas").
  return http::replica_reads(http::with_docs({
      {http::Verb::get, "/backend/structure/{name}",
       [&service, &db_pool](http::RequestContext& ctx) { return serve(service, db_pool, ctx, false); }},
      {http::Verb::get, "/backend/structure/{name}/fragment/{id}",
       [&service, &db_pool](http::RequestContext& ctx) { return serve(service, db_pool, ctx, true); }},
  }, {
      {"GET /backend/structure/{name}", {"A page structure (its fragments resolved) in the asked language", "structure",
                                         {}, http::schema_of<ConfigNodeDto>, {"404 STRUCTURE_NOT_FOUND"},
                                         structure_query_doc()}},
      {"GET /backend/structure/{name}/fragment/{id}", {"One fragment of a page structure", "structure", {},
                                                       http::schema_of<ConfigNodeDto>,
                                                       {"404 STRUCTURE_NOT_FOUND"},
                                                       structure_query_doc()}},
  }));
}

}  // namespace portal::structure
