#include "domains/identity/partner_login_options.hpp"

#include <boost/json/parse.hpp>
#include <boost/url/url.hpp>

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "domains/tenants/tenant_settings.hpp"

namespace portal::identity {
namespace json = boost::json;

namespace {

constexpr std::string_view kWays[] = {"email", "operator", "partner"};

bool flag(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_bool() && v->as_bool();
}

// The code point at text[i] and its length; text is valid UTF-8 (Boost.JSON refuses any other).
std::pair<char32_t, std::size_t> code_point_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
  char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < n && i + k < text.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  return {cp, n};
}

// One short line of text: no control characters, line or paragraph separators, or bidi controls (a label is put
// into the storefront's own sentences and buttons, where an embedding or override would turn them around).
std::optional<std::string> label_problem(std::string_view label) {
  if (label.empty()) return "is empty";
  std::size_t count = 0;
  for (std::size_t i = 0; i < label.size();) {
    const auto [cp, n] = code_point_at(label, i);
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
        (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F || cp == 0x061C)
      return "holds a control character";
    i += n;
    ++count;
  }
  if (count > kMaxPartnerLabelLength) return "is longer than 60 characters";
  return std::nullopt;
}

}  // namespace

ServableWays servable_ways(const tenants::Tenant& tenant) {
  ServableWays out;
  if (const auto* auto_login = tenant.features.if_contains("autoLogin"); auto_login && auto_login->is_object())
    if (const auto* name = auto_login->as_object().if_contains("providerCookieName"); name && name->is_string())
      out.operator_network = !name->as_string().empty();
  out.partner = flag(tenant.features, "isPartner") || flag(tenant.features, "partnerLoginFlow");
  return out;
}

std::optional<std::string> partner_login_options_url(const tenants::Tenant& tenant) {
  auto url = tenants::partner_address(tenant.backend);
  if (url.empty()) return std::nullopt;
  return url;
}

std::string partner_request_url(std::string_view configured, std::string_view lang, std::string_view tenant) {
  boost::urls::url u(configured);
  u.params().set("lang", lang);
  u.params().set("tenant", tenant);
  return std::string(u.buffer());
}

std::variant<PartnerLoginOptions, std::string> read_partner_answer(int status, std::string_view content_type,
                                                                   std::string_view body, ServableWays servable) {
  if (status != 200) return "the partner answered HTTP " + std::to_string(status);
  const std::string type = core::lower(core::trim(content_type.substr(0, content_type.find(';'))));
  if (type != "application/json") return "the partner answered " + (type.empty() ? std::string("no Content-Type") : type) + ", not application/json";
  if (body.size() > kMaxPartnerAnswerBytes) return "the partner's answer is larger than 16 KB";
  boost::system::error_code ec;
  const json::value document = json::parse(body, ec);
  if (ec || !document.is_object()) return "the partner's answer is not a JSON object";
  PartnerLoginOptions out;
  std::vector<std::string> dropped;
  for (const auto& [key, value] : document.as_object()) {
    if (std::find(std::begin(kWays), std::end(kWays), std::string_view(key)) == std::end(kWays)) continue;
    const std::string id(key);
    PartnerLoginOption option{id, std::nullopt};
    if (value.is_bool()) {
      if (!value.as_bool()) continue;
    } else if (value.is_object()) {
      for (const auto& [member, v] : value.as_object()) {
        if (member != "label") continue;
        if (!v.is_string()) return id + ".label must be a string";
        const std::string label = std::string(core::trim(v.as_string()));
        if (auto problem = label_problem(label)) return id + ".label " + *problem;
        option.label = label;
      }
    } else {
      return id + " must be true, false or {\"label\": …}";
    }
    const bool servable_way = id == "email" || (id == "operator" && servable.operator_network) || (id == "partner" && servable.partner);
    if (!servable_way) {
      dropped.push_back(id);
      continue;
    }
    out.options.push_back(std::move(option));
  }
  if (out.options.empty())
    return dropped.empty() ? std::string("the partner offers no sign-in way")
                           : "the partner offers only ways this tenant cannot serve (" + dropped.front() + ")";
  return out;
}

}  // namespace portal::identity
