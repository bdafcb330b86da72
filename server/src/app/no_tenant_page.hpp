#pragma once
// What a portal without a tenant answers on its pages (issue 74 item 1): a freshly installed portal starts, is
// ready (/readyz says "no tenant"), and every page of its public face says how to create the first tenant and
// invite its owner, in the browser's language, until the first tenant exists (the registry sees it within a
// second of `portal tenant create`). 503 with Retry-After, never cached: nothing is served yet.
#include "domains/i18n/i18n_service.hpp"
#include "http/context.hpp"

namespace portal::app {

http::Response no_tenant_page(const http::RequestContext& ctx, const i18n::I18nService& i18n);

}  // namespace portal::app
