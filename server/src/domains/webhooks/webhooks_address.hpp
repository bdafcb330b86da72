#pragma once
// Which addresses a webhook may reach (issue 78 item 1, docs/decisions.md "Webhooks out"): only public unicast ones.
// Refused: unspecified, loopback, private (RFC 1918, unique local fc00::/7), shared (100.64/10), link-local (169.254/16
// with the cloud metadata address, fe80::/10), multicast, broadcast, the documentation and benchmark ranges, and
// IPv4 reached through IPv6 (mapped, NAT64) when that IPv4 is refused. The check is made on the address the sender
// connects to, after resolving the name, so a name that resolves to a private address is refused too.
#include <string_view>

namespace portal::webhooks {

// text: an IPv4 or IPv6 address; false for anything that does not parse.
bool public_address(std::string_view text);

}  // namespace portal::webhooks
