#include "domains/console_search/console_search_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/console_search/console_search_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::console_search {
namespace asio = boost::asio;
namespace json = boost::json;

Allowed allowed_for(http::StaffRole role) {
  using http::StaffRole;
  const auto may = [role](StaffRole needed) { return http::staff_role_allows(role, needed); };
  // The same least roles as the rows of the pages each kind opens: customers (care), the catalog and vouchers
  // (editor), plans (plans: editor and finance), payments and orders (finance: refunds), staff (admin).
  return {.customers = may(StaffRole::care) || may(StaffRole::support),
          .articles = may(StaffRole::editor),
          .plans = may(StaffRole::plans),
          .vouchers = may(StaffRole::editor),
          .payments = may(StaffRole::finance),
          .staff = may(StaffRole::admin)};
}

namespace {

const char* const kLanguages[] = {"en", "ar", "fr", "de", "es", "ro"};

std::string language(const std::optional<std::string>& asked) {
  if (asked)
    for (const char* l : kLanguages)
      if (*asked == l) return *asked;
  return "en";
}

}  // namespace

std::vector<http::Route> console_search_routes(const ConsoleSearchRouteDeps& deps) {
  auto search = [deps](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    Query query{.tenant_id = ctx.require_tenant().id,
                .q = ctx.query("q").value_or(""),
                .lang = language(ctx.query("lang")),
                .allowed = allowed_for(ctx.staff->role)};
    auto hits = co_await db::offload(deps.db_pool, [&] {
      auto r = deps.service.search(query);
      if (!r) throw http::ErrorException(http_error(r.error()));
      return std::move(*r);
    });
    std::string q = query.q;
    while (!q.empty() && std::isspace(static_cast<unsigned char>(q.back()))) q.pop_back();
    while (!q.empty() && std::isspace(static_cast<unsigned char>(q.front()))) q.erase(0, 1);
    co_return http::no_store(http::data_response(ctx, json::value_from(search_dto(q, hits))));
  };
  const std::vector<http::ApiQuery> params{
      {"q",
       "What to find (1-200 characters): a customer's e-mail (or its beginning), mobile number or id; an article's "
       "title or id; a plan's name or id; a voucher code or batch id; a payment's or order's id; a staff member's "
       "e-mail",
       "string", true},
      {"lang", "Language of titles and names: en, ar, fr, de, es or ro (else en)"}};
  return http::with_docs(
      {http::staff_route(http::Verb::get, "/backend/admin/search", search, http::StaffRole::any)},
      {{"GET /backend/admin/search",
        {"The console's one search: at most 5 hits of each kind the member's role may open (support: customers; "
         "finance: customers, plans, payments and orders; editor: articles, plans and vouchers; admin and owner: "
         "all, with staff), each with the console page that opens it",
         "console-search", {}, http::schema_of<ConsoleSearchDto>, {"400 VALIDATION_ERROR"}, params}}});
}

}  // namespace portal::console_search
