#include "http/html_shell.hpp"

#include <boost/json.hpp>

#include "core/text.hpp"
#include "http/security_headers.hpp"

namespace portal::http {
namespace {

// Replaces the first text from `open` up to and including `close`.
void replace_between(std::string& html, std::string_view open, std::string_view close, const std::string& with) {
  const auto start = html.find(open);
  if (start == std::string::npos) return;
  const auto end = html.find(close, start);
  if (end == std::string::npos) return;
  html.replace(start, end + close.size() - start, with);
}

}  // namespace

std::string localized_path(std::string_view lang, std::string_view unprefixed) {
  if (lang.empty()) return std::string(unprefixed);
  if (unprefixed == "/") return "/" + std::string(lang);  // no trailing slash (spec §2)
  return "/" + std::string(lang) + std::string(unprefixed);
}

std::string script_safe(std::string_view json_text) {
  // Copied in runs between the '<'s (a page's payload is tens of kilobytes).
  std::string out;
  out.reserve(json_text.size() + 64);
  for (std::size_t from = 0;;) {
    const auto at = json_text.find('<', from);
    out.append(json_text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
    if (at == std::string_view::npos) return out;
    out += "\\u003c";
    from = at + 1;
  }
}

std::string script_json(const boost::json::value& value) { return script_safe(boost::json::serialize(value)); }

namespace {

// The value of attribute `name` in the tag text, or "".
std::string attribute(std::string_view tag, std::string_view name) {
  const std::string key = " " + std::string(name) + "=\"";
  const auto at = tag.find(key);
  if (at == std::string_view::npos) return {};
  const auto end = tag.find('"', at + key.size());
  return end == std::string_view::npos ? std::string() : std::string(tag.substr(at + key.size(), end - at - key.size()));
}

// Takes every tag from `open` to `close` out of the head, giving each one's `name` attribute.
std::vector<std::string> take_tags(std::string& html, std::string_view open, std::string_view close, std::string_view name) {
  std::vector<std::string> values;
  const auto head_end = html.find("</head>");
  for (auto at = html.find(open); at != std::string::npos && at < head_end; at = html.find(open, at)) {
    auto end = html.find(close, at);
    if (end == std::string::npos) break;
    end += close.size();
    if (end < html.size() && html[end] == '\n') ++end;
    if (auto value = attribute(std::string_view(html).substr(at, end - at), name); !value.empty()) values.push_back(std::move(value));
    html.erase(at, end - at);
  }
  return values;
}

}  // namespace

// A page the server has drawn does not wait for its scripts, and they need not
// race its image and stylesheet: the entry and its preloads are asked for once
// the first contentful paint is on screen (the paint timing entry comes when
// the frame is presented), or after 3 s where none comes. A frame callback is
// too early: it runs before the frame is rastered, and the scripts' parsing on
// the browser's worker threads then held the first frame back by up to a second
// on a two-core machine. Where paint timing is missing: a frame callback, then
// a task, or 400 ms (a background tab). The entry first, then one preload per
// task: each costs a few milliseconds on a slow phone, and fifteen in one task
// made a long task after the first paint (issue 14, Total Blocking Time).
void load_scripts_after_first_paint(std::string& html, const std::string& nonce) {
  const auto entries = take_tags(html, "<script type=\"module\"", "</script>", "src");
  if (entries.empty()) return;
  const auto preloads = take_tags(html, "<link rel=\"modulepreload\"", ">", "href");
  boost::json::array modules(preloads.begin(), preloads.end());
  const std::string script =
      "<script nonce=\"" + nonce + "\">(function(){var done=0,d=document,n=" + script_json(boost::json::string(nonce)) +
      ",p=" + script_json(modules) + ",e=" + script_json(boost::json::string(entries.front())) +
      ";function add(t,o){var x=d.createElement(t);for(var k in o)x[k]=o[k];x.crossOrigin='';x.nonce=n;d.head.appendChild(x)}"
      "function next(i){if(i<p.length){add('link',{rel:'modulepreload',href:p[i]});setTimeout(function(){next(i+1)})}}"
      "function go(){if(done)return;done=1;add('script',{type:'module',src:e});next(0)}"
      "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(l,o){"
      "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});"
      "setTimeout(go,3000);return}}catch(x){}"
      "requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,400)})()</script>";
  if (auto at = html.rfind("</body>"); at != std::string::npos) html.insert(at, script);
  else html += script;
}

std::string render_shell(std::string_view template_html, const ShellPage& page) {
  std::string html(template_html);
  // First, while only the build's text is there: Vite's tags (html.cspNonce) and
  // <meta property="csp-nonce">, from which the client takes the nonce for the styles it adds.
  const std::string nonce = core::escape_html(page.nonce);
  for (auto at = html.find(kNoncePlaceholder); at != std::string::npos; at = html.find(kNoncePlaceholder, at + nonce.size()))
    html.replace(at, kNoncePlaceholder.size(), nonce);

  std::string html_open = "<html lang=\"" + core::escape_html(page.lang) + "\" dir=\"" + core::escape_html(page.dir) +
                          "\" data-theme=\"" + core::escape_html(page.theme) + "\"" +
                          (page.theme == "dark" ? " class=\"dark\"" : "") + ">";
  replace_between(html, "<html", ">", html_open);
  replace_between(html, "<title>", "</title>", "<title>" + core::escape_html(page.title) + "</title>");
  if (!page.icon.empty()) replace_between(html, "<link rel=\"icon\"", ">", "<link rel=\"icon\" href=\"" + core::escape_html(page.icon) + "\">");

  std::string head;
  // First: the browser starts the first viewport's largest image while it still parses the head.
  if (!page.preload_image.empty())
    head += "<link rel=\"preload\" as=\"image\" href=\"" + core::escape_html(page.preload_image) + "\" fetchpriority=\"high\">\n";
  head += "<meta name=\"description\" content=\"" + core::escape_html(page.description) + "\">\n";
  head += "<meta property=\"og:title\" content=\"" + core::escape_html(page.title) + "\">\n";
  head += "<meta property=\"og:description\" content=\"" + core::escape_html(page.description) + "\">\n";
  head += "<meta property=\"og:type\" content=\"" + core::escape_html(page.og_type) + "\">\n";
  const std::string& current = page.path;
  head += "<meta property=\"og:url\" content=\"" + core::escape_html(page.origin + current) + "\">\n";
  head += "<meta property=\"og:locale\" content=\"" + core::escape_html(page.lang) + "\">\n";
  if (!page.image.empty()) head += "<meta property=\"og:image\" content=\"" + core::escape_html(page.image) + "\">\n";
  // Install as an app (issue 16): the tenant's manifest (GET /manifest.webmanifest) and its colour.
  head += "<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n";
  if (!page.theme_color.empty()) head += "<meta name=\"theme-color\" content=\"" + core::escape_html(page.theme_color) + "\">\n";
  head += "<link rel=\"canonical\" href=\"" + core::escape_html(page.origin + current) + "\">\n";
  if (page.languages) {
    for (const auto& l : *page.languages)
      head += "<link rel=\"alternate\" hreflang=\"" + core::escape_html(l.code) + "\" href=\"" +
              core::escape_html(page.origin + localized_path(l.code, page.unprefixed)) + "\">\n";
    head += "<link rel=\"alternate\" hreflang=\"x-default\" href=\"" + core::escape_html(page.origin + page.unprefixed) + "\">\n";
  }
  if (!page.colors_css.empty()) {
    std::string css = page.colors_css;  // "</" would end the style element
    for (auto at = css.find("</"); at != std::string::npos; at = css.find("</", at + 3)) css.replace(at, 2, "<\\/");
    head += "<style id=\"tenant-colors\" nonce=\"" + nonce + "\">" + css + "</style>\n";
  }
  if (!page.custom_style.empty())
    head += "<link rel=\"stylesheet\" id=\"tenant-custom-style\" href=\"" + core::escape_html(page.custom_style) + "\">\n";
  if (!page.json_ld.is_null())
    head += "<script type=\"application/ld+json\">" + script_json(page.json_ld) + "</script>\n";

  std::string payload_json = script_json(page.payload);
  if (!page.raw_payload_members.empty() && payload_json.ends_with('}')) {
    payload_json.pop_back();
    for (const auto& [key, json] : page.raw_payload_members) {
      if (payload_json.size() > 1) payload_json += ',';
      payload_json += script_json(boost::json::string(key));
      payload_json += ':';
      payload_json += json;
    }
    payload_json += '}';
  }
  const std::string payload = "<script id=\"__PORTAL_DATA__\" type=\"application/json\">" + payload_json + "</script>";

  auto put = [&html](std::string_view marker, const std::string& text, std::string_view fallback_before) {
    if (auto at = html.find(marker); at != std::string::npos) {
      html.replace(at, marker.size(), text);
    } else if (auto before = html.find(fallback_before); before != std::string::npos) {
      html.insert(before, text);
    }
  };
  put("<!--portal-head-->", head, "</head>");
  if (!page.modules.empty()) {
    // After the build's own tags, so the entry and its vendor chunks are asked for first.
    std::string preloads;
    for (const auto& module : page.modules)
      preloads += "<link rel=\"modulepreload\" crossorigin href=\"" + core::escape_html(module) + "\" nonce=\"" + nonce + "\">\n";
    if (auto at = html.find("</head>"); at != std::string::npos) html.insert(at, preloads);
  }
  put("<!--portal-payload-->", payload, "</body>");
  if (!page.first_view.empty()) {
    if (auto at = html.find("<div id=\"root\"></div>"); at != std::string::npos) html.insert(at + 15, page.first_view);
    load_scripts_after_first_paint(html, nonce);
  }
  return html;
}

}  // namespace portal::http
