#pragma once
// Strong ETags over an answer's bytes and conditional GETs (RFC 9110 §8.8.3,
// §13.1.2). The hash is libsodium's BLAKE2b (crypto_generichash): stable
// across builds and machines, so several portal instances agree on a tag.
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "core/crypto.hpp"
#include "http/context.hpp"

namespace portal::http {

// "\"<32 hex digits>\"": BLAKE2b-128 of body, quoted (core/crypto.hpp).
using core::strong_etag;

// If-None-Match uses the weak comparison; "*" matches any tag.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// {"data": data} with a strong ETag and the given Cache-Control, or a 304
// without content when the request's If-None-Match names that tag. Adds
// Vary: X-Tenant-ID (the tenant comes from a header). A "no-store" answer gets
// no ETag: nothing keeps it, so nothing revalidates it.
Response conditional_data_response(const RequestContext& ctx, const boost::json::value& data,
                                   std::string_view cache_control);
// The same for data already serialised (an answer spliced from kept pieces).
Response conditional_data_response(const RequestContext& ctx, std::string_view data_json, std::string_view cache_control);
// The same for a whole body already in the {"data": …} shape, taken as is.
Response conditional_body_response(const RequestContext& ctx, std::string body, std::string_view cache_control);

}  // namespace portal::http
