#pragma once
// The wire shapes of the cart calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::cart {

struct QuantityBody {
  std::int64_t quantity = 0;
};
BOOST_DESCRIBE_STRUCT(QuantityBody, (), (quantity))
struct MergeEntry {
  http::Id productId;
  std::int64_t quantity = 0;
};
BOOST_DESCRIBE_STRUCT(MergeEntry, (), (productId, quantity))
struct MergeBody {
  std::vector<MergeEntry> items;
};
BOOST_DESCRIBE_STRUCT(MergeBody, (), (items))
struct CheckoutBody {
  std::string redirectionUrl;      // where the hosted checkout returns (an origin of the tenant)
  std::optional<std::string> lang;  // the checkout page's language
};
BOOST_DESCRIBE_STRUCT(CheckoutBody, (), (redirectionUrl, lang))

}  // namespace portal::cart
