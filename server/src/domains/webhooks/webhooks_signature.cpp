#include "domains/webhooks/webhooks_signature.hpp"

#include <sodium.h>

#include <stdexcept>

namespace portal::webhooks {

namespace {

constexpr std::string_view kPrefix = "whsec_";
constexpr int kVariant = sodium_base64_VARIANT_ORIGINAL;

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), kVariant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    kVariant);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

}  // namespace

std::string new_secret() {
  std::string bytes(32, '\0');
  randombytes_buf(bytes.data(), bytes.size());
  return std::string(kPrefix) + base64(bytes);
}

std::optional<std::string> secret_bytes(std::string_view secret) {
  if (!secret.starts_with(kPrefix)) return std::nullopt;
  const auto text = secret.substr(kPrefix.size());
  std::string out(text.size(), '\0');
  std::size_t len = 0;
  if (text.empty() || sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                                        text.size(), nullptr, &len, nullptr, kVariant) != 0)
    return std::nullopt;
  out.resize(len);
  return out;
}

std::string sign(std::string_view secret, std::string_view id, std::string_view timestamp, std::string_view body) {
  const auto key = secret_bytes(secret);
  if (!key) throw std::invalid_argument("not a whsec_ secret");
  const std::string content = std::string(id) + "." + std::string(timestamp) + "." + std::string(body);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key->data()), key->size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(content.data()), content.size());
  crypto_auth_hmacsha256_final(&state, mac);
  return "v1," + base64(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
}

std::string signature_header(const std::vector<std::string>& secrets, std::string_view id, std::string_view timestamp,
                             std::string_view body) {
  std::string out;
  for (const auto& s : secrets) {
    if (!out.empty()) out += ' ';
    out += sign(s, id, timestamp, body);
  }
  return out;
}

}  // namespace portal::webhooks
