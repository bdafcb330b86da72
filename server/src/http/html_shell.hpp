#pragma once
// Fills the client's index.html for one page: <html lang dir data-theme>, the
// title, meta and Open Graph tags, hreflang alternates, the tenant icon,
// colours and stylesheet, preloads of the page's chunks and first image, the
// first payload as a JSON script (contracts.md), and the response's CSP nonce
// wherever the build put its placeholder.
#include <boost/json/value.hpp>
#include <string>
#include <vector>

#include "http/route_manifest.hpp"

namespace portal::http {

// What a page's data may say about the document head (catalog detail pages:
// the article's title, description, image and schema.org JSON-LD; content
// pages: their structure's title).
struct PageHead {
  std::string title;
  std::string description;
  std::string image;         // absolute, or a path on this origin
  std::string og_type;       // e.g. "music.song", "video.movie"; "" keeps "website"
  boost::json::value json_ld;
  // The page's own address without a language prefix (an article's href): its canonical link and
  // hreflang alternates instead of the requested path (a stale slug, an older shape); "" keeps the request's.
  std::string canonical;
};

struct ShellPage {
  std::string lang;
  std::string dir;           // ltr | rtl
  std::string theme;         // light | dark
  std::string title;
  std::string description;
  std::string origin;        // "http://host:port" for absolute links
  std::string path;          // the requested path (canonical link)
  std::string unprefixed;    // the page path without language prefix
  std::string image;         // Open Graph image URL, or empty
  std::string icon;          // the tenant's icon URL (replaces the build's), or empty
  std::string theme_color;   // <meta name="theme-color"> (the web app manifest's), or empty
  std::string colors_css;    // tenant colour variables
  std::string nonce;         // this response's CSP nonce: the build's tags and the colours' <style>
  std::string custom_style;  // stylesheet URL, or empty
  const std::vector<Language>* languages = nullptr;
  std::string og_type = "website";
  boost::json::value json_ld;  // a schema.org object for <script type="application/ld+json">, or null
  // The page's own JavaScript chunks (<link rel="modulepreload">, with the nonce) and the image its
  // first viewport shows largest (<link rel="preload" as="image">, the LCP), so neither waits for
  // the entry script to ask.
  std::vector<std::string> modules;
  std::string preload_image;
  // Markup drawn inside <div id="root"> until the app's first render replaces it (app/first_view.*).
  std::string first_view;
  boost::json::value payload;
  // Members added to the payload object as they are: pre-serialised JSON that
  // is already safe inside <script> (the message bundle, made once per language
  // instead of copied and serialised on every request).
  std::vector<std::pair<std::string, std::string_view>> raw_payload_members;
};

// "ar" + "/music" → "/ar/music"; "ar" + "/" → "/ar"; "" + path → path.
std::string localized_path(std::string_view lang, std::string_view unprefixed);

std::string render_shell(std::string_view template_html, const ShellPage& page);

// Moves the build's module script and preloads out of the head into a script
// that adds them once the first frame is painted (pages with a first view).
void load_scripts_after_first_paint(std::string& html, const std::string& nonce);

// JSON safe inside <script>: "<" becomes \u003c so "</script>" cannot end it.
std::string script_json(const boost::json::value& value);
// The same for text that already is JSON.
std::string script_safe(std::string_view json_text);

}  // namespace portal::http
