#pragma once
// The one HTML text a plan carries (DISPLAY_SERVICE_NAME_HTML_TEXT_{locale}, commerce §3), made
// safe on the server before any client sees it: only a tiny set of inline tags survives, without
// attributes; the contents of script, style and similar elements go, every other tag is dropped
// (its text kept), and text is escaped. docs/security.md "Plan texts".
#include <string>
#include <string_view>

namespace portal::subscriptions {

// Allowed: b, strong, i, em, u, s, small, mark, sup, sub, span, br.
std::string sanitize_plan_html(std::string_view html);

}  // namespace portal::subscriptions
