#include "app/demo_seed_guard.hpp"

#include <sodium.h>

#include <boost/describe/class.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/log.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"

namespace portal::app {
namespace {

struct SeedMark {
  std::string digest;
  std::string seeded_at;
};
BOOST_DESCRIBE_STRUCT(SeedMark, (), (digest, seeded_at))

constexpr std::string_view kSeedMarkOf = "SELECT digest, seeded_at FROM seed_marks WHERE tenant_id = $1 AND part = $2";
// A tenant the seed made: seed_tenants marks the "settings" of each tenant it writes from a demo tenant file, and
// writes no tenant it did not make (issue 74 item 3).
constexpr std::string_view kMadeBySeed = "SELECT count(*) FROM seed_marks WHERE tenant_id = $1 AND part = 'settings'";
constexpr std::string_view kSeedMarkWrite =
    "INSERT INTO seed_marks (tenant_id, part, digest, seeded_at) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (tenant_id, part) DO UPDATE SET digest = excluded.digest, seeded_at = excluded.seeded_at";
// A staff member's write of the part since $2 ('' for ever): an action that starts as $3 or $4 does ("plans.%").
constexpr std::string_view kSeedPartChangedByStaff =
    "SELECT count(*) FROM audit_log WHERE tenant_id = $1 AND at >= $2 AND (action LIKE $3 OR action LIKE $4)";

// The audit actions of each part, as two LIKE patterns (the second may repeat the first).
std::pair<std::string, std::string> seed_part_actions(std::string_view part) {
  if (part == "settings") return {"settings.%", "settings.%"};
  if (part == "plans") return {"plans.%", "plans.%"};
  if (part == "catalog") return {"catalog.%", "media.publish"};
  throw std::invalid_argument("demo seed: no audit actions for the part " + std::string(part));
}

// The file's digest (BLAKE2b, hex): the seed writes a part again only when its file changed.
std::string seed_file_digest(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("demo seed: cannot read " + file.string());
  std::ostringstream bytes;
  bytes << in.rdbuf();
  const std::string text = std::move(bytes).str();
  unsigned char out[32];
  crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(text.data()), text.size(), nullptr, 0);
  char hex[2 * sizeof out + 1];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

}  // namespace

bool DemoSeedGuard::may_write(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) {
  if (tenant_id == 0) return true;  // a new tenant: everything of it is missing
  const auto mark = db::read_first<SeedMark>(db_.query(kSeedMarkOf, {tenant_id, std::string(part)}));
  const auto [first, second] = seed_part_actions(part);
  const std::string since = mark ? mark->seeded_at : std::string();
  const auto changed = db::read_value<std::int64_t>(
      db_.query(kSeedPartChangedByStaff, {tenant_id, since, first, second}));
  if (changed.value_or(0) > 0) {
    // A warning: whoever changed the demo file sees why it was not applied to this tenant.
    core::log_json(spdlog::level::warn, "demo seed kept the operator's changes",
                   {{"tenant", tenant_id}, {"part", std::string(part)}});
    return false;
  }
  return !mark || mark->digest != digest(file);
}

const std::string& DemoSeedGuard::digest(const std::filesystem::path& file) {
  auto found = digests_.find(file);
  if (found == digests_.end()) found = digests_.emplace(file, seed_file_digest(file)).first;
  return found->second;
}

bool DemoSeedGuard::made_by_seed(std::int64_t tenant_id) {
  return db::read_value<std::int64_t>(db_.query(kMadeBySeed, {tenant_id})).value_or(0) > 0;
}

void DemoSeedGuard::wrote(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) {
  db_.execute(kSeedMarkWrite, {tenant_id, std::string(part), digest(file), db::utc_timestamp(clock_.now())});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(SeedMark, kSeedMarkOf);
}  // namespace portal::app
