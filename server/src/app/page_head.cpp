#include "app/portal_face.hpp"

// The image a page's head preloads (its LCP), spelt as the client asks for it (web/src/lib/image-url.ts).
#include <algorithm>
#include <boost/json.hpp>
#include <cctype>

#include "app/first_view.hpp"
#include "app/page_tables.hpp"
#include "core/text.hpp"

namespace portal::app {
namespace json = boost::json;

// A preload spelt otherwise than the client's request would fetch the image twice.
std::string client_image_url(std::string_view url) {
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.front()))) url.remove_prefix(1);
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.back()))) url.remove_suffix(1);
  if (url.empty()) return {};
  std::string full = url.starts_with("//") ? "https:" + std::string(url) : std::string(url);
  const auto lower = core::lower(full.substr(0, 8));
  if (!lower.starts_with("http://") && !lower.starts_with("https://") && !full.starts_with("/")) return full;
  const auto hash = full.find('#');
  std::string base = full.substr(0, hash);
  const std::string fragment = hash == std::string::npos ? "" : full.substr(hash);
  const auto query = base.find('?');
  if (query != std::string::npos &&
      (base.find("?format=") != std::string::npos || base.find("&format=") != std::string::npos))
    return full;
  return base + (query == std::string::npos ? "?" : "&") + "format=" + page_tables().image_format + fragment;
}

std::string with_image_width(std::string_view url, int width) {
  const auto hash = url.find('#');
  const std::string_view base = url.substr(0, hash);
  for (auto at = base.find("width="); at != std::string_view::npos; at = base.find("width=", at + 1))
    if (at > 0 && (base[at - 1] == '?' || base[at - 1] == '&')) return std::string(url);
  return std::string(base) + (base.find('?') == std::string_view::npos ? "?" : "&") + "width=" + std::to_string(width) +
         std::string(hash == std::string_view::npos ? std::string_view() : url.substr(hash));
}

namespace {

std::string image_of(const json::value* node) {
  const json::object* o = node ? node->if_object() : nullptr;
  const json::value* url = o ? o->if_contains("imageUrl") : nullptr;
  return url && url->is_string() ? client_image_url(url->as_string()) : std::string();
}

// A list answer kept serialised ({"entries":[{...}, ...], ...}): only its
// first entry is parsed, not the page of twenty.
std::string first_entry_image(std::string_view list) {
  const auto key = list.find("\"entries\":");
  if (key == std::string_view::npos) return {};
  const auto open = list.find_first_not_of(" \t\r\n", key + 10);
  if (open == std::string_view::npos || list[open] != '[') return {};
  json::stream_parser parser;
  boost::system::error_code ec;
  parser.write_some(list.substr(open + 1), ec);
  if (ec || !parser.done()) return {};
  const json::value entry = parser.release();
  return image_of(&entry);
}

}  // namespace

// Mirrors what the client draws first: ArticleDetailsView's eager artwork, the
// first card of a list, HeroBanner's first slide.
std::string first_view_image(const json::value& data, const http::JsonMembers& raw_data, const std::vector<std::string>& chrome) {
  for (const auto& [name, text] : raw_data) {
    if (name == "list") return first_entry_image(text);
    if (name == "search") return search_first_image(text);
  }
  const json::object* page = data.if_object();
  if (!page) return {};
  if (const json::value* article = page->if_contains("article")) return image_of(article);
  if (const json::value* list = page->if_contains("list"); list && list->is_object())
    if (const json::value* entries = list->as_object().if_contains("entries"); entries && entries->is_array())
      return entries->as_array().empty() ? std::string() : image_of(&entries->as_array()[0]);
  const json::value* structures = page->if_contains("structures");
  if (!structures || !structures->is_object()) return {};
  for (const auto& [name, node] : structures->as_object()) {
    if (std::find(chrome.begin(), chrome.end(), std::string_view(name)) != chrome.end() || !node.is_object()) continue;
    const json::value* nodes = node.as_object().if_contains("substructure");
    if (!nodes || !nodes->is_array() || nodes->as_array().empty() || !nodes->as_array()[0].is_object()) continue;
    const json::object& first = nodes->as_array()[0].as_object();
    const json::value* first_data = first.if_contains("data");
    const json::value* props = first_data && first_data->is_object() ? first_data->as_object().if_contains("customProperties") : nullptr;
    const json::value* type = props && props->is_object() ? props->as_object().if_contains("type") : nullptr;
    if (!type || !type->is_string() || type->as_string() != "banner") continue;
    const json::value* slides = first.if_contains("substructure");
    if (!slides || !slides->is_array() || slides->as_array().empty() || !slides->as_array()[0].is_object()) continue;
    return image_of(slides->as_array()[0].as_object().if_contains("data"));
  }
  return {};
}

}  // namespace portal::app
