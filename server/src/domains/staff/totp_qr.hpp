#pragma once
// The QR code of an authenticator's otpauth:// address (issue 50 item 4), drawn as an inline SVG for the
// hosted enrolment page: a phone's authenticator app scans it instead of typing the 32-character secret.
// Encoded by libqrencode (Debian's libqrencode4), error correction M, with the 4-module quiet zone scanners need.
#include <string>
#include <string_view>

namespace portal::staff {

// An <svg> element (role img, labelled `label`), or "" when the text cannot be encoded (too long for a QR code).
std::string qr_svg(std::string_view text, std::string_view label);

}  // namespace portal::staff
