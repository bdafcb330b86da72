#pragma once
// One rule for every link and colour an operator supplies (tenant settings and
// features, structure nodes, plan attributes, the web app's icons): what the
// storefront later puts into an href, a src, a redirect or a stylesheet.
//   - a link is an http(s) URL with a plain origin (core::strict_origin: DNS
//     labels or an IP literal, no user info, a numeric port), or a path of the
//     storefront itself: "/" and then anything but a second "/" or "\" (which a
//     browser reads as another host); never a scheme such as javascript: or
//     data:, and nowhere a space, a control character (a browser strips a tab
//     from "/\t/evil.example" and leaves the site), a backslash, a quote or an
//     angle bracket;
//   - a colour is "#" and 3, 4, 6 or 8 hex digits, a colour keyword, or one of
//     the CSS colour functions (rgb, hsl, hwb, lab, lch, oklab, oklch and the
//     alpha forms) of numbers, units, commas, spaces and "/": never url(),
//     expression(), var() or anything that reaches out of the declaration.
#include <string_view>

namespace portal::core {

inline constexpr std::size_t kMaxLinkLength = 2048;

bool safe_link(std::string_view text);
bool safe_colour(std::string_view text);

}  // namespace portal::core
