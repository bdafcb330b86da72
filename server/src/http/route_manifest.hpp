#pragma once
// The client's route table, read from the routes manifest its build writes
// (web/dist/routes-manifest.json). The server uses it to answer 404 for paths
// no page serves and to give each page shell its title and meta.
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <vector>

namespace portal::http {

struct Language {
  std::string code;  // "ar"
  std::string iso;   // "ar-EG"
  std::string name;  // "العربية"
  std::string dir;   // "ltr" | "rtl"
};

struct PageRoute {
  std::string path;  // "/music/tracks/:title/:track"
  std::string name;
  std::string title_key;
  std::string description_key;
  std::string layout;
  bool is_protected = false;
  // The page's own JavaScript chunks ("/assets/x.js"), beyond what the entry brings: the shell
  // preloads them so the first paint waits for no further request.
  std::vector<std::string> modules;
};

struct RouteMatch {
  const PageRoute* route = nullptr;  // nullptr: no page at this path
  std::string lang;                  // the prefix language, "" when unprefixed
  std::string unprefixed;            // the path without its language prefix
};

class RouteManifest {
 public:
  static RouteManifest parse(const boost::json::value& manifest);  // throws std::invalid_argument
  // An empty manifest (no client build): only "/" is a page.
  static RouteManifest fallback();

  RouteMatch match(std::string_view path) const;
  const std::vector<Language>& languages() const { return languages_; }
  const Language* language(std::string_view code) const;
  const std::string& default_language() const { return default_language_; }

 private:
  struct Compiled {
    std::vector<std::string> segments;  // ":x" parameter, ":x?" optional
    std::size_t route;
  };
  std::vector<Language> languages_;
  std::string default_language_ = "en";
  std::vector<PageRoute> routes_;
  std::vector<Compiled> compiled_;
};

}  // namespace portal::http
