#include "http/respond.hpp"

#include "http/json.hpp"

namespace portal::http {

Response error_answer(const RequestContext& ctx, const http::Error& e) {
  return error_response(ctx.req, e, ctx.request_id);
}

}  // namespace portal::http
