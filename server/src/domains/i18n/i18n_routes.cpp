#include "domains/i18n/i18n_routes.hpp"

#include "http/error.hpp"
#include "http/openapi.hpp"
#include "http/schema.hpp"

namespace portal::i18n {

std::vector<http::Route> i18n_routes(const I18nService& service) {
  auto get_bundle = [&service](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const std::string lang(ctx.param("lang"));
    auto bundle = service.bundle(lang);
    if (!bundle)
      throw http::ErrorException(http::Error::not_found(
          "LANGUAGE_NOT_FOUND", "No messages for language '" + lang + "'; supported: en, ar, fr, de, es, ro"));
    http::Response res{http::Status::ok, ctx.req.version()};
    res.set(http::bhttp::field::cache_control, "public, max-age=3600");
    res.set(http::bhttp::field::etag, bundle->etag);
    res.set(http::bhttp::field::content_type, "application/json");
    if (auto inm = ctx.req.find(http::bhttp::field::if_none_match); inm != ctx.req.end() && inm->value() == bundle->etag) {
      res.result(http::Status::not_modified);
    } else {
      res.body() = bundle->serialized;
    }
    res.prepare_payload();
    co_return res;
  };
  return http::with_docs({{http::Verb::get, "/backend/i18n/{lang}", get_bundle}},
                         {{"GET /backend/i18n/{lang}",
                           {"The translation bundle of a language (the messages object itself, not in {data})",
                            "i18n", {}, http::schema_of<boost::json::object>, {"404 LANGUAGE_NOT_FOUND"}, {}, false,
                            true}}});
}

}  // namespace portal::i18n
