#pragma once
// Routes are a table: {verb, pattern, handler}. Patterns are literal segments
// and {param} segments ("/backend/structure/{name}/fragment/{id}"); a literal
// segment wins over a parameter. The dispatcher tells "no such path" (404)
// from "path exists, other method" (405, with the allowed methods).
#include <string>
#include <string_view>
#include <vector>

#include "http/context.hpp"

namespace portal::http {

// Where a backend route's tenant comes from: the X-Tenant-ID header (the
// default; missing is 400, unknown 404), or nowhere (hosted pages that a
// browser opens by navigation carry the tenant in their path instead).
enum class TenantFrom { header, none };

struct Route {
  Verb verb;
  std::string pattern;
  Handler handler;
  TenantFrom tenant = TenantFrom::header;
};

class Router {
 public:
  void add(Route route);
  void add(std::vector<Route> routes);

  struct Match {
    const Route* route = nullptr;   // set when path and method match
    PathParams params;
    std::vector<Verb> allowed;      // when the path matched but the method did not
  };
  // path is the decoded path without query.
  Match match(Verb verb, std::string_view path) const;

 private:
  struct Entry {
    Route route;
    std::vector<std::string> segments;  // "{x}" marks a parameter
  };
  std::vector<Entry> entries_;
};

}  // namespace portal::http
