#pragma once
// Where the customers read model meets the wire: the DTOs of customers_dto.hpp from the domain
// types, and the errors with their HTTP status.
#include <vector>

#include "http/error.hpp"
#include "domains/customers/customers_dto.hpp"
#include "domains/customers/customers_types.hpp"

namespace portal::customers {

CustomerSearchDto search_dto(const std::vector<Match>& matches);
CustomerDto customer_dto(const Customer& c);

// 400 VALIDATION_ERROR (field q or tenant), 404 CUSTOMER_NOT_FOUND, 404 TENANT_NOT_FOUND.
http::Error http_error(const Error& e);

}  // namespace portal::customers
