#include "domains/wallet/wallet_module.hpp"

namespace portal::wallet {

Wallet::Wallet(Deps deps)
    : repository(deps.database),
      service(repository, [&catalog = deps.catalog](std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
        return catalog.article_answer(tenant_id, id, lang);
      }) {}

std::unique_ptr<Wallet> make_wallet(Wallet::Deps deps) { return std::make_unique<Wallet>(deps); }

}  // namespace portal::wallet
