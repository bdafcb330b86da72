#pragma once
// Texts (subscriptions_types.hpp) in their JSON form, {"en": "...", "de": "...", ...}: as the plans
// file gives a group's or payment option's name and as the name columns store it.
// free-form: this is the edge where the plans document's JSON objects become typed Texts.
#include <boost/json/object.hpp>

#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

// The string members of `o`, in its order (a member that is not a string names nothing).
inline Texts texts_from(const boost::json::object& o) {
  Texts out;
  for (const auto& [lang, text] : o)
    if (text.is_string()) out.entries.emplace_back(std::string(lang), std::string(text.as_string()));
  return out;
}

inline boost::json::object texts_json(const Texts& texts) {
  boost::json::object out;
  for (const auto& [lang, text] : texts.entries) out[lang] = text;
  return out;
}

}  // namespace portal::subscriptions
