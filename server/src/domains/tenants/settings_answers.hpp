#pragma once
// The one place where tenant settings meet HTTP: the settings document made its wire shape (tenants_dto.hpp,
// docs/contracts.md "Tenant settings"), and the errors of tenant_settings.hpp as the one error shape with their status.

#include "domains/tenants/tenants_dto.hpp"
#include "http/error.hpp"
#include "domains/tenants/tenant_settings.hpp"

namespace portal::tenants {

SettingsDto settings_dto(const Tenant& tenant);

// 400 VALIDATION_ERROR (field, reason), 409 SETTINGS_VERSION_CONFLICT (data.version: the
// current one), 409 HOST_TAKEN (field hosts), 404 TENANT_NOT_FOUND.
http::Error http_error(const SettingsError& e);

}  // namespace portal::tenants
