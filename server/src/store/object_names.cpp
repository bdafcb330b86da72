#include "store/object_names.hpp"

namespace portal::store {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty() || s.size() > 18) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// The segment at `index` (0-based) of a slash-separated key, or "" when it has fewer.
std::string_view segment(std::string_view key, int index) {
  std::size_t start = 0;
  for (int i = 0; i < index; ++i) {
    const auto slash = key.find('/', start);
    if (slash == std::string_view::npos) return {};
    start = slash + 1;
  }
  return key.substr(start, key.find('/', start) - start);
}

// Where the tenant's segment sits in a key of the portal's own layout; -1 for none.
int tenant_segment(std::string_view key) {
  const auto kind = segment(key, 0);
  // brand/<tenant>/<purpose>/<run>/…: a tenant's logo and icon (issue 71 item 7; shared/brand/… before).
  if (kind == "audio" || kind == "hls" || kind == "art" || kind == "brand") return 1;
  if (kind == "staging" && segment(key, 1) == "uploads") return 2;
  return -1;
}

}  // namespace

std::optional<std::string> tenant_of_key(std::string_view key) {
  if (segment(key, 0) == "games") {  // games/<tenant>-<article>-<run>/…
    const auto folder = segment(key, 1);
    const auto dash = folder.find('-');
    if (dash != std::string_view::npos && all_digits(folder.substr(0, dash)) && key.size() > 6 + folder.size())
      return std::string(folder.substr(0, dash));
    return std::nullopt;
  }
  const int at = tenant_segment(key);
  if (at < 0) return std::nullopt;
  const auto tenant = segment(key, at);
  // A tenant's key has more after its tenant segment (an article's folder, an upload's chunk).
  const auto after = static_cast<std::size_t>(tenant.data() - key.data()) + tenant.size();
  if (!all_digits(tenant) || after >= key.size()) return std::nullopt;
  return std::string(tenant);
}

std::string object_name(std::string_view key) {
  const auto tenant = tenant_of_key(key);
  if (!tenant) return "shared/" + std::string(key);
  const std::string front = "tenants/" + *tenant + "/";
  if (segment(key, 0) == "games") return front + std::string(key);
  // Without its tenant segment: the kind, then what followed the tenant.
  const auto seg = segment(key, tenant_segment(key));
  const auto before = static_cast<std::size_t>(seg.data() - key.data());
  return front + std::string(key.substr(0, before)) + std::string(key.substr(before + seg.size() + 1));
}

}  // namespace portal::store
