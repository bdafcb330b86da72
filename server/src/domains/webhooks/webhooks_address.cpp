#include "domains/webhooks/webhooks_address.hpp"

#include <boost/asio/ip/address.hpp>

namespace portal::webhooks {

namespace {

bool public_v4(const boost::asio::ip::address_v4& a) {
  const auto b = a.to_bytes();
  const unsigned x = b[0], y = b[1], z = b[2];
  if (x == 0 || x == 10 || x == 127) return false;                 // this network, private, loopback
  if (x == 100 && (y & 0xC0) == 64) return false;                  // shared address space 100.64/10
  if (x == 169 && y == 254) return false;                          // link-local, 169.254.169.254 metadata
  if (x == 172 && (y & 0xF0) == 16) return false;                  // private 172.16/12
  if (x == 192 && y == 168) return false;                          // private
  if (x == 192 && y == 0 && (z == 0 || z == 2)) return false;      // IETF protocol assignments, TEST-NET-1
  if (x == 198 && (y == 18 || y == 19)) return false;              // benchmarking
  if (x == 198 && y == 51 && z == 100) return false;               // TEST-NET-2
  if (x == 203 && y == 0 && z == 113) return false;                // TEST-NET-3
  if (x >= 224) return false;                                      // multicast, reserved, broadcast
  return true;
}

}  // namespace

bool public_address(std::string_view text) {
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return false;
  if (a.is_v4()) return public_v4(a.to_v4());
  const auto v6 = a.to_v6();
  if (v6.is_v4_mapped()) return public_v4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6));
  const auto b = v6.to_bytes();
  if (v6.is_unspecified() || v6.is_loopback() || v6.is_multicast()) return false;
  if ((b[0] & 0xFE) == 0xFC) return false;                         // unique local fc00::/7
  if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return false;         // link-local fe80::/10
  if (b[0] == 0xFE && (b[1] & 0xC0) == 0xC0) return false;         // site-local (deprecated)
  if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8) return false;  // documentation
  // NAT64 64:ff9b::/96 and IPv4-compatible ::/96: judged by the IPv4 inside.
  const bool nat64 = b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B;
  bool compat = true;
  for (int i = 0; i < 12; ++i) compat = compat && b[i] == 0;
  if (nat64 || compat) {
    boost::asio::ip::address_v4::bytes_type v4{b[12], b[13], b[14], b[15]};
    bool zero_prefix = true;
    for (int i = 4; i < 12 && nat64; ++i) zero_prefix = zero_prefix && b[i] == 0;
    if (!nat64 || zero_prefix) return public_v4(boost::asio::ip::address_v4(v4));
  }
  return true;
}

}  // namespace portal::webhooks
