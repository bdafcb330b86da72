#pragma once
// Device attributes from a User-Agent header (GET /backend/device). Small
// and table-tested rather than complete: the operating system families and
// the desktop / tablet / smartphone split the client lays pages out by.
// A feature phone (KaiOS, Opera Mini, J2ME, Series 40) is neither desktop nor
// modernPhone.
#include <string_view>

#include "domains/identity/identity_types.hpp"

namespace portal::identity {

DeviceAttributes parse_user_agent(std::string_view user_agent);

}  // namespace portal::identity
