#pragma once
// The web app manifest (application/manifest+json) a tenant's site answers
// (tenants_app.hpp web_manifest); members the tenant does not set are left out.
#include <boost/describe/class.hpp>
#include <boost/json/value_from.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"

namespace portal::tenants {

struct ManifestIcon {
  std::string src;
  std::string sizes;
  std::optional<std::string> type;
  std::optional<std::string> purpose;
};
BOOST_DESCRIBE_STRUCT(ManifestIcon, (), (src, sizes, type, purpose))

struct WebManifest {
  std::string id;
  std::string name;
  std::string short_name;
  std::string lang;
  std::string dir;
  std::string start_url;
  std::string scope;
  std::string display;
  std::vector<std::string> categories;
  std::optional<std::string> description;
  std::optional<std::string> theme_color;
  std::optional<std::string> background_color;
  std::vector<ManifestIcon> icons;
};
BOOST_DESCRIBE_STRUCT(WebManifest, (),
                      (id, name, short_name, lang, dir, start_url, scope, display, categories, description,
                       theme_color, background_color, icons))

inline void tag_invoke(boost::json::value_from_tag, boost::json::value& v, const ManifestIcon& icon) {
  v = core::described_object(icon, {"type", "purpose"});
}
inline void tag_invoke(boost::json::value_from_tag, boost::json::value& v, const WebManifest& m) {
  v = core::described_object(m, {"description", "theme_color", "background_color"});
}

}  // namespace portal::tenants
