#pragma once
// Reading the audit log: a listing's filter checked field by field, pages of
// entries, and the CSV export. Writing happens in the domains that change
// things (AuditRepository::append inside their transaction). Blocking.
#include <optional>
#include <string>

#include "domains/audit/audit_repository.hpp"
#include "domains/audit/audit_types.hpp"

namespace portal::audit {

// A filter as the query string carries it.
struct RawFilter {
  std::optional<std::string> actor, action, object_type, object_id, from, to, page, size;
};

// objectType/objectId/action/actor at most 200 characters; from/to an ISO-8601
// date or UTC time ("2026-11-25", "2026-11-25T10:00:00Z"); page >= 1; size 1..200.
Result<Filter> validate_filter(const RawFilter& raw);

// RFC 4180 CSV with a header row; cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR first) are prefixed with a quote.
std::string to_csv(const std::vector<Entry>& entries);

class AuditService {
 public:
  explicit AuditService(AuditRepository& repository) : repository_(repository) {}
  Page list(std::int64_t tenant_id, const Filter& filter) { return repository_.list(tenant_id, filter); }
  // At most kMaxExportRows entries, newest first.
  std::string csv(std::int64_t tenant_id, const Filter& filter) {
    return to_csv(repository_.all(tenant_id, filter, kMaxExportRows));
  }

 private:
  AuditRepository& repository_;
};

}  // namespace portal::audit
