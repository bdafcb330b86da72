#include "http/openapi.hpp"

#include <cctype>
#include <boost/describe/class.hpp>
#include <boost/json/serialize.hpp>
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/text.hpp"
#include "http/etag.hpp"
#include "http/path_segments.hpp"
#include "http/schema.hpp"

namespace portal::http {
namespace json = boost::json;

namespace {

std::string verb_name(Verb verb) {
  return core::lower(bhttp::to_string(verb));
}

bool is_param(std::string_view segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// "post" + "/backend/user/{id}/devices" -> "postBackendUserIdDevices": unique
// per route (the router holds one handler per verb and pattern).
std::string operation_id(Verb verb, const std::string& pattern) {
  std::string id = verb_name(verb);
  bool upper = true;
  for (char c : pattern) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      id += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    } else {
      upper = true;
    }
  }
  return id;
}

// The tag of an undocumented route: its first segment after /backend.
std::string default_tag(const std::string& pattern) {
  const auto segments = path_segments(pattern);
  if (segments.size() >= 2 && segments[0] == "backend" && !is_param(segments[1])) return std::string(segments[1]);
  return "backend";
}

// Hosted pages: a browser navigates to them, they answer HTML (or redirect).
bool answers_html(const Route& route) {
  if (route.tenant != TenantFrom::none) return false;
  return route.pattern.ends_with("/{tenant}") || route.pattern.starts_with("/backend/checkout/") ||
         route.doc.tag == "hosted pages";  // the network sign-in's pages (/backend/login/{tenant}/network/...)
}

// The top level of this document, for the answer schema of its own route.
struct OpenApiDocumentDto {
  std::string openapi;
  json::object info;
  json::array servers;
  json::array tags;
  json::object paths;
  json::object components;
};
BOOST_DESCRIBE_STRUCT(OpenApiDocumentDto, (), (openapi, info, servers, tags, paths, components))

json::object error_ref() { return {{"$ref", "#/components/responses/Error"}}; }
json::object error_ref_schema() { return {{"$ref", "#/components/schemas/Error"}}; }

json::object header_param(std::string name, std::string description, bool required, json::object schema) {
  return {{"name", std::move(name)}, {"in", "header"}, {"required", required},
          {"description", std::move(description)}, {"schema", std::move(schema)}};
}

// "404 ARTICLE_NOT_FOUND" -> (404, "ARTICLE_NOT_FOUND").
std::pair<std::string, std::string> split_error(const std::string& entry) {
  const auto space = entry.find(' ');
  if (space == std::string::npos) return {entry, ""};
  return {entry.substr(0, space), entry.substr(space + 1)};
}

// The answer of a status some of whose codes carry described data: the Error
// shape, whose data is, for each such code, its schema.
json::object error_with_data(const std::vector<const ErrorData*>& list) {
  json::array all{error_ref_schema()};
  std::string names;
  for (const ErrorData* d : list) {
    json::object when{{"properties", {{"error", {{"const", d->code}}}}}, {"required", json::array{"error"}}};
    json::object then{{"properties", {{"data", {{"$ref", "#/components/schemas/" + d->name}}}}}};
    all.push_back(json::object{{"if", std::move(when)}, {"then", std::move(then)}});
    names += (names.empty() ? " " : ", ") + d->code + ": " + d->name;
  }
  return {{"description", "An error in the one error shape; the data of" + names + "."},
          {"content", {{"application/json", {{"schema", {{"allOf", std::move(all)}}}}}}}};
}

json::object components(std::map<std::string, json::value> data_schemas, std::map<std::string, json::value> described) {
  json::object error_shape{
      {"type", "object"},
      {"description", "The one error shape of every backend answer with a 4xx or 5xx status."},
      {"properties",
       {{"status", {{"type", "integer"}, {"description", "The HTTP status, repeated."}}},
        {"error", {{"type", "string"}, {"description", "A stable code, e.g. VALIDATION_ERROR."}}},
        {"message", {{"type", "string"}, {"description", "For developers; not shown to users."}}},
        {"data", {{"description", "Details, e.g. {field, reason} for VALIDATION_ERROR; null when none."}}},
        {"requestId", {{"type", "string"}, {"description", "The X-Request-ID of the request."}}}}},
      {"required", json::array{"status", "error", "message", "data", "requestId"}}};
  json::object schemas{{"Error", std::move(error_shape)}};
  for (auto& [name, schema] : data_schemas) schemas[name] = std::move(schema);
  for (auto& [name, schema] : described) {
    if (schemas.contains(name)) throw std::logic_error("openapi: two schemas named '" + name + "'");
    schemas[name] = std::move(schema);
  }
  return {
      {"schemas", std::move(schemas)},
      {"responses",
       {{"Error",
         {{"description", "An error in the one error shape."},
          {"content", {{"application/json", {{"schema", {{"$ref", "#/components/schemas/Error"}}}}}}}}}}},
      {"securitySchemes",
       {{"bearer",
         {{"type", "http"},
          {"scheme", "bearer"},
          {"description", "The access token from POST /backend/login (Authorization: Bearer ...)."}}},
        {"staffBearer",
         {{"type", "http"},
          {"scheme", "bearer"},
          {"description",
           "A staff member's token from POST /backend/admin/login (Authorization: Bearer staff_...). "
           "Customer tokens never open a staff call."}}},
        {"staffCookie",
         {{"type", "apiKey"},
          {"in", "cookie"},
          {"name", "portal_staff"},
          {"description",
           "The same token in the HttpOnly cookie the sign-in sets (Path=/backend/admin, SameSite=Strict); a write "
           "authenticated by it must also send X-Requested-With."}}}}}};
}

// Each error data's schema by name; one name is one schema.
void collect_data_schemas(const Route& route, std::map<std::string, json::value>& schemas) {
  for (const auto& d : route.doc.error_data) {
    json::value schema = d.schema();
    auto [it, added] = schemas.emplace(d.name, schema);
    if (!added && it->second != schema)
      throw std::logic_error("openapi: two schemas named '" + d.name + "' (" + route.pattern + ")");
  }
}

json::object operation(const Route& route, std::set<std::string>& tags) {
  const bool html = answers_html(route);
  json::object op;
  const std::string tag = route.doc.tag.empty() ? default_tag(route.pattern) : route.doc.tag;
  tags.insert(tag);
  op["operationId"] = operation_id(route.verb, route.pattern);
  op["summary"] = route.doc.summary.empty() ? std::string(bhttp::to_string(route.verb)) + " " + route.pattern
                                            : route.doc.summary;
  op["tags"] = json::array{json::string(tag)};

  json::array parameters;
  for (auto segment : path_segments(route.pattern))
    if (is_param(segment))
      parameters.push_back(json::object{{"name", std::string(segment.substr(1, segment.size() - 2))},
                                        {"in", "path"},
                                        {"required", true},
                                        {"schema", {{"type", "string"}}}});
  for (const auto& q : route.doc.query) {
    json::object schema{{"type", q.type}};
    json::object param{{"name", q.name}, {"in", "query"}, {"required", q.required}, {"schema", std::move(schema)}};
    if (!q.description.empty()) param["description"] = q.description;
    parameters.push_back(std::move(param));
  }
  if (route.tenant == TenantFrom::header)
    parameters.push_back(header_param("X-Tenant-ID", "The tenant (its name); missing is 400, unknown 404.", true,
                                      {{"type", "string"}, {"minLength", 1}}));
  if (route.idempotency != Idempotency::none)
    parameters.push_back(header_param(
        "Idempotency-Key",
        "Makes a retry safe: the first answer for a key is stored and repeated for the same key.", false,
        {{"type", "string"}, {"minLength", 1}, {"maxLength", 128}}));
  if (!parameters.empty()) op["parameters"] = std::move(parameters);

  if (route.access == Access::user) {
    op["security"] = json::array{json::object{{"bearer", json::array{}}}};
    op["x-access"] = "user";
  } else if (route.access == Access::staff) {
    op["security"] = json::array{json::object{{"staffBearer", json::array{}}}, json::object{{"staffCookie", json::array{}}}};
    op["x-access"] = "staff";
    // The least role, and every role that passes (http::staff_role_allows).
    op["x-staff-role"] = staff_role_name(route.staff_role);
    json::array roles;
    for (auto held : {StaffRole::platform, StaffRole::owner, StaffRole::admin, StaffRole::editor, StaffRole::support,
                      StaffRole::finance})
      if (staff_role_allows(held, route.staff_role)) roles.emplace_back(staff_role_name(held));
    op["x-staff-roles"] = std::move(roles);
  } else if (route.access == Access::staff_open) {
    op["security"] = json::array{json::object{}};  // anyone; no token is read
    op["x-access"] = "staff-open";
  } else {
    // Guests are answered too; a signed-in caller may send its token.
    op["security"] = json::array{json::object{}, json::object{{"bearer", json::array{}}}};
    op["x-access"] = "guest";
  }

  const bool writes = route.verb == Verb::post || route.verb == Verb::put || route.verb == Verb::patch;
  const bool has_body = static_cast<bool>(route.doc.request_schema) || (writes && !html && !route.doc.no_body);
  if (!route.doc.request_media_type.empty()) {
    op["requestBody"] = {{"required", true},
                         {"content", {{route.doc.request_media_type, {{"schema", {{"type", "string"}, {"format", "binary"}}}}}}}};
  } else if (route.doc.request_schema) {
    op["requestBody"] = {{"required", true},
                         {"content", {{"application/json", {{"schema", route.doc.request_schema()}}}}}};
  } else if (has_body) {
    // A write whose body type is not declared yet: some JSON object, or none.
    op["requestBody"] = {{"required", false},
                         {"content", {{"application/json", {{"schema", {{"type", "object"}}}}}}}};
  } else if (html && route.verb == Verb::post) {
    json::object form{{"type", "object"}, {"additionalProperties", {{"type", "string"}}}};
    op["requestBody"] = {{"required", true},
                         {"content", {{"application/x-www-form-urlencoded", {{"schema", std::move(form)}}}}}};
  }

  json::object responses;
  if (html) {
    responses["200"] = {{"description", "The hosted page."},
                        {"content", {{"text/html", {{"schema", {{"type", "string"}}}}}}}};
    responses["302"] = {{"description", "Redirect: back to the portal (redirectUrl) once done."}};
    responses["303"] = {{"description", "Redirect after a form was handled."}};
  } else {
    json::value data = route.doc.response_schema ? route.doc.response_schema() : json::value(json::object{});
    json::value ok_schema = json::object{{"type", "object"}, {"properties", {{"data", std::move(data)}}}};
    if (route.doc.raw_answer) ok_schema = route.doc.response_schema();
    else if (route.doc.response_schema) ok_schema.as_object()["required"] = json::array{"data"};
    // Writes answer 200 or 201 Created.
    json::object content{{"application/json", {{"schema", std::move(ok_schema)}}}};
    if (!route.doc.also_answers.empty()) content[route.doc.also_answers] = {{"schema", {{"type", "string"}}}};
    responses[route.verb == Verb::get ? "200" : "2XX"] = {
        {"description", route.doc.raw_answer ? "Success." : "Success: the answer in {data}."},
        {"content", std::move(content)}};
  }
  if (route.verb == Verb::get) responses["304"] = {{"description", "Not modified (If-None-Match named the ETag)."}};
  if (has_body) responses["400"] = error_ref();  // VALIDATION_ERROR, INVALID_JSON
  if (route.tenant == TenantFrom::header) responses["400"] = error_ref();  // missing tenant
  if (route.access == Access::user || route.access == Access::staff) responses["401"] = error_ref();
  if (route.access == Access::staff) responses["403"] = error_ref();  // STAFF_WRONG_TENANT, STAFF_ROLE_REQUIRED
  std::map<std::string, std::vector<std::string>> codes;
  std::map<std::string, std::vector<const ErrorData*>> data;
  for (const auto& entry : route.doc.errors) {
    auto [status, code] = split_error(entry);
    responses[status] = error_ref();
    if (!code.empty()) codes[status].push_back(code);
    for (const auto& d : route.doc.error_data)
      if (d.code == code) data[status].push_back(&d);
  }
  for (const auto& [status, list] : data) responses[status] = error_with_data(list);
  if (html) {
    // A hosted page shows its errors as a page; the pipeline's own refusals are JSON.
    json::object either{{"description", "An error page, or the one error shape."},
                        {"content",
                         {{"text/html", {{"schema", {{"type", "string"}}}}},
                          {"application/json", {{"schema", {{"$ref", "#/components/schemas/Error"}}}}}}}};
    responses["4XX"] = either;
    responses["5XX"] = std::move(either);
  } else {
    responses["4XX"] = error_ref();
    responses["5XX"] = error_ref();
  }
  op["responses"] = std::move(responses);
  if (!codes.empty()) {
    json::object x;
    for (auto& [status, list] : codes) {
      json::array a;
      for (auto& c : list) a.emplace_back(c);
      x[status] = std::move(a);
    }
    op["x-error-codes"] = std::move(x);
  }
  return op;
}

void pretty(const json::value& v, std::string& out, int indent) {
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  if (v.is_object() && !v.as_object().empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& [key, child] : v.as_object()) {
      if (!first) out += ",\n";
      first = false;
      out += pad + json::serialize(json::string(key)) + ": ";
      pretty(child, out, indent + 2);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
  } else if (v.is_array() && !v.as_array().empty()) {
    out += "[\n";
    bool first = true;
    for (const auto& child : v.as_array()) {
      if (!first) out += ",\n";
      first = false;
      out += pad;
      pretty(child, out, indent + 2);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
  } else {
    out += json::serialize(v);
  }
}

}  // namespace

std::vector<Route> with_docs(std::vector<Route> routes, std::vector<std::pair<std::string, ApiDoc>> docs) {
  for (auto& entry : docs) {
    const std::string& key = entry.first;
    auto it = std::find_if(routes.begin(), routes.end(), [&](const Route& r) {
      return std::string(bhttp::to_string(r.verb)) + " " + r.pattern == key;
    });
    if (it == routes.end()) throw std::logic_error("with_docs: no route '" + key + "'");
    it->doc = std::move(entry.second);
  }
  return routes;
}

std::vector<Route> with_error_data(std::vector<Route> routes, std::vector<ErrorData> data) {
  for (auto& d : data) {
    bool named = false;
    for (auto& route : routes)
      for (const auto& entry : route.doc.errors)
        if (split_error(entry).second == d.code) {
          route.doc.error_data.push_back(d);
          named = true;
          break;
        }
    if (!named) throw std::logic_error("with_error_data: no route answers '" + d.code + "'");
  }
  return routes;
}

std::string pretty_json(const json::value& value) {
  std::string out;
  pretty(value, out, 0);
  return out + "\n";
}

namespace {

// "subscription.created" -> "webhookSubscriptionCreated": the operation id of an outgoing webhook.
std::string webhook_operation_id(std::string_view name) {
  std::string out = "webhook";
  bool upper = true;
  for (const char c : name) {
    if (c == '.' || c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

}  // namespace

json::value openapi_document(const Router& router, std::string server_url) {
  SchemaComponents described;  // every described struct once, under components.schemas, by $ref
  json::object paths;
  std::set<std::string> tags;
  std::map<std::string, json::value> data_schemas;
  for (const Route* r : router.routes()) {
    const Route& route = *r;
    collect_data_schemas(route, data_schemas);
    auto& item = paths[route.pattern];
    if (!item.is_object()) item = json::object{};
    item.as_object()[verb_name(route.verb)] = operation(route, tags);
  }
  // Outgoing webhooks (OpenAPI 3.1 `webhooks`): what the portal POSTs to an operator's endpoint, signed per the
  // Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature headers).
  json::object webhooks;
  for (const auto& hook : router.webhooks()) {
    tags.insert("webhooks");
    json::array params;
    for (const char* h : {"webhook-id", "webhook-timestamp", "webhook-signature"})
      params.push_back(json::object{{"name", h}, {"in", "header"}, {"required", true}, {"schema", {{"type", "string"}}}});
    webhooks[hook.name] = json::object{
        {"post",
         {{"operationId", webhook_operation_id(hook.name)},
          {"summary", hook.summary},
          {"security", json::array{}},  // the portal calls out: the receiver checks webhook-signature
          {"tags", json::array{"webhooks"}},
          {"parameters", std::move(params)},
          {"requestBody", {{"required", true}, {"content", {{"application/json", {{"schema", hook.schema()}}}}}}},
          {"responses", {{"2XX", {{"description", "Received; any other answer is retried with backoff"}}}}}}}};
  }
  json::array tag_list;
  for (const auto& tag : tags) tag_list.push_back(json::object{{"name", tag}, {"description", "The " + tag + " calls."}});
  return json::object{
      {"openapi", "3.1.0"},
      {"info",
       {{"title", "Portal backend"},
        {"version", "1.0.0"},
        {"description",
         "Every backend call of the portal, generated from its route table (server/src/http/openapi.cpp). "
         "Answers are {\"data\": ...}; errors use the one error shape (components.schemas.Error)."},
        {"license", {{"name", "Proprietary"}, {"identifier", "LicenseRef-Proprietary"}}}}},
      {"servers", json::array{json::object{{"url", server_url.empty() ? "/" : server_url}}}},
      {"tags", std::move(tag_list)},
      {"paths", std::move(paths)},
      {"webhooks", std::move(webhooks)},
      {"components", components(std::move(data_schemas), std::move(described.schemas()))}};
}

Route openapi_route(const Router& router, std::string server_url) {
  // Built on the first call, when the table (this route included) is complete.
  struct Cached {
    std::once_flag once;
    std::string body;
    std::string etag;
  };
  auto cached = std::make_shared<Cached>();
  Handler handler = [&router, cached, server_url](RequestContext& ctx) -> boost::asio::awaitable<Response> {
    std::call_once(cached->once, [&] {
      cached->body = json::serialize(openapi_document(router, server_url));
      cached->etag = strong_etag(cached->body);
    });
    const std::string* body = &cached->body;
    const std::string* etag = &cached->etag;
    Response res{Status::ok, ctx.req.version()};
    res.set(bhttp::field::etag, *etag);
    res.set(bhttp::field::cache_control, "no-cache");
    if (etag_matches(ctx.req[bhttp::field::if_none_match], *etag)) {
      res.result(Status::not_modified);
    } else {
      res.set(bhttp::field::content_type, "application/json");
      res.body() = *body;
    }
    res.prepare_payload();
    co_return res;
  };
  Route route{Verb::get, "/backend/openapi.json", std::move(handler), TenantFrom::none};
  route.doc.summary = "This document: the OpenAPI 3.1 description of every backend call";
  route.doc.tag = "meta";
  route.doc.response_schema = schema_of<OpenApiDocumentDto>;
  route.doc.raw_answer = true;
  return route;
}

}  // namespace portal::http
