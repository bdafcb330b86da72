#pragma once
// Routes are a table: {verb, pattern, handler}. Patterns are literal segments
// and {param} segments ("/backend/structure/{name}/fragment/{id}"); a literal
// segment wins over a parameter. The dispatcher tells "no such path" (404)
// from "path exists, other method" (405, with the allowed methods).
#include <boost/json/value.hpp>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "http/context.hpp"

namespace portal::http {

// Where a backend route's tenant comes from: the X-Tenant-ID header (the
// default; missing is 400, unknown 404), or nowhere (hosted pages that a
// browser opens by navigation carry the tenant in their path instead).
enum class TenantFrom { header, none };

// Who may call a route: anyone (guests get a guest's answer), or a signed-in
// user only (the pipeline answers 401 UNAUTHORIZED before the handler runs).
// The staff realm (/backend/admin/..., docs/staff.md) is apart: its routes
// never read a customer's token, and a customer's token never opens them.
//   staff_open: a call of the staff realm anyone may make (sign-in, an invitation).
//   staff:      a signed-in member holding at least Route::staff_role, of the
//               X-Tenant-ID tenant (or a platform administrator): else 401
//               UNAUTHORIZED (no member's token), 403 STAFF_WRONG_TENANT or 403
//               STAFF_ROLE_REQUIRED, before the handler runs.
enum class Access { guest, user, staff_open, staff };

// Whether a route takes an Idempotency-Key header: the pipeline's one wrapper
// looks the key up, runs the call once and stores its answer (money and
// redemption writes opt in; http/idempotency.hpp).
//   key_one_trip: the handler runs its blocking work and builds its answer with
//                 http::on_pool (http/on_pool.hpp); lookup, call and store are one
//                 trip to the database pool. New routes use this.
//   key:          the wrapper claims before the handler and stores after it (two
//                 trips besides the handler's own), for handlers not converted yet.
enum class Idempotency { none, key, key_one_trip };
// Where a route's reads may go (docs/operations.md "Read replicas"): the primary (the default: writes, money,
// entitlement, sessions, the console's own pages), or a streaming replica for GET calls whose answers may be a
// moment old (the storefront's catalog, search and structures, the reports), unless the caller just wrote.
enum class Reads { primary, replica };

// A query parameter of a route, for the OpenAPI document.
struct ApiQuery {
  std::string name;
  std::string description;
  std::string type = "string";  // "string", "integer" or "boolean"
  bool required = false;
};

// The described `data` an error code answers with (http::error_data in
// http/openapi.hpp): a components schema named `name`, which the route's error
// answer of that status references for that code.
struct ErrorData {
  std::string code;  // "INVALID_PIN"
  std::string name;  // "InvalidPinData"
  std::function<boost::json::value()> schema;
};

// What the OpenAPI document says of a route beyond its verb, path and policy
// (http/openapi.*): a summary, a tag, the JSON schemas of its body and answer
// (from described structs), the error codes it may answer and its query.
struct ApiDoc {
  std::string summary;
  std::string tag;
  std::function<boost::json::value()> request_schema;   // empty: no JSON body
  std::function<boost::json::value()> response_schema;  // empty: the generic {data} answer
  std::vector<std::string> errors;                       // e.g. "404 ARTICLE_NOT_FOUND"
  std::vector<ApiQuery> query = {};                      // the query parameters it reads
  bool no_body = false;                                  // a write that reads no body
  bool raw_answer = false;                               // response_schema is the whole body, not {data}
  std::string also_answers = {};                         // another media type of the success answer (text/csv)
  std::string request_media_type = {};                   // a body of raw bytes of this type, not JSON
  std::vector<ErrorData> error_data = {};                // described data of some of `errors` (with_error_data)
};

struct Route {
  Verb verb;
  std::string pattern;
  Handler handler;
  TenantFrom tenant = TenantFrom::header;
  Access access = Access::guest;
  Idempotency idempotency = Idempotency::none;
  ApiDoc doc = {};  // a default initializer keeps short table rows free of -Wmissing-field-initializers
  StaffRole staff_role = StaffRole::any;  // Access::staff: the least role it needs
  Reads reads = Reads::primary;
};

// The routes with their GET calls marked Reads::replica (a domain's table of reads that may be a moment old).
std::vector<Route> replica_reads(std::vector<Route> routes);

// A route of the operator console (/backend/admin/...): the tenant from
// X-Tenant-ID, a staff session of at least `role`.
inline Route staff_route(Verb verb, std::string pattern, Handler handler, StaffRole role) {
  return Route{.verb = verb,
               .pattern = std::move(pattern),
               .handler = std::move(handler),
               .tenant = TenantFrom::header,
               .access = Access::staff,
               .staff_role = role};
}

// An event the portal sends out to operators' endpoints (issue 78 item 1): the OpenAPI document lists it under
// `webhooks`, its request body the event's schema.
struct OutgoingWebhook {
  std::string name;     // "subscription.created"
  std::string summary;
  std::function<boost::json::value()> schema;
};

class Router {
 public:
  void add(Route route);
  void add(std::vector<Route> routes);
  void add_webhooks(std::vector<OutgoingWebhook> hooks) {
    for (auto& h : hooks) webhooks_.push_back(std::move(h));
  }
  const std::vector<OutgoingWebhook>& webhooks() const { return webhooks_; }

  struct Match {
    const Route* route = nullptr;   // set when path and method match
    PathParams params;
    std::vector<Verb> allowed;      // when the path matched but the method did not
  };
  // path is the decoded path without query.
  Match match(Verb verb, std::string_view path) const;

  // Every route in the order added (for the OpenAPI document).
  std::vector<const Route*> routes() const;

 private:
  std::vector<OutgoingWebhook> webhooks_;
  struct Entry {
    Route route;
    std::vector<std::string> segments;  // "{x}" marks a parameter
  };
  // The patterns as a tree of segments, so a request looks at the few routes
  // its path can reach instead of every row of the table.
  struct Node {
    std::map<std::string, std::unique_ptr<Node>, std::less<>> literal;
    std::unique_ptr<Node> param;
    std::vector<std::size_t> ends;  // entries whose pattern ends here
  };
  struct Candidate {
    std::size_t entry;
    int score;  // two per literal segment: the most literal pattern wins
  };
  template <class Out>
  void reach(const Node& node, std::string_view rest, int score, Out& out) const;

  std::vector<Entry> entries_;
  Node root_;
};

}  // namespace portal::http
