#pragma once
// Voucher codes as people read and type them: 16 characters of a 32-letter
// alphabet without the look-alikes 0/O and 1/I (5 bits each: 80 random bits),
// in four groups, "ABCD-EFGH-JKLM-NPQR". Typed input is forgiving (lower case,
// spaces, missing or extra dashes). Only a keyed hash of a code is stored.
#include <optional>
#include <string>
#include <string_view>

namespace portal::vouchers {

inline constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
inline constexpr std::size_t kCodeLength = 16;  // 16 x 5 bits = 80 bits

// A fresh code from the system's CSPRNG: 16 characters of the readable alphabet in groups of four ("MW2A-B5DG-QERK-6DAA").
std::string new_code();
// The code as derived from 10 bytes (the demo seed derives stable codes).
std::string code_from_bytes(const unsigned char (&bytes)[10]);
// The 16 characters of a typed code (upper-cased, spaces and dashes dropped);
// nullopt when it cannot be a code (wrong length or a letter not in the alphabet).
std::optional<std::string> normalize_code(std::string_view typed);
// Four groups of four normalized characters, joined by hyphens ("MW2A-B5DG-QERK-6DAA").
std::string group_code(std::string_view normalized);
// HMAC-SHA256 of the normalized code with the server's voucher key, as hex.
std::string code_hash(std::string_view key, std::string_view normalized);

}  // namespace portal::vouchers
