#pragma once
// App names that look alike (docs/security.md "App names and redirect
// addresses"; docs/decisions.md "Look-alike app names"). An app's name is what
// a user reads on the consent screen before granting access, so a second app
// must not be able to pass for the first: "Step Counter" with a Cyrillic "е",
// or with a zero-width space inside, is refused. ICU does the Unicode work
// (normalisation, character properties, the UTS #39 confusables data).
#include <string>
#include <string_view>

namespace portal::apps {

// Whether the name holds characters a person does not see or that change how
// text around them is shown: controls, format characters (zero-width spaces
// and joiners, bidi overrides, soft hyphens), line and paragraph separators,
// other default-ignorable code points (Hangul fillers, variation selectors),
// private-use, unassigned or surrogate code points, and what ICU's spoof
// checker calls invisible (the same non-spacing mark twice in a row).
bool has_invisible_characters(std::string_view utf8);

// The name's confusable key, UTF-8: NFKC without default-ignorable code
// points, ICU's uspoof_getSkeleton (UTS #39), case folding (NFKC_Casefold) and
// the skeleton again. Two names with the same key look alike, whatever their
// case: "PayPal", "paypal", "PayPaI" (an upper-case I for the l), "Pаypal"
// (a Cyrillic а), "ＰａｙＰａｌ" (full width), "Pay\u200BPal". Unique per tenant
// (apps.name_skeleton). A key to compare, never a text to show.
std::string name_skeleton(std::string_view utf8);

}  // namespace portal::apps
