#include "domains/hosted/return_state.hpp"

#include "core/crypto.hpp"
#include "core/shared_key.hpp"

namespace portal::hosted {
namespace {

core::SharedKey& key() {
  static core::SharedKey k;  // until set_return_key: one process's own key
  return k;
}

}  // namespace

void set_return_key(std::string k) { key().set(std::move(k)); }

std::string return_state(std::string_view scope, std::string_view id) {
  std::string message = "return|";
  message.append(scope).append("|").append(id);
  return core::hmac_sha256_hex(key().get(), message).substr(0, 32);
}

bool return_state_ok(std::string_view scope, std::string_view id, std::optional<std::string_view> state) {
  if (!state || state->size() != 32) return false;
  return core::equal_constant_time(return_state(scope, id), *state);
}

}  // namespace portal::hosted
