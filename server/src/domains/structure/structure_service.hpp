#pragma once
// Page and configuration structures (spec 1 §7, commerce §7/§9): validates
// the query, builds the ConfigNode by the rules in structure_rules.hpp and
// caches it. No HTTP or SQL types: trees come through a loader (the
// repository in production, a lambda in tests).
#include <boost/json/value.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component)
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/structure/structure_cache.hpp"
#include "domains/structure/structure_errors.hpp"
#include "domains/structure/structure_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {

class StructureRepository;

inline constexpr std::chrono::seconds kStructureLifetime{120};
inline constexpr std::chrono::seconds kConfigurationsLifetime{3600};
inline constexpr std::string_view kConfigurations = "configurations";

// Reads query parameter `name`, nullopt when absent.
using QueryLookup = std::function<std::optional<std::string>(std::string_view name)>;

// Validates the query parameters; a malformed value is ErrorCode::invalid_field naming it.
// max_rating: the request's rating limit (parental_control::max_rating_for);
// no maxRating query means it, and a higher one is lowered to it.
Result<StructureQuery> parse_structure_query(const QueryLookup& get, const tenants::Tenant& tenant,
                                                   int max_rating);

// What a route sends: the shared cached node and how long clients may keep it.
struct StructureAnswer {
  std::shared_ptr<const CachedStructure> entry;
  std::chrono::seconds max_age;
};

class StructureService {
 public:
  // Returns the stored tree JSON, nullopt when the tenant has no such structure.
  using TreeLoader = std::function<std::optional<std::string>(std::int64_t tenant_id, std::string_view name)>;

  // The clock must outlive the service.
  StructureService(TreeLoader load, const core::Clock& clock);
  StructureService(StructureRepository& repository, const core::Clock& clock);

  // A fresh cached answer without touching the loader (cheap, never blocks
  // on the database): lets a route skip the database pool on a hit.
  // fragment_id empty = the whole structure.
  std::optional<StructureAnswer> cached(const tenants::Tenant& tenant, std::string_view name,
                                        std::string_view fragment_id, const StructureQuery& query) const;

  // Builds (or serves from cache unless omit_cache) the structure or its
  // fragment. Blocking on a miss: run on the database pool. Errors:
  // structure_not_found, timed_out (forceTimeout exceeded).
  // Throws on infrastructure faults (database down, stored tree not JSON).
  Result<StructureAnswer> get(const tenants::Tenant& tenant, std::string_view name,
                                    std::string_view fragment_id, const StructureQuery& query);

  // The structure call's evaluation of a tree, without loader or cache: the
  // fragment, lastId paging, the rating / preLive / platform / os filters, the
  // schedules at query.now and the languages. get() caches what it answers; the
  // console's preview of a draft (structure_admin_service.hpp) calls it as well.
  // name kConfigurations ignores tree and builds the tenant's settings node.
  // Errors: structure_not_found (no such fragment, or it is filtered out).
  Result<boost::json::value> evaluate(const tenants::Tenant& tenant, boost::json::value tree,
                                            std::string_view name, std::string_view fragment_id,
                                            const StructureQuery& query) const;

  // Forget a tenant's cached answers (after its structures or row changed).
  void invalidate(std::string_view tenant_name);
  void clear() { cache_.clear(); }

 private:
  std::string cache_key(const tenants::Tenant& tenant, std::string_view name, std::string_view fragment_id,
                        const StructureQuery& query) const;
  StructureAnswer answer(std::shared_ptr<const CachedStructure> entry) const;

  TreeLoader load_;
  const core::Clock& clock_;
  StructureCache cache_;
};

}  // namespace portal::structure
