#pragma once
// The wire shapes of the privacy calls. The export document is the person's
// data as the portal holds it, one section per kind of record; it never holds
// a password hash, a PIN, a token, a session id or a device cookie id. Money in
// minor units, times ISO-8601 UTC.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::privacy {

struct ExportProfileDto {
  std::string userId;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string lastName;
  boost::json::object userInformation;
  std::optional<bool> alternatTheme;
  std::optional<std::string> selectedLang;
  bool hasPassword = false;  // whether a password is set (never the password or its hash)
  std::string createdAt;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(ExportProfileDto, (), (userId, email, msisdn, name, lastName, userInformation, alternatTheme,
                                             selectedLang, hasPassword, createdAt, updatedAt))

struct ExportSubscriptionEventDto {
  std::optional<std::string> fromState;
  std::string toState;
  std::string reason;
  std::string actor;
  std::string at;
};
BOOST_DESCRIBE_STRUCT(ExportSubscriptionEventDto, (), (fromState, toState, reason, actor, at))

struct ExportSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string state;
  std::optional<std::string> subState;
  bool trial = false;
  bool cancelRequested = false;
  std::string startDate;
  std::optional<std::string> endDate;
  std::optional<std::string> nextRenewalDate;
  std::optional<std::string> paymentOption;
  std::string createdAt;
  std::vector<ExportSubscriptionEventDto> events;
};
BOOST_DESCRIBE_STRUCT(ExportSubscriptionDto, (), (id, typeId, state, subState, trial, cancelRequested, startDate, endDate,
                                                  nextRenewalDate, paymentOption, createdAt, events))

struct ExportPaymentDto {
  std::string id;
  std::string purpose;
  std::string provider;
  std::string instrument;  // masked card or MSISDN
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(ExportPaymentDto, (), (id, purpose, provider, instrument, amount, currency, status, createdAt))

struct ExportPurchaseDto {
  std::string id;
  std::int64_t articleId = 0;
  std::string contentType;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(ExportPurchaseDto, (), (id, articleId, contentType, amount, currency, status, createdAt))

struct ExportVoucherOrderDto {
  std::string id;
  std::string status;
  std::int64_t amount = 0;
  std::string currency;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(ExportVoucherOrderDto, (), (id, status, amount, currency, createdAt))

struct ExportWalletItemDto {
  std::int64_t articleId = 0;
  std::string contentType;
  std::string source;  // purchase, credit or voucher
  std::string acquiredAt;
};
BOOST_DESCRIBE_STRUCT(ExportWalletItemDto, (), (articleId, contentType, source, acquiredAt))

struct ExportPlayDto {
  std::int64_t articleId = 0;
  std::string contentType;
  std::int64_t positionMs = 0;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(ExportPlayDto, (), (articleId, contentType, positionMs, updatedAt))

struct ExportLikeDto {
  std::int64_t articleId = 0;
  std::string contentType;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(ExportLikeDto, (), (articleId, contentType, createdAt))

struct ExportRatingDto {
  std::int64_t articleId = 0;
  std::string contentType;
  std::int64_t score = 0;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(ExportRatingDto, (), (articleId, contentType, score, updatedAt))

struct ExportNotificationDto {
  std::string id;
  std::string kind;
  boost::json::object params;
  std::string createdAt;
  std::optional<std::string> readAt;
};
BOOST_DESCRIBE_STRUCT(ExportNotificationDto, (), (id, kind, params, createdAt, readAt))

struct ExportTicketDto {
  std::int64_t amount = 0;
  std::optional<std::int64_t> challengeId;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(ExportTicketDto, (), (amount, challengeId, createdAt))

struct ExportTeamDto {
  std::int64_t teamId = 0;
  std::int64_t tournamentId = 0;
  std::string name;
  std::string role;
  std::string userName;
  std::string ingameId;
  std::string joinedAt;
};
BOOST_DESCRIBE_STRUCT(ExportTeamDto, (), (teamId, tournamentId, name, role, userName, ingameId, joinedAt))

struct ExportConsentDto {
  std::string kind;     // "app" (an app's access to the account)
  std::string subject;  // the app's id
  std::string decision;
  std::string scopes;
  std::string decidedAt;
};
BOOST_DESCRIBE_STRUCT(ExportConsentDto, (), (kind, subject, decision, scopes, decidedAt))

struct ExportParentalControlDto {
  bool active = false;
  std::int64_t maxAgeGroup = 0;
};
BOOST_DESCRIBE_STRUCT(ExportParentalControlDto, (), (active, maxAgeGroup))

struct ExportDeviceDto {
  std::string kind;
  std::string operatingSystem;
  std::string userAgent;
  std::string lastSeen;
};
BOOST_DESCRIBE_STRUCT(ExportDeviceDto, (), (kind, operatingSystem, userAgent, lastSeen))

struct ExportSessionDto {
  std::string createdAt;
  std::optional<std::string> revokedAt;
  std::optional<std::string> revokeReason;
};
BOOST_DESCRIBE_STRUCT(ExportSessionDto, (), (createdAt, revokedAt, revokeReason))

// GET /backend/user/data and GET /backend/admin/customers/{userId}/export.
struct DataExportDto {
  std::string exportedAt;
  std::string tenant;
  ExportProfileDto profile;
  std::vector<ExportSubscriptionDto> subscriptions;
  std::vector<ExportPaymentDto> payments;
  std::vector<ExportPurchaseDto> purchases;
  std::vector<ExportVoucherOrderDto> voucherOrders;
  std::vector<ExportWalletItemDto> wallet;
  std::vector<ExportPlayDto> playHistory;
  std::vector<ExportLikeDto> likes;
  std::vector<ExportRatingDto> ratings;
  std::vector<ExportNotificationDto> notifications;
  std::vector<ExportTicketDto> challengeTickets;
  std::vector<ExportTeamDto> tournamentTeams;
  std::vector<ExportConsentDto> consents;
  std::optional<ExportParentalControlDto> parentalControl;
  std::vector<ExportDeviceDto> devices;
  std::vector<ExportSessionDto> sessions;
};
BOOST_DESCRIBE_STRUCT(DataExportDto, (), (exportedAt, tenant, profile, subscriptions, payments, purchases, voucherOrders,
                                          wallet, playHistory, likes, ratings, notifications, challengeTickets,
                                          tournamentTeams, consents, parentalControl, devices, sessions))

// POST /backend/user/data/delete (self-service).
struct DeleteAccountBody {
  std::optional<std::string> currentPassword;  // required when the account has a password
};
BOOST_DESCRIBE_STRUCT(DeleteAccountBody, (), (currentPassword))

// POST /backend/admin/customers/{userId}/delete (support).
struct StaffDeleteBody {
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(StaffDeleteBody, (), (reason))

// What a deletion answers: the tombstone's pseudonym and when.
struct DeletedDto {
  std::string deletedAt;
  std::string pseudonym;           // the user_id the tombstone now has
  std::int64_t plansCancelled = 0;
};
BOOST_DESCRIBE_STRUCT(DeletedDto, (), (deletedAt, pseudonym, plansCancelled))

}  // namespace portal::privacy
