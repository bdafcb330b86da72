#pragma once
// The names downloads are saved under (issue 72 item 16): made from titles, never from ids, and safe on every
// operating system a buyer saves them on. One rule for a track's file, an album's zip and the entries in it, a
// game's package, and the Content-Disposition header that names them.
#include <cstddef>
#include <string>
#include <string_view>

namespace portal::core {

inline constexpr std::size_t kFileStemBytes = 120;  // a name's stem at most (255 is the usual file system limit)

// `text` as a file name's stem, safe on Windows, macOS, Linux, Android and iOS: valid UTF-8 only; no control
// character and no invisible or direction-changing one (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF:
// an RLO could show "3pm.exe" as "exe.mp3"); "/", "\" and "|" become "-", ":" becomes " - ", and
// " < > ? * are dropped; runs of spaces become one; no leading or trailing space or dot; a Windows device name
// (CON, PRN, AUX, NUL, COM1–9, LPT1–9) gets a "_" before it; at most max_bytes, never cutting a character.
// "" when nothing is left (the caller falls back, to an id say).
std::string file_stem(std::string_view text, std::size_t max_bytes = kFileStemBytes);

// "stem.ext" of the parts, each made safe by file_stem ("Neon Harbor - Midnight Drive.mp3"); `fallback_stem`
// (made safe too) when the stem is empty; ext without its dot, "" for none.
std::string file_name(std::string_view stem, std::string_view ext, std::string_view fallback_stem);

// The extension of a path's last segment, in lower case and without its dot ("audio/20001.MP3" -> "mp3"); ""
// when it has none or it is not 1 to 8 ASCII letters and digits.
std::string file_extension(std::string_view path);

// The Content-Disposition of a download saved as `name` (a file_name): `attachment; filename="<ASCII>";
// filename*=UTF-8''<percent-encoded name>` (RFC 6266, RFC 8187). The ASCII name is for clients without
// filename*: each run of other characters one "_", and `fallback` (ASCII) when no letter or digit is left of
// its stem.
std::string attachment_disposition(std::string_view name, std::string_view fallback);

}  // namespace portal::core
