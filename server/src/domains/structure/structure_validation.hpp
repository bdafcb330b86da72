#pragma once
// The rules a stored page structure tree must keep (docs/contracts.md "structure"):
// the seed checks every structure file with them and the console checks every draft
// with them, so what the storefront evaluates (structure_rules.hpp) is always well formed.
// Pure: no I/O.
#include <boost/json/value.hpp>  // free-form: the structure tree (ConfigNode), checked member by member
#include <optional>
#include <string>
#include <string_view>

namespace portal::structure {

inline constexpr std::size_t kMaxTreeBytes = 512 * 1024;
inline constexpr int kMaxTreeDepth = 8;
inline constexpr int kMaxRailCount = 24;  // a catalog row's `count`: the most cards it shows

// A rule the tree breaks: where (a field path such as
// "substructure[3].data.customProperties.schedule.from") and why.
struct TreeProblem {
  std::string path;
  std::string reason;
};

// The first problem of a tree in document order, nullopt when it keeps every rule:
// an object node with a name, an optional id (text or number, unique in the tree),
// data with title / subTitle as text or a translation map ({"en":…,"ar":…}), imageUrl
// and clickUrl as text; customProperties.type one of the contract's types, a banner's children
// slides, a rail's or grid's cards, a stories strip's stories, a story's pages, a link
// list's links; targeting: rating a whole number 0-1000, platforms a list of "desktop" /
// "mobile", os a list of lower-case system names, languages a list of the storefront's
// languages, preLive true or false; a catalog row's query {section?, contentType?, category?,
// sort? new|popular|title} and count 1-kMaxRailCount; a card's articleId a whole number; schedule
// {from?, until?} as "YYYY-MM-DDTHH:MM:SSZ" with from before until; at most
// kMaxTreeDepth levels.
std::optional<TreeProblem> validate_tree(const boost::json::value& tree);

// Whether text is a UTC time as structures store it ("2026-12-01T08:00:00Z").
bool is_utc_time(std::string_view text);

}  // namespace portal::structure
