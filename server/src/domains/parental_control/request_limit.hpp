#pragma once
// The rating limit of one request, for the routes: its tenant and, when signed
// in, its user's parental limit, which the authentication hook put on the
// principal (http::Principal::parental_max_rating). The rule itself is
// parental_control_rules.hpp's max_rating_for.
namespace portal::http {
struct RequestContext;
}

namespace portal::parental_control {

int max_rating_for(const http::RequestContext& ctx);

}  // namespace portal::parental_control
