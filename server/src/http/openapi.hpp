#pragma once
// The OpenAPI 3.1 document of the backend, derived from its route table: the
// verb, pattern and policy columns of every Route plus its ApiDoc (summary,
// tag, body and answer schemas from described structs, error codes). Served at
// GET /backend/openapi.json and written to docs/openapi.json by the build;
// nothing in it is written by hand.
#include <boost/json/value.hpp>
#include <string>
#include <utility>
#include <vector>

#include "http/router.hpp"
#include "http/schema.hpp"

namespace portal::http {

// The document for every route of `router`; `server_url` goes to `servers`
// ("" leaves the relative "/").
boost::json::value openapi_document(const Router& router, std::string server_url = "");

// A route table with its documentation beside it: each doc goes to the route
// its key names ("POST /backend/login/api"). A key that names no route throws
// std::logic_error, so a stale doc fails at start-up and in every test.
//
//   return http::with_docs({{Verb::post, "/backend/login/api", login}},
//                          {{"POST /backend/login/api",
//                            {"Sign in", "identity", http::schema_of<SignInBody>, http::schema_of<TokenDto>,
//                             {"401 INVALID_CREDENTIALS"}}}});
std::vector<Route> with_docs(std::vector<Route> routes, std::vector<std::pair<std::string, ApiDoc>> docs);

// The data of error `code` is a T (a described struct), named `name` in
// components.schemas: http::error_data<InvalidPinData>("INVALID_PIN", "InvalidPinData").
template <class T>
ErrorData error_data(std::string code, std::string name) {
  return {std::move(code), std::move(name), schema_of<T>};
}

// Each data goes to every route of `routes` whose documented errors name its
// code; a code no route names throws std::logic_error (a stale entry). The
// document then answers that code's status with the Error shape whose data,
// for that code, is the named schema (an if/then on `error`).
std::vector<Route> with_error_data(std::vector<Route> routes, std::vector<ErrorData> data);

// Two-space indented JSON with keys in document order, for the committed file
// (reviewable diffs).
std::string pretty_json(const boost::json::value& value);

// GET /backend/openapi.json answering the document of `router` (which must
// outlive the route; built and serialised on the first call, with an ETag;
// TenantFrom::none, guests allowed). Add it last.
Route openapi_route(const Router& router, std::string server_url = "");

}  // namespace portal::http
