#pragma once
// Info services (commerce §7; docs/decisions.md "Info services"): the
// tenant's services with what each says today (/daily), the same for the
// services the caller subscribed to (/daily-abo), the caller's subscriptions,
// and subscribing or unsubscribing. Today is the UTC date of the injected
// clock. Expected failures are Result errors; blocking (database pool).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/info_services/info_services_errors.hpp"
#include "domains/info_services/info_services_types.hpp"

namespace portal::info_services {

class InfoServicesRepository;

// A service document as the demo file (data/info-services/demo.json) holds
// it: id > 0, a slug name, title and description in the six languages, and
// for kind "entries" a non-empty list per language, for "results" at least
// two team names. The error names the field.
Result<ServiceRecord> validate_service(const boost::json::object& doc, std::int64_t position);
// What `service` says on day `day` (days since 1970-01-01) in `lang`: the
// day's entry, or the day's results (the same for every language and caller).
std::vector<std::string> lines_of(const ServiceRecord& service, const std::string& lang, std::int64_t day);

class InfoServicesService {
 public:
  InfoServicesService(InfoServicesRepository& repository, const core::Clock& clock)
      : repository_(repository), clock_(clock) {}

  // Every service with today's lines; subscribed is false for a guest (nullopt).
  std::vector<DailyDto> daily(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                              const std::string& lang);
  // Only the caller's services.
  std::vector<DailyDto> daily_abo(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang);
  std::vector<InfoSubscriptionDto> subscriptions(std::int64_t tenant_id, const std::string& user_uuid,
                                                 const std::string& lang);
  // Idempotent either way. info_service_not_found.
  Result<SubscribeResultDto> subscribe(std::int64_t tenant_id, const std::string& user_uuid,
                                             std::int64_t service_id, bool subscribe);

 private:
  std::vector<DailyDto> daily_of(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                 const std::string& lang, bool only_subscribed);

  InfoServicesRepository& repository_;
  const core::Clock& clock_;
};

}  // namespace portal::info_services
