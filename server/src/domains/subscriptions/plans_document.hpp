#pragma once
// A plans document (data/subscriptions/<tenant>.json, `portal import-subscriptions`):
// parsed and validated once, where plans are loaded, into the typed Plans the
// repository stores and every flow reads.
// free-form: the plans document is the operator's JSON; parse_plans is its edge into typed Plans.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/described_json.hpp"
#include "core/from_json.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// One contingent of a type: how many items of the content types a period grants (-1: no limit).
struct ContingentDocument {
  std::vector<std::string> contentTypes;
  std::int64_t amount = 0;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ContingentDocument, (), (contentTypes, amount, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ContingentDocument& c) {
  jv = core::described_object_without_nulls(c);
}

// A scheduled price change: renewals of a period that starts before effectiveFrom still charge previousPrice.
struct PriceChangeDocument {
  Money previousPrice;
  std::string effectiveFrom;  // ISO UTC
};
BOOST_DESCRIBE_STRUCT(PriceChangeDocument, (), (previousPrice, effectiveFrom))

// A retirement: since when the type is sold no more, and the type its subscribers renew onto (null: none).
struct RetiredDocument {
  std::string at;  // ISO UTC
  std::optional<std::int64_t> successorId;
};
BOOST_DESCRIBE_STRUCT(RetiredDocument, (), (at, successorId))

// The members of a type the console edits (its attributes apart: it sends them as a list of {key, value}). A
// console document that names one replaces it, null removes it, one it leaves out keeps what was stored.
struct PlanEditableMembers {
  std::optional<std::string> name;
  std::optional<std::string> billingCycle;
  std::optional<Money> price;
  std::optional<Money> promotionPrice;
  std::optional<std::vector<ContingentDocument>> contingents;
  std::optional<bool> accumulateContingent;
  std::optional<std::string> maxTrialDuration;
  std::optional<std::string> cancelUrl;
  std::optional<std::vector<std::string>> requiredIdentityFields;
  std::optional<std::vector<std::string>> paymentOptions;
  std::optional<std::string> groupId;
};
BOOST_DESCRIBE_STRUCT(PlanEditableMembers, (),
                      (name, billingCycle, price, promotionPrice, contingents, accumulateContingent, maxTrialDuration,
                       cancelUrl, requiredIdentityFields, paymentOptions, groupId))

// One type of a plans document as stored (SubscriptionType::definition), typed: what the console edits, what the
// server writes (id, version, a price change, a retirement), and whatever else the operator's file carries, kept as
// it came. parse_type checks its rules.
struct PlanDocument : PlanEditableMembers {
  std::optional<std::int64_t> id;
  std::optional<std::int64_t> version;                 // raised by every write from the console
  std::optional<boost::json::object> attributes;       // commerce §3 keys to texts, in the operator's order
  std::optional<PriceChangeDocument> priceChange;
  std::optional<RetiredDocument> retired;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(PlanDocument, (PlanEditableMembers), (id, version, attributes, priceChange, retired, other))

// A type's definition read as a PlanDocument; invalid_field naming the member that does not read (a definition
// parse_type took always reads).
Result<PlanDocument> plan_document(const boost::json::object& definition);
// The document as a definition again: every member it has (none null), the others as they came.
boost::json::object plan_definition(const PlanDocument& document);

// The whole document; ErrorCode::invalid_field naming the type and field at fault ("type 7.price.amount").
Result<Plans> parse_plans(const boost::json::value& doc);
// What is wrong with one attribute's value (commerce §3 keys: JSON lists, 0/1 flags, numbers,
// addresses the plan card links to or shows), or nullopt.
std::optional<std::string> attribute_problem(std::string_view key, std::string_view value);
// One type of it (its `definition` keeps the object as given).
Result<SubscriptionType> parse_type(const boost::json::object& definition);

}  // namespace portal::subscriptions
