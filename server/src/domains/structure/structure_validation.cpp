#include "domains/structure/structure_validation.hpp"

#include <boost/json.hpp>  // free-form: the structure tree (ConfigNode), checked member by member
#include <algorithm>
#include <array>
#include <set>

#include "core/languages.hpp"
#include "core/links.hpp"
#include "domains/catalog/catalog_types.hpp"
#include "domains/structure/structure_rules.hpp"

namespace portal::structure {

namespace json = boost::json;

namespace {

// The node types of docs/contracts.md ("structure").
constexpr std::array<std::string_view, 12> kNodeTypes = {"page",    "banner", "slide",      "rail",  "grid", "card",
                                                         "catalog", "stories", "story-page", "story", "links", "link"};

// The type a child of a node of this type must have; empty: any known type.
std::string_view child_type(std::string_view parent) {
  if (parent == "banner") return "slide";
  if (parent == "rail" || parent == "grid") return "card";
  if (parent == "stories") return "story";
  if (parent == "story") return "story-page";
  if (parent == "links") return "link";
  return {};
}

bool known_language(std::string_view key) {
  return std::find(core::kLanguages.begin(), core::kLanguages.end(), key) != core::kLanguages.end();
}

bool os_name(std::string_view s) {
  return !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
  });
}


class Checker {
 public:
  std::optional<TreeProblem> problem;

  void node(const json::value& v, const std::string& path, std::string_view parent_type, int depth) {
    if (problem) return;
    if (depth > kMaxTreeDepth) return fail(path, "is nested deeper than " + std::to_string(kMaxTreeDepth) + " levels");
    const auto* obj = v.if_object();
    if (!obj) return fail(path, "must be a node object");
    const std::string at = path.empty() ? "" : path + ".";

    if (const auto* id = obj->if_contains("id"); id && !id->is_null()) {
      std::string text = id_text(*id);
      if (text.empty() || text.size() > 128) return fail(at + "id", "must be text of 1-128 characters or a whole number");
      if (!ids_.insert(text).second) return fail(at + "id", "'" + text + "' is used by another node");
    }
    const auto* name = obj->if_contains("name");
    if (!name || !name->is_string() || name->as_string().empty() || name->as_string().size() > 128) {
      return fail(at + "name", "must be text of 1-128 characters");
    }

    std::string type;
    if (const auto* data = obj->if_contains("data")) {
      if (!data->is_object()) return fail(at + "data", "must be an object");
      const auto& d = data->as_object();
      for (std::string_view key : {"title", "subTitle"}) {
        if (const auto* t = d.if_contains(key)) text_or_map(*t, at + "data." + std::string(key));
      }
      for (std::string_view key : {"imageUrl", "clickUrl"}) {
        if (const auto* t = d.if_contains(key); t && !t->is_string()) fail(at + "data." + std::string(key), "must be text");
        else if (t && !t->as_string().empty() && !core::safe_link(t->as_string()))
          fail(at + "data." + std::string(key), "must be an http(s) address or a path of the storefront (/...)");
      }
      if (problem) return;
      if (const auto* cp = d.if_contains("customProperties")) {
        if (!cp->is_object()) return fail(at + "data.customProperties", "must be an object");
        type = properties(cp->as_object(), at + "data.customProperties");
        if (problem) return;
      }
    }
    if (std::string_view want = child_type(parent_type); !want.empty() && type != want) {
      return fail(at + "data.customProperties.type",
                  "must be \"" + std::string(want) + "\" in a " + std::string(parent_type));
    }

    if (const auto* sub = obj->if_contains("substructure")) {
      if (!sub->is_array()) return fail(at + "substructure", "must be a list of nodes");
      const auto& list = sub->as_array();
      for (std::size_t i = 0; i < list.size() && !problem; ++i) {
        node(list[i], at + "substructure[" + std::to_string(i) + "]", type, depth + 1);
      }
    }
  }

 private:
  std::set<std::string> ids_;

  void fail(std::string path, std::string reason) {
    if (!problem) problem = TreeProblem{path.empty() ? std::string("tree") : std::move(path), std::move(reason)};
  }

  void text_or_map(const json::value& v, const std::string& path) {
    if (v.is_string()) return;
    const auto* obj = v.if_object();
    if (!obj || obj->empty()) return fail(path, "must be text or texts by language ({\"en\": …})");
    for (const auto& kv : *obj) {
      if (!known_language(kv.key())) return fail(path + "." + std::string(kv.key()), "is not a language (en, ar, fr, de, es, ro)");
      if (!kv.value().is_string()) return fail(path + "." + std::string(kv.key()), "must be text");
    }
    if (!obj->contains("en")) return fail(path + ".en", "is required (the text when a language has none)");
  }

  // A catalog row's list (docs/contracts.md "catalog"): the filters of GET /backend/catalog/articles.
  void query(const json::value& v, const std::string& path) {
    const auto* q = v.if_object();
    if (!q) return fail(path, "must be {\"section\"?, \"contentType\"?, \"category\"?, \"sort\"?}");
    for (const auto& kv : *q) {
      const std::string key(kv.key());
      if (key != "section" && key != "contentType" && key != "category" && key != "sort")
        return fail(path + "." + key, "is not a list filter (section, contentType, category, sort)");
      if (!kv.value().is_string() || kv.value().as_string().size() > 64)
        return fail(path + "." + key, "must be text of at most 64 characters");
    }
    if (const auto* sort = q->if_contains("sort"); sort && !sort->as_string().empty()) {
      const std::string_view s = sort->as_string();
      if (!catalog::known_list_sort(s)) fail(path + ".sort", std::string(catalog::kListSortsText));
    }
  }

  // Checks the custom properties a structure rule reads; returns the node's type.
  std::string properties(const json::object& cp, const std::string& path) {
    std::string type;
    if (const auto* t = cp.if_contains("type")) {
      if (!t->is_string() || std::find(kNodeTypes.begin(), kNodeTypes.end(), std::string_view(t->as_string())) == kNodeTypes.end()) {
        std::string known;
        for (auto k : kNodeTypes) known += (known.empty() ? "" : ", ") + std::string(k);
        fail(path + ".type", "must be one of " + known);
        return type;
      }
      type = t->as_string();
    }
    if (const auto* r = cp.if_contains("rating")) {
      bool ok = (r->is_int64() && r->as_int64() >= 0 && r->as_int64() <= 1000) || (r->is_uint64() && r->as_uint64() <= 1000);
      if (!ok) fail(path + ".rating", "must be a whole number from 0 to 1000");
    }
    if (const auto* p = cp.if_contains("preLive"); p && !p->is_bool()) fail(path + ".preLive", "must be true or false");
    if (const auto* p = cp.if_contains("platforms")) {
      if (!p->is_array()) {
        fail(path + ".platforms", "must be a list of \"desktop\" and \"mobile\"");
      } else {
        for (std::size_t i = 0; i < p->as_array().size(); ++i) {
          const auto& e = p->as_array()[i];
          if (!e.is_string() || (e.as_string() != "desktop" && e.as_string() != "mobile")) {
            fail(path + ".platforms[" + std::to_string(i) + "]", "must be \"desktop\" or \"mobile\"");
          }
        }
      }
    }
    if (const auto* p = cp.if_contains("os")) {
      if (!p->is_array()) {
        fail(path + ".os", "must be a list of operating system names (android, ios, ...)");
      } else {
        for (std::size_t i = 0; i < p->as_array().size(); ++i) {
          const auto& e = p->as_array()[i];
          if (!e.is_string() || !os_name(e.as_string())) {
            fail(path + ".os[" + std::to_string(i) + "]", "must be a lower-case operating system name such as android or ios");
          }
        }
      }
    }
    if (const auto* p = cp.if_contains("languages")) {
      if (!p->is_array()) {
        fail(path + ".languages", "must be a list of languages (en, ar, fr, de, es, ro)");
      } else {
        for (std::size_t i = 0; i < p->as_array().size(); ++i) {
          const auto& e = p->as_array()[i];
          if (!e.is_string() || !known_language(e.as_string())) {
            fail(path + ".languages[" + std::to_string(i) + "]", "is not a language (en, ar, fr, de, es, ro)");
          }
        }
      }
    }
    if (const auto* c = cp.if_contains("count")) {
      bool ok = (c->is_int64() && c->as_int64() >= 1 && c->as_int64() <= kMaxRailCount) ||
                (c->is_uint64() && c->as_uint64() >= 1 && c->as_uint64() <= kMaxRailCount);
      if (!ok) fail(path + ".count", "must be a whole number from 1 to " + std::to_string(kMaxRailCount));
    }
    if (const auto* a = cp.if_contains("articleId")) {
      bool ok = (a->is_int64() && a->as_int64() > 0) || a->is_uint64();
      if (!ok) fail(path + ".articleId", "must be an article id (a whole number above 0)");
    }
    if (const auto* q = cp.if_contains("query")) query(*q, path + ".query");
    if (const auto* s = cp.if_contains("schedule")) {
      if (!s->is_object()) {
        fail(path + ".schedule", "must be {\"from\": …, \"until\": …}");
      } else {
        const auto& sched = s->as_object();
        for (const auto& kv : sched) {
          if (kv.key() != "from" && kv.key() != "until") fail(path + ".schedule." + std::string(kv.key()), "is not a schedule field (from, until)");
        }
        for (std::string_view key : {"from", "until"}) {
          const auto* v = sched.if_contains(key);
          if (v && !v->is_null() && (!v->is_string() || !is_utc_time(v->as_string()))) {
            fail(path + ".schedule." + std::string(key), "must be a UTC time such as 2026-12-01T08:00:00Z");
          }
        }
        const auto* from = sched.if_contains("from");
        const auto* until = sched.if_contains("until");
        if (!problem && from && until && from->is_string() && until->is_string() && !(from->as_string() < until->as_string())) {
          fail(path + ".schedule.until", "must be after schedule.from");
        }
      }
    }
    return type;
  }
};

}  // namespace

bool is_utc_time(std::string_view s) {
  // YYYY-MM-DDTHH:MM:SSZ
  if (s.size() != 20) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool ok = i == 4 || i == 7 ? c == '-' : i == 10 ? c == 'T' : i == 13 || i == 16 ? c == ':' : i == 19 ? c == 'Z' : (c >= '0' && c <= '9');
    if (!ok) return false;
  }
  auto num = [&](std::size_t at, std::size_t n) {
    int v = 0;
    for (std::size_t i = 0; i < n; ++i) v = v * 10 + (s[at + i] - '0');
    return v;
  };
  int month = num(5, 2), day = num(8, 2), hour = num(11, 2), minute = num(14, 2), second = num(17, 2);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59;
}

std::optional<TreeProblem> validate_tree(const json::value& tree) {
  Checker checker;
  checker.node(tree, "", "", 1);
  return checker.problem;
}

}  // namespace portal::structure
