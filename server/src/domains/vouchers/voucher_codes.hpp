#pragma once
// Voucher codes as people read and type them: 16 characters in four groups,
// "BCDF-GH2J-KLMN-PQ5R". New codes are drawn from kCodeAlphabet: consonants
// and digits only, without the vowels (Y included) and the digits that read as
// one (0/O, 1/I, 3/E, 4/A), so that no code spells a word (a demo code once read
// "FUCK-..."; issue 72 item 11), as voucher code generators do. 26 symbols, 16
// of them: 75 random bits. Typed input is forgiving (lower case, spaces,
// missing or extra dashes) and still reads the letters of the codes issued
// before (kReadAlphabet: 32 letters without 0/O and 1/I), so they keep working.
// Only a keyed hash of a code is stored.
#include <optional>
#include <string>
#include <string_view>

namespace portal::vouchers {

inline constexpr std::string_view kCodeAlphabet = "BCDFGHJKLMNPQRSTVWXZ256789";
inline constexpr std::string_view kReadAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
inline constexpr std::size_t kCodeLength = 16;

// A fresh code from the system's CSPRNG, each character drawn uniformly from kCodeAlphabet, in groups of four.
std::string new_code();
// The code as derived from 10 bytes, read as one number written in kCodeAlphabet (the demo seed derives stable codes).
std::string code_from_bytes(const unsigned char (&bytes)[10]);
// The 16 characters of a typed code (upper-cased, spaces and dashes dropped);
// nullopt when it cannot be a code (wrong length or a letter not in kReadAlphabet).
std::optional<std::string> normalize_code(std::string_view typed);
// Four groups of four normalized characters, joined by hyphens ("BCDF-GH2J-KLMN-PQ5R").
std::string group_code(std::string_view normalized);
// HMAC-SHA256 of the normalized code with the server's voucher key, as hex.
std::string code_hash(std::string_view key, std::string_view normalized);

}  // namespace portal::vouchers
