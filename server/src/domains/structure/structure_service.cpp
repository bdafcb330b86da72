#include "domains/structure/structure_service.hpp"

#include <boost/json.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component)
#include <algorithm>
#include <charconv>

#include "core/text.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_rules.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {

namespace json = boost::json;

namespace {

constexpr int kMaxForceTimeoutMs = 600'000;
constexpr std::size_t kMaxTextParam = 128;
constexpr char kSep = '\x1f';  // never appears in a name or a parameter we accept

Result<bool> parse_bool(std::string_view field, const std::string& v) {
  // in_place_value: a bool would also convert to the error.
  if (v == "true" || v == "1") return {boost::system::in_place_value, true};
  if (v == "false" || v == "0") return {boost::system::in_place_value, false};
  return Error::invalid(std::string(field), "must be true or false");
}

Result<int> parse_int(std::string_view field, const std::string& v, int max) {
  int out = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (v.empty() || ec != std::errc{} || end != v.data() + v.size() || out < 0 || out > max) {
    return Error::invalid(std::string(field), "must be a whole number from 0 to " + std::to_string(max));
  }
  return {boost::system::in_place_value, out};
}

bool printable(std::string_view v) {
  return std::all_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; });
}

}  // namespace

std::string StructureQuery::normalized() const {
  std::string key;
  key.reserve(32 + last_id.size() + os.size());  // one allocation: a cache hit builds this per request
  key += lang;
  key += kSep;
  key += pre_live ? '1' : '0';
  key += kSep;
  key += std::to_string(min_rating);
  key += kSep;
  key += std::to_string(max_rating);
  key += kSep;
  key += last_id;
  key += kSep;
  key += is_desktop ? (*is_desktop ? "d" : "m") : "-";
  key += kSep;
  key += os;
  return key;
}

Result<StructureQuery> parse_structure_query(const QueryLookup& get, const tenants::Tenant& tenant,
                                                   int max_rating) {
  StructureQuery q;
  q.lang = tenant_language(tenant);
  q.max_rating = max_rating;

  if (auto v = get("lang")) {
    if (std::find(kLanguages.begin(), kLanguages.end(), *v) == kLanguages.end()) {
      return Error::invalid("lang", "must be one of en, ar, fr, de, es, ro");
    }
    if (tenants::offers_language(tenant, *v)) q.lang = *v;  // else the tenant's own language
  }
  for (auto [field, target] : {std::pair{"omitCache", &q.omit_cache}, std::pair{"preLive", &q.pre_live}}) {
    if (auto v = get(field)) {
      auto b = parse_bool(field, *v);
      if (!b) return b.error();
      *target = *b;
    }
  }
  if (auto v = get("isDesktop")) {
    auto b = parse_bool("isDesktop", *v);
    if (!b) return b.error();
    q.is_desktop = *b;
  }
  for (auto [field, target, max] : {std::tuple{"minRating", &q.min_rating, 1000}, std::tuple{"maxRating", &q.max_rating, 1000},
                                    std::tuple{"forceTimeout", &q.force_timeout_ms, kMaxForceTimeoutMs}}) {
    if (auto v = get(field)) {
      auto n = parse_int(field, *v, max);
      if (!n) return n.error();
      *target = *n;
    }
  }
  if (q.min_rating > q.max_rating) return Error::invalid("minRating", "must not exceed maxRating");
  // Never above the request's limit (the cache keys on the lowered window).
  q.max_rating = std::min(q.max_rating, max_rating);
  q.min_rating = std::min(q.min_rating, q.max_rating);

  if (auto v = get("lastId")) {
    if (v->size() > kMaxTextParam || !printable(*v)) return Error::invalid("lastId", "is not a node id");
    q.last_id = *v == "0" ? std::string() : *v;
  }
  if (auto v = get("deviceId")) {
    if (v->size() > kMaxTextParam || !printable(*v)) return Error::invalid("deviceId", "is not a device id");
    q.device_id = *v;
  }
  if (auto v = get("os")) {
    std::string os = *v;
    os = core::lower(os);
    bool ok = !os.empty() && os.size() <= 32 && std::all_of(os.begin(), os.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
    if (!ok) return Error::invalid("os", "must be an operating system name such as android or ios");
    q.os = std::move(os);
  }
  return q;
}

StructureService::StructureService(TreeLoader load, const core::Clock& clock)
    : load_(std::move(load)), clock_(clock), cache_(clock) {}

StructureService::StructureService(StructureRepository& repository, const core::Clock& clock)
    : StructureService([&repository](std::int64_t id, std::string_view name) { return repository.get(id, name); },
                       clock) {}

std::string StructureService::cache_key(const tenants::Tenant& tenant, std::string_view name,
                                        std::string_view fragment_id, const StructureQuery& query) const {
  const std::string normalized = query.normalized();
  const std::string version = std::to_string(tenant.version);  // a change of the tenant retires its entries
  std::string key;
  key.reserve(tenant.name.size() + version.size() + name.size() + fragment_id.size() + 4 + normalized.size());
  key += tenant.name;
  key += kSep;
  key += version;
  key += kSep;
  key += name;
  key += kSep;
  key += fragment_id;
  key += kSep;
  key += normalized;
  return key;
}

StructureAnswer StructureService::answer(std::shared_ptr<const CachedStructure> entry) const {
  // What is left of the server-side lifetime: a client never keeps an
  // answer longer than the server would.
  auto left = std::chrono::ceil<std::chrono::seconds>(entry->expires - clock_.now());
  return StructureAnswer{std::move(entry), std::max(left, std::chrono::seconds{0})};
}

std::optional<StructureAnswer> StructureService::cached(const tenants::Tenant& tenant, std::string_view name,
                                                        std::string_view fragment_id,
                                                        const StructureQuery& query) const {
  if (query.omit_cache) return std::nullopt;
  auto entry = cache_.get(cache_key(tenant, name, fragment_id, query));
  if (!entry) return std::nullopt;
  return answer(std::move(entry));
}

Result<StructureAnswer> StructureService::get(const tenants::Tenant& tenant, std::string_view name,
                                                    std::string_view fragment_id, const StructureQuery& query) {
  std::string key = cache_key(tenant, name, fragment_id, query);
  if (!query.omit_cache) {
    if (auto entry = cache_.get(key)) return answer(std::move(entry));
  }

  auto started = clock_.now();
  bool configurations = name == kConfigurations;
  json::value tree;
  if (!configurations) {
    auto text = load_(tenant.id, name);
    if (!text) return Error::of(ErrorCode::structure_not_found, "Structure '" + std::string(name) + "' not found");
    boost::system::error_code ec;
    tree = json::parse(*text, ec);
    // A stored tree that does not parse is broken data, not bad input.
    if (ec || !tree.is_object()) {
      throw std::runtime_error("structure '" + std::string(name) + "' of tenant '" + tenant.name + "' is not valid JSON");
    }
  }
  StructureQuery at_now = query;
  if (at_now.now.empty()) at_now.now = db::utc_timestamp(started);
  // A node's schedule that starts or ends within the answer's lifetime ends the lifetime there, so every
  // instance (and every client, by max-age) switches at the schedule's time, not up to 120 s later.
  std::chrono::seconds lifetime = configurations ? kConfigurationsLifetime : kStructureLifetime;
  if (!configurations) {
    if (auto next = next_schedule_change(tree, at_now.now)) {
      if (auto at = core::parse_utc(*next)) {
        auto left = std::chrono::ceil<std::chrono::seconds>(*at - started);
        lifetime = std::clamp(left, std::chrono::seconds{1}, lifetime);
      }
    }
  }
  auto node = evaluate(tenant, std::move(tree), name, fragment_id, at_now);
  if (!node) return node.error();

  auto entry = cache_.put(key, std::move(*node), lifetime);
  if (query.force_timeout_ms > 0) {
    auto took = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.now() - started);
    if (took.count() > query.force_timeout_ms) {
      // The work is cached, so a retry is answered at once.
      return Error::of(ErrorCode::timed_out, "Building structure '" + std::string(name) + "' took " +
                                                  std::to_string(took.count()) + " ms, more than forceTimeout " +
                                                  std::to_string(query.force_timeout_ms) + " ms");
    }
  }
  return answer(std::move(entry));
}

Result<json::value> StructureService::evaluate(const tenants::Tenant& tenant, json::value tree, std::string_view name,
                                                    std::string_view fragment_id, const StructureQuery& query) const {
  if (name == kConfigurations) {
    tree = configurations_node(tenant);
    // Settings may hold translation maps (meta descriptions, popup texts).
    localize_values(tree.at("data").at("customProperties"), query.lang, tenant_language(tenant));
  }
  json::value node;
  if (fragment_id.empty()) {
    node = std::move(tree);
  } else {
    const json::value* found = find_node(tree, fragment_id);
    if (!found || !node_visible(*found, query)) {
      return Error::of(ErrorCode::structure_not_found, "Fragment '" + std::string(fragment_id) +
                                                               "' not found in structure '" + std::string(name) + "'");
    }
    node = *found;
  }
  // The cursor is looked up before filtering so a page boundary stays put
  // whatever the caller's rating or platform filters are.
  apply_last_id(node, query.last_id);
  return shape_tree(node, query, tenant_language(tenant));
}

void StructureService::invalidate(std::string_view tenant_name) {
  std::string prefix(tenant_name);
  prefix += kSep;
  cache_.erase_prefix(prefix);
}

}  // namespace portal::structure
