#include "http/etag.hpp"

#include <sodium.h>

#include <boost/json.hpp>
#include <stdexcept>

#include "http/compression.hpp"

namespace portal::http {

bool etag_matches(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    auto comma = header.find(',');
    auto item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item == "*") return true;
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (item == etag) return true;
  }
  return false;
}

Response conditional_data_response(const RequestContext& ctx, const boost::json::value& data,
                                   std::string_view cache_control) {
  return conditional_data_response(ctx, std::string_view(boost::json::serialize(data)), cache_control);
}

Response conditional_data_response(const RequestContext& ctx, std::string_view data_json, std::string_view cache_control) {
  std::string body;
  body.reserve(data_json.size() + 9);
  body += "{\"data\":";
  body += data_json;
  body += '}';
  return conditional_body_response(ctx, std::move(body), cache_control);
}

Response conditional_body_response(const RequestContext& ctx, std::string body, std::string_view cache_control) {
  // An answer nobody may keep is never revalidated: no tag to compute (the
  // hash of a page of articles costs as much as reading it from the database).
  if (cache_control == "no-store") {
    Response res{Status::ok, ctx.req.version()};
    res.set(bhttp::field::content_type, "application/json");
    res.body() = std::move(body);
    res.prepare_payload();
    res.set(bhttp::field::cache_control, cache_control);
    add_vary(res, "X-Tenant-ID");
    return res;
  }
  const std::string etag = strong_etag(body);
  auto inm = ctx.req.find(bhttp::field::if_none_match);
  const bool not_modified = inm != ctx.req.end() && etag_matches(inm->value(), etag);
  // RFC 9110 §15.4.5: a 304 has no content and must not claim a length of 0.
  Response res{not_modified ? Status::not_modified : Status::ok, ctx.req.version()};
  if (!not_modified) {
    res.set(bhttp::field::content_type, "application/json");
    res.body() = std::move(body);
    res.prepare_payload();
  }
  res.set(bhttp::field::etag, etag);
  res.set(bhttp::field::cache_control, cache_control);
  add_vary(res, "X-Tenant-ID");
  return res;
}

}  // namespace portal::http
