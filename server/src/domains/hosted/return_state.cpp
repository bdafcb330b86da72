#include "domains/hosted/return_state.hpp"

#include <mutex>

#include "core/crypto.hpp"
#include "core/ids.hpp"

namespace portal::hosted {
namespace {

std::mutex key_mutex;
std::string& key_slot() {
  static std::string key = core::random_hex(32);  // until set_return_key: one process's own key
  return key;
}

std::string key() {
  std::lock_guard lock(key_mutex);
  return key_slot();
}

}  // namespace

void set_return_key(std::string k) {
  std::lock_guard lock(key_mutex);
  key_slot() = std::move(k);
}

std::string return_state(std::string_view scope, std::string_view id) {
  std::string message = "return|";
  message.append(scope).append("|").append(id);
  return core::hmac_sha256_hex(key(), message).substr(0, 32);
}

bool return_state_ok(std::string_view scope, std::string_view id, std::optional<std::string_view> state) {
  if (!state || state->size() != 32) return false;
  return core::equal_constant_time(return_state(scope, id), *state);
}

}  // namespace portal::hosted
