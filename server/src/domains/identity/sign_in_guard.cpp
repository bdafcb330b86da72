#include "domains/identity/sign_in_guard.hpp"

#include <algorithm>
#include <ctime>

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/identity_service.hpp"

namespace portal::identity {
namespace {

using std::chrono::seconds;


bool lowercase_hex(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool well_formed(std::string_view entry) {
  return entry.size() == 97 && entry[32] == '.' && lowercase_hex(entry.substr(0, 32)) && lowercase_hex(entry.substr(33));
}

}  // namespace

SignInGuard::SignInGuard(ThrottleRepository& throttle, const core::Clock& clock, ThrottleLimits limits,
                         std::string realm)
    : throttle_(throttle), clock_(clock), limits_(limits), realm_(std::move(realm)), device_key_(core::random_hex(32)) {}


Result<void> SignInGuard::check(std::int64_t tenant_id, const std::string& account_in, const std::string& address_in) {
  const std::string account = subject(account_in), address = subject(address_in);
  const auto now = clock_.now();
  const std::string start = db::utc_timestamp(now - limits_.window);
  auto wait = [&](core::Clock::time_point until) {
    return too_many_attempts(std::chrono::duration_cast<seconds>(until - now) + seconds(1));
  };
  // This account from this address: free for a few tries, then 30 s, 60 s, ...
  // after the last failure, up to the window.
  if (!account_in.empty() && !address_in.empty()) {
    const auto w = throttle_.since(tenant_id, ThrottleScope::pair, account + "|" + address_in, start);
    if (w.count >= limits_.pair_free) {
      const auto doublings = std::min<std::int64_t>(w.count - limits_.pair_free, 20);
      const auto delay = std::min<seconds>(limits_.pair_delay * (std::int64_t{1} << doublings), limits_.window);
      const auto until = core::parse_utc(w.newest).value_or(core::UtcTime{}) + delay;
      if (until > now) return wait(until);
    }
  }
  auto ceiling = [&](ThrottleScope scope, const std::string& subject, int limit) -> std::optional<Error> {
    if (subject.empty()) return std::nullopt;
    const auto w = throttle_.since(tenant_id, scope, subject, start);
    if (w.count < limit) return std::nullopt;
    return wait(core::parse_utc(w.oldest).value_or(core::UtcTime{}) + limits_.window);
  };
  if (auto e = ceiling(ThrottleScope::account, account, limits_.per_account)) return *e;
  if (auto e = ceiling(ThrottleScope::address, address, limits_.per_address)) return *e;
  return {};
}

void SignInGuard::record_failure(std::int64_t tenant_id, const std::string& account_in, const std::string& address_in) {
  const std::string account = subject(account_in), address = subject(address_in);
  const std::string now = clock_.now_text();
  if (!account_in.empty() && !address_in.empty())
    throttle_.record(tenant_id, ThrottleScope::pair, account + "|" + address_in, now);
  if (!account.empty()) throttle_.record(tenant_id, ThrottleScope::account, account, now);
  if (!address.empty()) throttle_.record(tenant_id, ThrottleScope::address, address, now);
  throttle_.prune(tenant_id, db::utc_timestamp(clock_.now() - std::max(limits_.window, limits_.request_window)));
}

void SignInGuard::forget_account(std::int64_t tenant_id, const std::string& account) {
  throttle_.clear(tenant_id, ThrottleScope::account, subject(account));
}

Result<void> SignInGuard::take_request(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject_in,
                                       int limit) {
  if (subject_in.empty()) return {};
  const std::string key = subject(subject_in);
  const auto now = clock_.now();
  const auto w = throttle_.since(tenant_id, scope, key, db::utc_timestamp(now - limits_.request_window));
  if (w.count >= limit)
    return too_many_requests(std::chrono::duration_cast<seconds>(core::parse_utc(w.oldest).value_or(core::UtcTime{}) + limits_.request_window - now) +
                             seconds(1));
  throttle_.record(tenant_id, scope, key, clock_.now_text());
  return {};
}

// ---- device cookies
//
// An entry is "<nonce>.<mac>", mac = HMAC-SHA256(device key, "<realm>device|<tenant>|<e-mail>|<nonce>"), 32 and
// 64 hex characters; a cookie holds up to kDeviceCookieEntries entries joined by '~', one per account signed in on
// the browser. Nothing is stored: an entry proves that this browser signed in to this account before.

std::string SignInGuard::device_mac(std::int64_t tenant_id, const std::string& email, std::string_view nonce) const {
  return core::hmac_sha256_hex(device_key_, (realm_.empty() ? "" : realm_ + "-") + "device|" +
                                                std::to_string(tenant_id) + "|" + email + "|" + std::string(nonce));
}

std::optional<std::string> SignInGuard::device_nonce(std::int64_t tenant_id, const std::string& email,
                                                     std::string_view cookie) const {
  if (cookie.size() > kDeviceCookieEntries * 98) return std::nullopt;
  while (!cookie.empty()) {
    const auto end = cookie.find('~');
    const std::string_view entry = cookie.substr(0, end);
    cookie = end == std::string_view::npos ? std::string_view{} : cookie.substr(end + 1);
    if (!well_formed(entry)) continue;
    const auto nonce = entry.substr(0, 32), mac = entry.substr(33);
    if (core::equal_constant_time(device_mac(tenant_id, email, nonce), mac)) return std::string(nonce);
  }
  return std::nullopt;
}

std::string SignInGuard::device_cookie(std::int64_t tenant_id, std::string_view email_in,
                                       std::string_view current) const {
  const std::string email = normalize_email(email_in);
  const std::string nonce = core::random_hex(16);
  std::string out = nonce + "." + device_mac(tenant_id, email, nonce);
  std::size_t kept = 1;
  // The other accounts' entries stay (well-formed ones only, newest first); this account's old one goes.
  while (!current.empty() && kept < kDeviceCookieEntries && current.size() <= kDeviceCookieEntries * 98) {
    const auto end = current.find('~');
    const std::string_view entry = current.substr(0, end);
    current = end == std::string_view::npos ? std::string_view{} : current.substr(end + 1);
    if (!well_formed(entry)) continue;
    if (core::equal_constant_time(device_mac(tenant_id, email, entry.substr(0, 32)), entry.substr(33))) continue;
    out += "~" + std::string(entry);
    ++kept;
  }
  return out;
}

Result<SignInGuard::Admission> SignInGuard::admit(std::int64_t tenant_id, const std::string& account,
                                                  const std::string& address, std::string_view cookie) {
  // The owner's browser (a device cookie of this account that has not failed
  // too often) passes the account's limits; any other attempt meets them.
  Admission a{device_nonce(tenant_id, account, cookie)};
  if (a.device) {
    const auto start = db::utc_timestamp(clock_.now() - limits_.window);
    if (throttle_.since(tenant_id, ThrottleScope::device, subject(*a.device), start).count >= limits_.per_device)
      a.device.reset();
  }
  if (!a.device)
    if (auto t = check(tenant_id, account, address); !t) return t.error();
  return a;
}

bool SignInGuard::failed(std::int64_t tenant_id, const Admission& a, const std::string& account,
                         const std::string& address) {
  if (a.device) {
    throttle_.record(tenant_id, ThrottleScope::device, subject(*a.device), clock_.now_text());
    return false;
  }
  const auto start = db::utc_timestamp(clock_.now() - limits_.window);
  const bool open = account.empty() ||
                    throttle_.since(tenant_id, ThrottleScope::account, subject(account), start).count < limits_.per_account;
  record_failure(tenant_id, account, address);
  return open && !account.empty() &&
         throttle_.since(tenant_id, ThrottleScope::account, subject(account), start).count >= limits_.per_account;
}

void SignInGuard::succeeded(std::int64_t tenant_id, const std::string& account, const std::string& address) {
  throttle_.clear(tenant_id, ThrottleScope::pair, subject(account) + "|" + address);
}

}  // namespace portal::identity
