#include "domains/subscriptions/subscriptions_errors.hpp"

#include <stdexcept>

namespace portal::subscriptions {

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("subscriptions: value() of an error result: " + e.message);
}

}  // namespace portal::subscriptions
