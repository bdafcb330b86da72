#include "http/route_manifest.hpp"

#include <boost/json.hpp>
#include <stdexcept>

#include "http/path_segments.hpp"

namespace portal::http {
namespace json = boost::json;
namespace {

std::string str(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// Matches path segments against a pattern with ":x" and trailing-or-inner
// optional ":x?" segments, by trying the optional one present and absent.
bool matches(const std::vector<std::string>& pattern, std::size_t pi, const std::vector<std::string_view>& path,
             std::size_t si) {
  if (pi == pattern.size()) return si == path.size();
  const std::string& p = pattern[pi];
  const bool param = p.size() > 1 && p.front() == ':';
  const bool optional = param && p.back() == '?';
  if (optional && matches(pattern, pi + 1, path, si)) return true;
  if (si == path.size()) return false;
  if (!param && p != path[si]) return false;
  return matches(pattern, pi + 1, path, si + 1);
}

// Literal segments make a route more specific than parameters.
int specificity(const std::vector<std::string>& segments) {
  int score = 0;
  for (const auto& s : segments) score += (!s.empty() && s.front() == ':') ? 1 : 3;
  return score;
}

}  // namespace

RouteManifest RouteManifest::parse(const json::value& manifest) {
  RouteManifest m;
  const json::object& root = manifest.as_object();
  for (const auto& l : root.at("languages").as_array()) {
    const auto& o = l.as_object();
    m.languages_.push_back({str(o, "code"), str(o, "iso"), str(o, "name"), str(o, "dir").empty() ? "ltr" : str(o, "dir")});
  }
  if (auto d = str(root, "defaultLanguage"); !d.empty()) m.default_language_ = d;
  for (const auto& r : root.at("routes").as_array()) {
    const auto& o = r.as_object();
    PageRoute route{str(o, "path"), str(o, "name"), str(o, "titleKey"), str(o, "descriptionKey"), str(o, "layout"),
                    o.if_contains("protected") && o.at("protected").is_bool() && o.at("protected").as_bool(), {}};
    if (route.path.empty() || route.path.front() != '/') throw std::invalid_argument("route without a path");
    if (const json::value* modules = o.if_contains("modules"); modules && modules->is_array())
      for (const auto& m : modules->as_array())
        if (m.is_string() && m.as_string().starts_with("/") && !m.as_string().starts_with("//"))
          route.modules.emplace_back(m.as_string());
    m.routes_.push_back(std::move(route));
  }
  for (std::size_t i = 0; i < m.routes_.size(); ++i) {
    std::vector<std::string> segments;
    for (auto s : path_segments(m.routes_[i].path)) segments.emplace_back(s);
    m.compiled_.push_back({std::move(segments), i});
  }
  std::stable_sort(m.compiled_.begin(), m.compiled_.end(),
                   [](const Compiled& a, const Compiled& b) { return specificity(a.segments) > specificity(b.segments); });
  return m;
}

RouteManifest RouteManifest::fallback() {
  return parse(json::parse(R"({"languages":[{"code":"en","iso":"en-US","name":"English","dir":"ltr"},
    {"code":"ar","iso":"ar-EG","name":"العربية","dir":"rtl"},{"code":"fr","iso":"fr-FR","name":"Français","dir":"ltr"},
    {"code":"de","iso":"de-DE","name":"Deutsch","dir":"ltr"},{"code":"es","iso":"es-ES","name":"Español","dir":"ltr"},
    {"code":"ro","iso":"ro-RO","name":"Română","dir":"ltr"}],"defaultLanguage":"en",
    "routes":[{"path":"/","name":"home","titleKey":"meta.home.title","descriptionKey":"meta.home.description","layout":"default"}]})"));
}

const Language* RouteManifest::language(std::string_view code) const {
  for (const auto& l : languages_)
    if (l.code == code) return &l;
  return nullptr;
}

RouteMatch RouteManifest::match(std::string_view path) const {
  RouteMatch result;
  auto segments = path_segments(path);
  if (!segments.empty() && language(segments.front())) {
    result.lang = std::string(segments.front());
    segments.erase(segments.begin());
  }
  result.unprefixed = "/";
  for (std::size_t i = 0; i < segments.size(); ++i) result.unprefixed += std::string(segments[i]) + (i + 1 < segments.size() ? "/" : "");
  // Trailing slashes are not used, but "/ar/" is the Arabic home page.
  const bool trailing_slash = path.size() > 1 && path.back() == '/' && !(segments.empty() && !result.lang.empty());
  if (trailing_slash) return result;
  for (const auto& c : compiled_) {
    if (matches(c.segments, 0, segments, 0)) {
      result.route = &routes_[c.route];
      break;
    }
  }
  return result;
}

}  // namespace portal::http
