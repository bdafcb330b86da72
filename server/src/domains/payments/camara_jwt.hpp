#pragma once
// The client assertion a CAMARA client authenticates with at the operator's token endpoint (the CAMARA security
// profile, server/tests/contracts/camara/identity-and-consent: "private_key_jwt", RFC 7523 JWT bearer client
// authentication): iss = sub = the client id, aud = the token endpoint, iat, exp at most 300 s later, a fresh jti.
// Signed with the client's secret as the operator registered it at onboarding: a PEM private key (RSA: RS256, EC
// P-256: ES256; private_key_jwt) or a shared secret (HS256; client_secret_jwt).
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace portal::payments {

inline constexpr std::chrono::seconds kCamaraAssertionLifetime{120};  // the profile allows at most 300 s

// "private_key_jwt" for a PEM private key, else "client_secret_jwt".
std::string camara_auth_method(std::string_view secret);
// Whether a PEM secret is a private key OpenSSL reads (RSA or EC P-256); a shared secret is always usable.
bool camara_secret_usable(std::string_view secret);

// The signed assertion; throws std::runtime_error when a PEM key cannot be read or sign.
std::string camara_client_assertion(std::string_view client_id, std::string_view secret, std::string_view audience,
                                    std::chrono::system_clock::time_point now, std::string_view jti);

std::string base64url(std::string_view bytes);
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace portal::payments
