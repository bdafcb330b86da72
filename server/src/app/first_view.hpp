#pragma once
// The first viewport, drawn by the server inside #root (issue 14): the header's
// brand and the page's largest part (a home's first hero slide, a list's heading
// and first cards, a details page's artwork and title), from the same payload
// the client renders. On a slow phone the page paints as soon as the HTML and
// the stylesheet arrive instead of after the scripts have run; React replaces it
// with the live page at its first commit (it clears its container).
//
// The markup uses the client's own Tailwind classes (web/src/index.css names
// this file as a source) and mirrors the components named at each part, so the
// swap does not move what the visitor is looking at. It is a picture: hidden from
// assistive technology and inert until the app takes over.
#include <boost/json/value.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "http/json.hpp"

namespace portal::app {

struct FirstViewTexts {
  std::string site;         // the tenant's display name
  std::string logo;         // the header's logo URL, or empty
  std::string heading;      // a list page's title (its route's), or empty
  std::string description;  // a list page's description
  std::string lang;         // the page's language code ("en", "ar", ...): the digits and dates of a details page's facts
  // A message of the page's language by key ("" when missing): a slide's call to action.
  std::function<std::string(std::string_view key)> message;
  std::string announcement;  // settings.global.announcement's words in the page's language, or empty
  // The structures of the header and the footer (settings.header/footer.structure): not the page's own.
  std::vector<std::string> chrome{"header", "footer"};
};

// A search answer's first shown image (its first section's first card), as the client asks for it.
std::string search_first_image(std::string_view search_answer);

// The markup to put inside #root; empty when the page has nothing the server can draw.
std::string first_view(const boost::json::value& data, const http::JsonMembers& raw_data, const FirstViewTexts& texts);

}  // namespace portal::app
