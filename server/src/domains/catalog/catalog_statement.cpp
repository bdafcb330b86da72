#include "domains/catalog/catalog_statement.hpp"

namespace portal::catalog {

std::string Statement::add(db::Value v) {
  params.push_back(std::move(v));
  return "$" + std::to_string(params.size());
}

Statement& Statement::append(std::string_view piece, std::initializer_list<std::pair<std::string_view, db::Value>> values) {
  std::string filled(piece);
  for (const auto& [key, value] : values) filled = fill(filled, {{key, add(value)}});
  text += filled;
  return *this;
}

std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out(text);
  for (const auto& [key, value] : values)
    for (auto at = out.find(key); at != std::string::npos; at = out.find(key, at + value.size()))
      out.replace(at, key.size(), value);
  return out;
}

}  // namespace portal::catalog
