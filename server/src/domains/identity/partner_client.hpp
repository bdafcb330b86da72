#pragma once
// The one call the portal makes to a partner (partner_login_options.hpp): GET of the partner's sign-in options, as
// a third party is called: no credentials, cookies or tenant headers of the portal's own, no redirect followed,
// a short timeout and a bounded answer. Blocking: call it on the database pool, never on an I/O thread.
#include <chrono>
#include <string>

namespace portal::identity {

inline constexpr std::chrono::seconds kPartnerTimeout{3};

struct PartnerAnswer {
  int status = 0;
  std::string content_type;
  std::string body;  // at most kMaxPartnerAnswerBytes + 1 bytes (one more says "too large")
};

// Throws std::runtime_error when the partner cannot be reached or does not answer in time.
PartnerAnswer partner_get(const std::string& url);

}  // namespace portal::identity
