#pragma once
// The wallet as the composition root assembles it (app/app.cpp): its articles are answered as the catalog answers
// them (the adapter of wallet_module.cpp).
#include <memory>

#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/wallet/wallet_repository.hpp"
#include "domains/wallet/wallet_service.hpp"

namespace portal::wallet {

struct Wallet {
  struct Deps {
    db::Database& database;
    catalog::CatalogService& catalog;
  };
  explicit Wallet(Deps deps);

  WalletRepository repository;
  WalletService service;
};

std::unique_ptr<Wallet> make_wallet(Wallet::Deps deps);

}  // namespace portal::wallet
