#pragma once
// The pure rules that turn a stored structure tree into the ConfigNode a
// client gets (docs/contracts.md): localisation, rating / preLive / platform
// filters, lastId paging, fragment lookup and the `configurations` node built
// from the tenant row. No I/O here.
#include <boost/json/object.hpp>  // free-form: the structure tree (ConfigNode, recursive, props per component)
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "domains/structure/structure_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {

// A value stored either as a plain string or as {"en":…,"ar":…}: picks lang,
// then fallback (the tenant default), then en, then any translation.
std::string localized(const boost::json::value& v, std::string_view lang, std::string_view fallback);
// A node's id as text (ids are strings or integers in the tree); "" for anything else.
std::string id_text(const boost::json::value& id);

// Replaces every translation map ({"en":…,"ar":…}) inside v by its text.
void localize_values(boost::json::value& v, std::string_view lang, std::string_view fallback);

// Whether a (non-root) node passes the rating, preLive, platform, os and language (customProperties.languages:
// the storefront languages it shows in; none: every one) filters
// and, when q.now is set, its schedule (from inclusive, until exclusive).
bool node_visible(const boost::json::value& node, const StructureQuery& q);

// The first time after `now` at which a node's schedule (from or until, anywhere in the tree)
// changes what the structure call answers; nullopt when none does. A kept answer lives no longer
// than that, so every instance switches at the schedule's time (structure_service.cpp get).
std::optional<std::string> next_schedule_change(const boost::json::value& tree, std::string_view now);

// Copy of the tree with invisible nodes dropped (with their subtrees), texts
// localised and every node in full ConfigNode shape. The root is always kept.
boost::json::value shape_tree(const boost::json::value& root, const StructureQuery& q, std::string_view fallback_lang);

// Paging: in the list that holds the node whose id is last_id, keep only the
// nodes after it. An unknown cursor means nothing comes after it: the root's
// substructure is emptied. Returns whether the cursor was found.
bool apply_last_id(boost::json::value& root, std::string_view last_id);

// The node whose "id" (string or number) or "name" equals key, depth first.
const boost::json::value* find_node(const boost::json::value& root, std::string_view key);

// The `configurations` structure: the tenant's global settings.
boost::json::value configurations_node(const tenants::Tenant& tenant);

// The tenant's default language if it is a supported one, else "en".
std::string tenant_language(const tenants::Tenant& tenant);
// The tenant's maxRating feature, else 60.
int tenant_max_rating(const tenants::Tenant& tenant);

// A strong, quoted ETag over the serialized answer (core::strong_etag).
std::string strong_etag(std::string_view body);

}  // namespace portal::structure
