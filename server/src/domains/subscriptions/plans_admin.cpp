// Plans from the console (see the header).
#include "domains/subscriptions/plans_admin.hpp"

#include <algorithm>
#include <boost/describe/members.hpp>
// the console's document, read through PlanEditableMembers into the stored definition (a PlanDocument)
#include <boost/json.hpp>
#include <boost/mp11/algorithm.hpp>

#include "core/from_json.hpp"
#include "core/utc_time.hpp"
#include "core/wire_name.hpp"
#include "domains/subscriptions/plans_document.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

namespace {

struct Conflict {};  // unwinds a transaction whose row changed since it was read

// What parse_type says, as a field error: "type 7.price.amount: must be ..." -> price.amount.
PlanEditError from_parse(const Error& e) {
  std::string field = e.field.value_or("");
  if (field.rfind("type ", 0) == 0) {
    const auto dot = field.find('.');
    field = dot == std::string::npos ? std::string("id") : field.substr(dot + 1);
  } else if (field == "types[].id") {
    field = "id";
  }
  return PlanEditError::invalid(field.empty() ? "plan" : field, e.reason.value_or(e.message));
}

// What a console document says beside the type's members: the version it was read at (a write over another is a
// conflict), the level to place the type at in its group, a new type's id.
struct PlanPlacement {
  std::optional<std::int64_t> version;
  std::optional<std::int64_t> level;
  std::optional<std::int64_t> id;
};
BOOST_DESCRIBE_STRUCT(PlanPlacement, (), (version, level, id))

// One attribute as the console sends it.
struct AttributeEntry {
  std::string key;
  std::string value;
};
BOOST_DESCRIBE_STRUCT(AttributeEntry, (), (key, value))

// The console's attributes: the whole list replaces the stored ones.
struct AttributesEdit {
  std::optional<std::vector<AttributeEntry>> attributes;
};
BOOST_DESCRIBE_STRUCT(AttributesEdit, (), (attributes))

// A console document read as T (a member of the wrong type is invalid_field naming it).
template <class T>
PlanEditResult<T> read_as(const json::object& document) {
  try {
    return core::from_json<T>(document);
  } catch (const core::JsonFieldError& e) {
    return PlanEditError::invalid(e.field, e.reason);
  }
}

// A stored definition as a PlanDocument (parse_type took it, so it reads).
PlanEditResult<PlanDocument> stored(const json::object& definition) {
  auto d = plan_document(definition);
  if (!d) return PlanEditError::invalid(d.error().field.value_or("plan"), d.error().reason.value_or(d.error().message));
  return std::move(*d);
}

std::int64_t level_in(const Plans& plans, const SubscriptionType& t) {
  const Group* g = t.group_id ? plans.group(*t.group_id) : nullptr;
  if (!g) return -1;
  return level_of(g->levels, t.id).value_or(-1);
}

PlanView view_of(const Plans& plans, const SubscriptionType& t, std::int64_t subscribers) {
  return PlanView{t, level_in(plans, t), subscribers};
}

// The groups after placing `type_id` in `group_id` at `level` (an index; past the end adds a
// level). Groups left with an empty level lose it. Returns the groups that changed.
std::vector<Group> place(std::vector<Group> groups, std::int64_t type_id, const std::optional<std::string>& group_id,
                         std::optional<std::int64_t> level) {
  std::vector<Group> changed;
  for (auto& g : groups) {
    bool touched = false;
    for (auto& ids : g.levels) {
      const auto before = ids.size();
      ids.erase(std::remove(ids.begin(), ids.end(), type_id), ids.end());
      touched = touched || ids.size() != before;
    }
    g.levels.erase(std::remove_if(g.levels.begin(), g.levels.end(), [](const auto& ids) { return ids.empty(); }),
                   g.levels.end());
    if (group_id && g.id == *group_id) {
      const auto at = static_cast<std::size_t>(std::max<std::int64_t>(0, level.value_or(INT64_MAX)));
      if (at >= g.levels.size()) g.levels.push_back({type_id});
      else g.levels[at].push_back(type_id);
      touched = true;
    }
    if (touched) changed.push_back(g);
  }
  return changed;
}

// The console document's members on top of `base`: each one it names replaces the stored one (null removes it).
PlanEditResult<PlanDocument> edited(PlanDocument base, const json::object& document) {
  auto given = read_as<PlanEditableMembers>(document);
  if (!given) return given.error();
  PlanEditableMembers& members = base;
  boost::mp11::mp_for_each<boost::describe::describe_members<PlanEditableMembers, boost::describe::mod_public>>(
      [&](auto member) {
        if (document.contains(core::wire_name(member.name)))
          members.*member.pointer = std::move((*given).*member.pointer);
      });
  auto attributes = read_as<AttributesEdit>(document);
  if (!attributes) return attributes.error();
  if (attributes->attributes) {
    json::object out;
    std::size_t i = 0;
    for (const auto& entry : *attributes->attributes) {
      const std::string where = "attributes[" + std::to_string(i++) + "]";
      if (entry.key.empty()) return PlanEditError::invalid(where + ".key", "is required");
      if (out.contains(entry.key)) return PlanEditError::invalid(where + ".key", "appears twice");
      out[entry.key] = entry.value;
    }
    base.attributes = std::move(out);
  }
  return base;
}

}  // namespace

PlanEditResult<json::object> definition_from(const json::object& base, const json::object& document) {
  auto stored_base = stored(base);
  if (!stored_base) return stored_base.error();
  auto def = edited(std::move(*stored_base), document);
  if (!def) return def.error();
  return plan_definition(*def);
}

PlanEditResult<SubscriptionType> validate_type(const Plans& plans, const PlanTenant& t, const json::object& definition) {
  auto parsed = parse_type(definition);
  if (!parsed) return from_parse(parsed.error());
  if (parsed->group_id && !plans.group(*parsed->group_id)) return PlanEditError::invalid("groupId", "unknown group");
  for (const auto& code : parsed->payment_options)
    if (!plans.option(code)) return PlanEditError::invalid("paymentOptions", "unknown option " + code);
  if (!t.currency.empty() && parsed->price.currency != t.currency)
    return PlanEditError::invalid("price.currency", "the tenant sells in " + t.currency);
  if (parsed->retired && parsed->retired->successor_id) {
    const SubscriptionType* s = plans.type(*parsed->retired->successor_id);
    if (!s || s->retired) return PlanEditError::invalid("successorId", "must name a type still sold");
  }
  return std::move(*parsed);
}

PlansOverview PlansAdmin::list(std::int64_t tenant_id) {
  const auto plans = d_.repository.load_plans(tenant_id);
  const auto counts = d_.repository.subscriber_counts(tenant_id);
  PlansOverview out;
  for (const auto& t : plans.types) {
    std::int64_t n = 0;
    for (const auto& [id, count] : counts)
      if (id == t.id) n = count;
    out.plans.push_back(view_of(plans, t, n));
  }
  out.groups = plans.groups;
  for (const auto& o : plans.options) out.payment_options.push_back(o.code);
  return out;
}

PlanEditResult<PlanView> PlansAdmin::read(std::int64_t tenant_id, std::int64_t type_id) {
  auto overview = list(tenant_id);
  for (auto& v : overview.plans)
    if (v.type.id == type_id) return std::move(v);
  return PlanEditError{PlanEditErrorCode::not_found, "No such subscription type", "id", "", 0};
}

namespace {

// One console write: in a transaction, the plans as stored, `decide` computes the new type (or an
// error), the type and its group levels are written over what was read, `record` audits it.
template <class Decide>
PlanEditResult<PlanChange> write(PlansAdminDeps& d, std::int64_t tenant_id, std::optional<std::int64_t> type_id,
                                 std::int64_t version, std::optional<std::int64_t> level, const std::string& action,
                                 Decide decide, const PlansAdmin::Record& record) {
  const std::string now = core::utc_text(d.clock.now());
  std::optional<PlanEditError> error;
  PlanChange change;
  try {
    const Outcome written = d.repository.write_plans([&](db::Session& s) {
      error.reset();
      const Plans plans = d.repository.load_plans(s, tenant_id);
      const SubscriptionType* before = type_id ? plans.type(*type_id) : nullptr;
      if (type_id && !before) {
        error = PlanEditError{PlanEditErrorCode::not_found, "No such subscription type", "id", "", 0};
        return;
      }
      if (before && version != before->version) {
        error = PlanEditError{PlanEditErrorCode::version_conflict, "The plan changed since it was read", "version", "",
                              before->version};
        return;
      }
      PlanEditResult<SubscriptionType> next = decide(plans, before);
      if (!next) {
        error = next.error();
        return;
      }
      SubscriptionType after = std::move(*next);
      after.version = before ? before->version + 1 : 0;
      auto stamped = stored(after.definition);
      if (!stamped) {
        error = stamped.error();
        return;
      }
      stamped->version = after.version;
      stamped->id = after.id;
      after.definition = plan_definition(*stamped);
      if (before) {
        const auto text = d.repository.type_definition(s, tenant_id, before->id);
        if (!text || !d.repository.update_type(s, tenant_id, after, *text, now)) throw Conflict{};
      } else {
        d.repository.insert_type(s, tenant_id, after, now);
      }
      // Its place in the plan groups: kept unless the group or level changed.
      const bool same_group = before && before->group_id == after.group_id;
      const auto old_level = before ? level_in(plans, *before) : -1;
      if (!same_group || (level && *level != old_level)) {
        const auto at = level ? level : (same_group ? std::optional<std::int64_t>(old_level) : std::nullopt);
        for (const auto& g : place(plans.groups, after.id, after.group_id, at))
          d.repository.set_group_levels(s, tenant_id, g);
      }
      const Plans now_plans = d.repository.load_plans(s, tenant_id);
      std::int64_t subscribers = 0;
      if (before) subscribers = static_cast<std::int64_t>(d.repository.subscribers(s, tenant_id, before->id).size());
      change.action = action;
      if (before) change.before = view_of(plans, *before, subscribers);
      const SubscriptionType* stored = now_plans.type(after.id);
      change.after = view_of(now_plans, stored ? *stored : after, subscribers);
      if (record) record(s, change);
    });
    if (written == Outcome::already_exists)
      return PlanEditError{PlanEditErrorCode::id_taken, "A type with this id exists", "id", "is taken", 0};
  } catch (const Conflict&) {
    return PlanEditError{PlanEditErrorCode::version_conflict, "The plan changed since it was read", "version", "", 0};
  }
  if (error) return *error;
  d.cache.forget(tenant_id);
  if (d.changed) d.changed();
  return change;
}

const json::object* object_of(const json::value& document) { return document.if_object(); }

// What a console document says beside the type's members; nullopt members where it says nothing.
PlanEditResult<PlanPlacement> placement_of(const json::value& document) {
  const auto* doc = object_of(document);
  if (!doc) return PlanEditError::invalid("plan", "must be an object");
  return read_as<PlanPlacement>(*doc);
}

}  // namespace

PlanEditResult<PlanChange> PlansAdmin::update(const PlanTenant& t, std::int64_t type_id, const json::value& document,
                                              const Record& record) {
  const auto placement = placement_of(document);
  if (!placement) return placement.error();
  const auto& doc = document.as_object();
  return write(
      d_, t.id, type_id, placement->version.value_or(-1), placement->level, "plans.update",
      [&](const Plans& plans, const SubscriptionType* before) -> PlanEditResult<SubscriptionType> {
        auto def = definition_from(before->definition, doc);
        if (!def) return def.error();
        auto next = validate_type(plans, t, *def);
        if (!next) return next.error();
        if (next->price.amount != before->price.amount || next->price.currency != before->price.currency)
          return PlanEditError::invalid("price", "changes through the price change, with its effective date");
        return next;
      },
      record);
}

PlanEditResult<PlanChange> PlansAdmin::create(const PlanTenant& t, const json::value& document, const Record& record) {
  const auto placement = placement_of(document);
  if (!placement) return placement.error();
  const auto& doc = document.as_object();
  return write(
      d_, t.id, std::nullopt, 0, placement->level, "plans.create",
      [&](const Plans& plans, const SubscriptionType*) -> PlanEditResult<SubscriptionType> {
        std::int64_t id = 0;
        if (placement->id) {
          if (*placement->id <= 0) return PlanEditError::invalid("id", "must be a positive whole number");
          id = *placement->id;
          if (plans.type(id)) return PlanEditError{PlanEditErrorCode::id_taken, "A type with this id exists", "id", "is taken", 0};
        } else {
          for (const auto& x : plans.types) id = std::max(id, x.id);
          ++id;
        }
        PlanDocument fresh;  // a new type: no price change, not retired
        fresh.id = id;
        auto def = edited(std::move(fresh), doc);
        if (!def) return def.error();
        return validate_type(plans, t, plan_definition(*def));
      },
      record);
}

PlanEditResult<PlanChange> PlansAdmin::duplicate(const PlanTenant& t, std::int64_t type_id, const Record& record) {
  auto source = read(t.id, type_id);  // the copy joins its original's level
  if (!source) return source.error();
  const auto level = source->level >= 0 ? std::optional<std::int64_t>(source->level) : std::nullopt;
  return write(
      d_, t.id, std::nullopt, 0, level, "plans.duplicate",
      [&](const Plans& plans, const SubscriptionType*) -> PlanEditResult<SubscriptionType> {
        const SubscriptionType* source = plans.type(type_id);
        if (!source) return PlanEditError{PlanEditErrorCode::not_found, "No such subscription type", "id", "", 0};
        std::int64_t id = 0;
        for (const auto& x : plans.types) id = std::max(id, x.id);
        auto def = stored(source->definition);
        if (!def) return def.error();
        def->id = id + 1;
        def->name = source->name + " (copy)";
        def->priceChange.reset();
        def->retired.reset();
        return validate_type(plans, t, plan_definition(*def));
      },
      record);
}

PlanEditResult<PlanChange> PlansAdmin::change_price(const PlanTenant& t, std::int64_t type_id,
                                                    const PriceChange& change, const Record& record) {
  const auto effective = core::parse_utc(change.effective_from);
  if (!effective) return PlanEditError::invalid("effectiveFrom", "must be an ISO time");
  if (*effective <= d_.clock.now()) return PlanEditError::invalid("effectiveFrom", "must be in the future");
  std::vector<SubscriptionsRepository::Subscriber> notify;
  auto result = write(
      d_, t.id, type_id, change.version, std::nullopt, "plans.price",
      [&](const Plans& plans, const SubscriptionType* before) -> PlanEditResult<SubscriptionType> {
        auto def = stored(before->definition);
        if (!def) return def.error();
        def->price = change.price;
        // Renewals before the date keep charging what they charged until now.
        def->priceChange = PriceChangeDocument{before->renewal_price(core::utc_text(d_.clock.now())),
                                               core::utc_text(*effective)};
        auto next = validate_type(plans, t, plan_definition(*def));
        if (next && next->promotion_price && next->promotion_price->currency != next->price.currency)
          return PlanEditError::invalid("price.currency", "must equal the promotion price's");
        return next;
      },
      [&](db::Session& s, const PlanChange& c) {
        notify = d_.repository.subscribers(s, t.id, type_id);
        if (record) record(s, c);
      });
  if (!result) return result;
  // One notice per subscriber, in the outbox once the change is saved.
  const auto& plan = result->after.type;
  for (const auto& sub : notify) {
    if (d_.notice && d_.notice(t.id, sub.email, sub.lang.empty() ? t.default_locale : sub.lang, plan, plan.price,
                               core::utc_text(*effective)))
      ++result->notices;
  }
  return result;
}

PlanEditResult<PlanChange> PlansAdmin::retire(const PlanTenant& t, std::int64_t type_id, const Retirement& retirement,
                                              const Record& record) {
  const std::optional<std::int64_t> successor = retirement.successor_id;
  if (successor == type_id) return PlanEditError::invalid("successorId", "must name another type");
  return write(
      d_, t.id, type_id, retirement.version, std::nullopt, "plans.retire",
      [&](const Plans& plans, const SubscriptionType* before) -> PlanEditResult<SubscriptionType> {
        auto def = stored(before->definition);
        if (!def) return def.error();
        def->retired = RetiredDocument{core::utc_text(d_.clock.now()), successor};
        return validate_type(plans, t, plan_definition(*def));
      },
      record);
}

}  // namespace portal::subscriptions
