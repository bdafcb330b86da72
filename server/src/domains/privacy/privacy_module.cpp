#include "domains/privacy/privacy_module.hpp"

#include "domains/hosted/hosted_frame.hpp"

namespace portal::privacy {

namespace {

ServiceDeps service_deps(Privacy::Deps& d, PrivacyRepository& repository) {
  return {d.database, repository, d.clock,
          [&i18n = d.i18n, by_id = d.tenant_by_id](std::int64_t tenant_id, const std::string& lang,
                                                   std::string_view key) {
            std::string site;
            if (const auto t = by_id(tenant_id)) site = t->site_name();
            return hosted::texts_for(i18n, lang, site)("accountDeletedMail." + std::string(key));
          },
          d.deliver_mail, std::move(d.mail_queued)};
}

}  // namespace

Privacy::Privacy(Deps deps) : repository(deps.database), service(service_deps(deps, repository)) {}

std::unique_ptr<Privacy> make_privacy(Privacy::Deps deps) { return std::make_unique<Privacy>(std::move(deps)); }

}  // namespace portal::privacy
