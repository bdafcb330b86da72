#include "core/url.hpp"

#include <boost/url/parse.hpp>

#include "core/text.hpp"

namespace portal::core {
namespace urls = boost::urls;

namespace {

bool dns_name(std::string_view host) {
  std::size_t label = 0;
  for (char c : host) {
    if (c == '.') {
      if (label == 0) return false;  // empty label, leading dot or ".."
      label = 0;
      continue;
    }
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || ++label > 63) return false;
  }
  return label > 0;  // no trailing dot
}

}  // namespace

std::optional<std::string> strict_origin(std::string_view text) {
  auto u = urls::parse_uri(text);
  if (!u || (u->scheme_id() != urls::scheme::http && u->scheme_id() != urls::scheme::https)) return std::nullopt;
  if (!u->has_authority() || u->has_userinfo()) return std::nullopt;
  if (const std::string_view path = u->encoded_path(); !path.empty() && path.front() != '/') return std::nullopt;
  const auto type = u->host_type();
  if (type != urls::host_type::ipv4 && type != urls::host_type::ipv6 &&
      (type != urls::host_type::name || !dns_name(u->encoded_host())))
    return std::nullopt;
  std::string origin = std::string(u->scheme()) + "://" + std::string(u->encoded_host());
  if (u->has_port()) {
    const std::string_view port = u->port();
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    if (const int n = std::stoi(std::string(port)); n < 1 || n > 65535) return std::nullopt;
    origin.append(":").append(port);
  }
  origin = core::lower(origin);
  return origin;
}

}  // namespace portal::core
