#pragma once
// The described answers of /backend/admin/customers (customers_routes.hpp): one struct per
// answer, in the OpenAPI document. Amounts in minor units; times ISO-8601 UTC.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::customers {

struct CustomerMatchDto {
  std::string uuid;
  std::string userId;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string createdAt;
  std::string tenant;
  std::string matchedBy;  // email, emailPrefix, msisdn, userId, uuid, paymentId, paymentReference, providerReference,
                          // providerCustomer (a Stripe customer id), voucherBuyer, voucherRedeemer
};
BOOST_DESCRIBE_STRUCT(CustomerMatchDto, (), (uuid, userId, email, msisdn, name, createdAt, tenant, matchedBy))

struct CustomerSearchDto {
  std::vector<CustomerMatchDto> customers;
  bool more = false;  // the list stopped at its limit: narrow the search
};
BOOST_DESCRIBE_STRUCT(CustomerSearchDto, (), (customers, more))

struct CustomerProfileDto {
  std::string uuid;
  std::string userId;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string lastName;
  std::vector<std::string> roles;
  std::optional<std::string> language;
  bool hasPassword = false;
  std::string createdAt;
  std::string updatedAt;
  std::string tenant;
};
BOOST_DESCRIBE_STRUCT(CustomerProfileDto, (),
                      (uuid, userId, email, msisdn, name, lastName, roles, language, hasPassword, createdAt, updatedAt,
                       tenant))

struct CustomerSessionDto {
  std::string id;
  std::string createdAt;
  std::optional<std::string> lastTokenAt;
  std::optional<std::string> revokedAt;
  std::optional<std::string> revokeReason;
  bool open = false;
};
BOOST_DESCRIBE_STRUCT(CustomerSessionDto, (), (id, createdAt, lastTokenAt, revokedAt, revokeReason, open))

struct CustomerSignInDto {
  std::int64_t recentFailures = 0;  // failed sign-ins of the account in the last 15 minutes
  bool locked = false;              // at the account's limit: sign-in refused until the window passes
};
BOOST_DESCRIBE_STRUCT(CustomerSignInDto, (), (recentFailures, locked))

struct CustomerSubscriptionEventDto {
  std::int64_t version = 0;
  std::optional<std::string> fromState;
  std::string toState;
  std::optional<std::string> toSubState;
  std::string reason;
  std::string actor;
  std::string at;
};
BOOST_DESCRIBE_STRUCT(CustomerSubscriptionEventDto, (), (version, fromState, toState, toSubState, reason, actor, at))

struct CustomerCreditDto {
  std::vector<std::string> contentTypes;
  std::int64_t left = 0;  // -1: unlimited
};
BOOST_DESCRIBE_STRUCT(CustomerCreditDto, (), (contentTypes, left))

struct CustomerSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string plan;
  std::string status;
  std::optional<std::string> subState;
  bool trial = false;
  bool cancelRequested = false;
  std::string startDate;
  std::optional<std::string> endsAt;
  std::optional<std::string> nextRenewalAt;
  std::optional<std::string> paymentOption;
  std::vector<CustomerCreditDto> credits;
  std::vector<CustomerSubscriptionEventDto> events;  // oldest first
};
BOOST_DESCRIBE_STRUCT(CustomerSubscriptionDto, (),
                      (id, typeId, plan, status, subState, trial, cancelRequested, startDate, endsAt, nextRenewalAt,
                       paymentOption, credits, events))

struct CustomerPaymentDto {
  std::string id;
  std::string purpose;
  std::string reference;
  std::string provider;
  std::string instrument;  // masked
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::int64_t refunded = 0;
  std::string createdAt;
  std::optional<std::string> providerReference;  // the provider's name of the charge (Stripe: pi_…)
  std::optional<std::string> disputeStatus;      // the latest dispute's (Stripe's word: needs_response, won, lost, ...)
  std::optional<std::string> disputeReason;      // fraudulent, product_not_received, ...
};
BOOST_DESCRIBE_STRUCT(CustomerPaymentDto, (),
                      (id, purpose, reference, provider, instrument, amount, currency, status, refunded, createdAt,
                       providerReference, disputeStatus, disputeReason))

struct CustomerPurchaseDto {
  std::string id;
  std::string articleId;
  std::string contentType;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(CustomerPurchaseDto, (), (id, articleId, contentType, amount, currency, status, createdAt))

struct CustomerWalletItemDto {
  std::string articleId;
  std::string contentType;
  std::string source;  // purchase, credit or voucher
  std::string reference;
  std::string acquiredAt;
};
BOOST_DESCRIBE_STRUCT(CustomerWalletItemDto, (), (articleId, contentType, source, reference, acquiredAt))

struct CustomerVoucherOrderDto {
  std::string id;
  std::string source;
  std::string status;
  std::int64_t amount = 0;
  std::string currency;
  std::optional<std::string> paymentId;
  std::optional<std::string> fulfilledAt;
  std::int64_t codes = 0;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(CustomerVoucherOrderDto, (),
                      (id, source, status, amount, currency, paymentId, fulfilledAt, codes, createdAt))

struct CustomerNotificationDto {
  std::string id;
  std::string kind;
  std::string createdAt;
  std::optional<std::string> readAt;
};
BOOST_DESCRIBE_STRUCT(CustomerNotificationDto, (), (id, kind, createdAt, readAt))

struct CustomerTeamDto {
  std::string id;
  std::string tournamentId;
  std::string name;
  std::string role;
  std::string joinedAt;
};
BOOST_DESCRIBE_STRUCT(CustomerTeamDto, (), (id, tournamentId, name, role, joinedAt))

struct CustomerDto {
  CustomerProfileDto profile;
  std::vector<CustomerSessionDto> sessions;
  std::int64_t openSessions = 0;
  CustomerSignInDto signIn;
  std::vector<CustomerSubscriptionDto> subscriptions;
  std::vector<CustomerPaymentDto> payments;
  std::vector<CustomerPurchaseDto> purchases;
  std::vector<CustomerWalletItemDto> wallet;
  std::vector<CustomerVoucherOrderDto> voucherOrders;
  bool parentalControl = false;  // on or off; never the PIN
  std::vector<CustomerNotificationDto> notifications;
  std::int64_t unreadNotifications = 0;
  std::int64_t likes = 0;
  std::int64_t ratings = 0;
  std::int64_t tickets = 0;
  std::vector<std::string> challenges;  // ids of the challenges opted in to
  std::vector<CustomerTeamDto> teams;
};
BOOST_DESCRIBE_STRUCT(CustomerDto, (),
                      (profile, sessions, openSessions, signIn, subscriptions, payments, purchases, wallet, voucherOrders,
                       parentalControl, notifications, unreadNotifications, likes, ratings, tickets, challenges, teams))

}  // namespace portal::customers
