#pragma once
// Demo data: data/tenants/<name>.json written into the database (their page
// structures are the structure domain's: structure/structure_seed.hpp).
// Idempotent: running it again changes nothing unless the files changed.
// Blocking; call at start-up.
#include <boost/json/object.hpp>  // free-form: data/tenants/<name>.json, the operator's tenant file
#include <boost/json/value.hpp>
#include <filesystem>
#include <string>

#include "core/seed_guard.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

// The colour variables docs/contracts.md requires, in each theme.
inline constexpr std::string_view kColorNames[] = {"primary", "primary-contrast", "bg",     "surface",
                                                   "text",    "muted",            "border", "accent"};

// {"light":{"primary":"#…",…},"dark":{…}} -> CSS text for :root and
// :root[data-theme=dark]. Throws std::runtime_error on a missing variable or
// a value that is not a plain colour (the text lands inside <style>).
std::string colors_css(const boost::json::object& colors);

// Reads one tenant file; throws std::runtime_error naming the file and field.
Tenant read_tenant_file(const std::filesystem::path& file);
// The same from a parsed document (docs/tenants.md); throws std::runtime_error naming the field.
Tenant tenant_from_json(const boost::json::value& document);

// Upserts every data_dir/tenants/*.json; returns how many. With a guard (the demo seed, core/seed_guard.hpp) a
// tenant that exists is written only when the seed made it and the guard allows its "settings": a tenant of the
// same name that an operator made is left alone (issue 74 item 3).
int seed_tenants(db::Database& db, const std::filesystem::path& data_dir, core::SeedGuard* guard = nullptr);

}  // namespace portal::tenants
