#include "domains/info_services/info_services_service.hpp"

#include <algorithm>
#include <array>
#include <boost/json.hpp>  // the operator's file as read, checked, then typed (ServiceDocument)
#include <chrono>
#include <map>

#include "core/from_json.hpp"
#include "core/utc_time.hpp"
#include "domains/info_services/info_services_repository.hpp"

namespace portal::info_services {
namespace json = boost::json;

namespace {

constexpr std::array<std::string_view, 6> kLanguages = {"en", "ar", "fr", "de", "es", "ro"};

// A text in `lang`, else in English, else none.
std::string text_in(const std::map<std::string, std::string>& texts, const std::string& lang) {
  for (const std::string& l : {lang, std::string("en")})
    if (auto it = texts.find(l); it != texts.end()) return it->second;
  return {};
}

Error invalid(std::int64_t position, const std::string& field, const std::string& reason) {
  return Error::invalid("services[" + std::to_string(position) + "]." + field, reason);
}

bool slug(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// A small fixed mixer, so that every instance draws the same results for a day.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::int64_t today(const core::Clock& clock) {
  const auto secs = std::chrono::duration_cast<std::chrono::seconds>(clock.now().time_since_epoch()).count();
  return secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
}

std::string date_of(std::int64_t day) {
  return core::day_text(std::chrono::sys_days(std::chrono::days(day)));
}

}  // namespace

Result<ServiceRecord> validate_service(const json::object& doc, std::int64_t position) {
  ServiceRecord s;
  s.position = position;
  const auto* id = doc.if_contains("id");
  if (!id || !id->is_int64() || id->as_int64() <= 0) return invalid(position, "id", "must be a positive whole number");
  s.id = id->as_int64();
  const auto* name = doc.if_contains("name");
  if (!name || !name->is_string() || !slug(name->as_string()))
    return invalid(position, "name", "must be 1 to 64 of a-z, 0-9 and -");
  s.name = std::string(name->as_string());
  for (std::string_view field : {"title", "description"}) {
    const auto* texts = doc.if_contains(field);
    for (auto lang : kLanguages) {
      const json::value* t = texts && texts->is_object() ? texts->as_object().if_contains(lang) : nullptr;
      if (!t || !t->is_string() || t->as_string().empty())
        return invalid(position, std::string(field) + "." + std::string(lang), "is required");
    }
  }
  const auto* kind = doc.if_contains("kind");
  const std::string k = kind && kind->is_string() ? std::string(kind->as_string()) : "";
  if (k == "entries") {
    const auto* entries = doc.if_contains("entries");
    for (auto lang : kLanguages) {
      const json::value* list = entries && entries->is_object() ? entries->as_object().if_contains(lang) : nullptr;
      if (!list || !list->is_array() || list->as_array().empty())
        return invalid(position, "entries." + std::string(lang), "must be a non-empty list");
      for (const auto& e : list->as_array())
        if (!e.is_string() || e.as_string().empty())
          return invalid(position, "entries." + std::string(lang), "must hold texts");
    }
  } else if (k == "results") {
    const auto* teams = doc.if_contains("teams");
    if (!teams || !teams->is_array() || teams->as_array().size() < 2 ||
        !std::all_of(teams->as_array().begin(), teams->as_array().end(), [](const json::value& t) { return t.is_string(); }))
      return invalid(position, "teams", "must name at least two teams");
  } else {
    return invalid(position, "kind", "must be entries or results");
  }
  try {
    s.doc = core::from_json<ServiceDocument>(doc);
  } catch (const core::JsonFieldError& e) {
    return invalid(position, e.field, e.reason);
  }
  return s;
}

std::vector<std::string> lines_of(const ServiceRecord& service, const std::string& lang, std::int64_t day) {
  const auto& doc = service.doc;
  std::vector<std::string> out;
  if (doc.kind == "entries") {
    if (!doc.entries) return out;
    auto list = doc.entries->find(lang);
    if (list == doc.entries->end()) list = doc.entries->find("en");
    if (list == doc.entries->end() || list->second.empty()) return out;
    const auto& a = list->second;
    const auto n = static_cast<std::int64_t>(a.size());
    out.push_back(a[static_cast<std::size_t>(((day % n) + n) % n)]);
    return out;
  }
  // results: the teams paired in an order drawn for the day, goals 0..4.
  std::vector<std::string> teams = doc.teams.value_or(std::vector<std::string>{});
  std::uint64_t state = mix(static_cast<std::uint64_t>(day) ^ static_cast<std::uint64_t>(service.id) << 32);
  for (std::size_t i = teams.size(); i > 1; --i) {
    state = mix(state);
    std::swap(teams[i - 1], teams[state % i]);
  }
  for (std::size_t i = 0; i + 1 < teams.size(); i += 2) {
    state = mix(state);
    const auto home = state % 5, away = (state >> 8) % 4;
    out.push_back(teams[i] + " " + std::to_string(home) + " – " + std::to_string(away) + " " + teams[i + 1]);
  }
  return out;
}

std::vector<DailyDto> InfoServicesService::daily_of(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                                     const std::string& lang, bool only_subscribed) {
  std::map<std::int64_t, std::string> mine;
  if (user_uuid)
    for (auto& s : repository_.subscriptions(tenant_id, *user_uuid)) mine.emplace(s.service_id, std::move(s.created_at));
  const auto day = today(clock_);
  std::vector<DailyDto> out;
  for (const auto& s : repository_.services(tenant_id)) {
    const bool subscribed = mine.contains(s.id);
    if (only_subscribed && !subscribed) continue;
    DailyDto d;
    d.serviceId = s.id;
    d.name = s.name;
    d.kind = s.doc.kind;
    d.title = text_in(s.doc.title, lang);
    d.description = text_in(s.doc.description, lang);
    d.date = date_of(day);
    d.lines = lines_of(s, lang, day);
    d.subscribed = subscribed;
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<DailyDto> InfoServicesService::daily(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                                 const std::string& lang) {
  return daily_of(tenant_id, user_uuid, lang, false);
}

std::vector<DailyDto> InfoServicesService::daily_abo(std::int64_t tenant_id, const std::string& user_uuid,
                                                     const std::string& lang) {
  return daily_of(tenant_id, user_uuid, lang, true);
}

std::vector<InfoSubscriptionDto> InfoServicesService::subscriptions(std::int64_t tenant_id,
                                                                    const std::string& user_uuid,
                                                                    const std::string& lang) {
  std::map<std::int64_t, std::string> mine;
  for (auto& s : repository_.subscriptions(tenant_id, user_uuid)) mine.emplace(s.service_id, std::move(s.created_at));
  std::vector<InfoSubscriptionDto> out;
  for (const auto& s : repository_.services(tenant_id))
    if (auto it = mine.find(s.id); it != mine.end())
      out.push_back({s.id, s.name, text_in(s.doc.title, lang), text_in(s.doc.description, lang), it->second});
  return out;
}

Result<SubscribeResultDto> InfoServicesService::subscribe(std::int64_t tenant_id, const std::string& user_uuid,
                                                                std::int64_t service_id, bool subscribe) {
  if (!repository_.service_exists(tenant_id, service_id))
    return Error::of(ErrorCode::info_service_not_found, "Info service " + std::to_string(service_id) + " not found");
  if (subscribe)
    repository_.subscribe(tenant_id, user_uuid, service_id, clock_.now_text());
  else
    repository_.unsubscribe(tenant_id, user_uuid, service_id);
  return SubscribeResultDto{service_id, subscribe};
}

}  // namespace portal::info_services
