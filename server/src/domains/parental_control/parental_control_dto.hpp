#pragma once
// The wire shapes of the parental_control calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::parental_control {

// PUT /backend/parental-control (commerce §7: body not shown; docs/decisions.md).
struct SettingsBody {
  std::optional<std::string> password;
  std::optional<std::string> currentPassword;
  std::optional<std::int64_t> maxAgeGroup;
  std::optional<bool> isActive;
};
BOOST_DESCRIBE_STRUCT(SettingsBody, (), (password, currentPassword, maxAgeGroup, isActive))
struct PasswordBody {
  std::string password;
};
BOOST_DESCRIBE_STRUCT(PasswordBody, (), (password))
// commerce §7 sends {sendGridConfig}; the portal's own mailer sends the mail,
// so it is accepted and ignored.
struct SendEmailBody {
  std::optional<boost::json::value> sendGridConfig;
};
BOOST_DESCRIBE_STRUCT(SendEmailBody, (), (sendGridConfig))
struct ResetBody {
  std::string randomCode;
  std::string password;  // the new parental password
};
BOOST_DESCRIBE_STRUCT(ResetBody, (), (randomCode, password))

}  // namespace portal::parental_control
