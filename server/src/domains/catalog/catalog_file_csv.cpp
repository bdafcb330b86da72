#include "domains/catalog/catalog_file_csv.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <boost/json.hpp>  // free-form: the article document the cells are read from and written into
#include <charconv>
#include <cmath>
#include <set>

#include "core/csv.hpp"
#include "core/languages.hpp"
#include "core/money.hpp"
#include "core/text.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog::file {
namespace json = boost::json;

namespace {

// The price columns and the business model each holds.
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kPriceColumns = {{
    {"price_subscription", "SUBSCRIPTION"},
    {"price_pay_per_download", "PAY_PER_DOWNLOAD"},
    {"price_download_to_own_freemium", "DOWNLOAD_TO_OWN_FREEMIUM"},
}};

// The columns that are a member of the document, and which.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kTextColumns = {{
    {"release_date", "releaseDate"},
    {"licensor", "licensorName"},
    {"available_from", "availableFrom"},
    {"available_until", "availableUntil"},
    {"type", "contentType"},
    {"section", "section"},
}};

std::string text_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v) return {};
  if (v->is_string()) return std::string(v->as_string());
  if (v->is_int64()) return std::to_string(v->as_int64());
  if (v->is_uint64()) return std::to_string(v->as_uint64());
  if (v->is_bool()) return v->as_bool() ? "true" : "false";
  if (v->is_null()) return {};
  return json::serialize(*v);
}

std::string joined_ids(const json::object& o, std::string_view key) {
  std::string out;
  const auto* v = o.if_contains(key);
  if (!v || !v->is_array()) return out;
  for (const auto& x : v->as_array()) {
    if (!out.empty()) out += '|';
    out += x.is_string() ? std::string(x.as_string()) : x.is_int64() ? std::to_string(x.as_int64()) : json::serialize(x);
  }
  return out;
}

std::optional<std::int64_t> amount_of(const json::value& v) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_uint64()) return static_cast<std::int64_t>(v.as_uint64());
  if (v.is_double() && v.as_double() == std::floor(v.as_double())) return static_cast<std::int64_t>(v.as_double());
  return std::nullopt;
}

std::optional<std::int64_t> whole(std::string_view text) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// "7.99" or "7,99" in a currency of `digits` decimals -> 799; nullopt when it is not such an amount.
std::optional<std::int64_t> minor_units(std::string_view text, int digits) {
  const auto sep = text.find_first_of(".,");
  const std::string_view units = text.substr(0, sep);
  const std::string_view fraction = sep == std::string_view::npos ? std::string_view() : text.substr(sep + 1);
  auto digits_only = [](std::string_view s) { return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }); };
  if (units.empty() || units.size() > 12 || !digits_only(units) || !digits_only(fraction)) return std::nullopt;
  if (static_cast<int>(fraction.size()) > digits) return std::nullopt;
  std::int64_t minor = *whole(units);
  for (int i = 0; i < digits; ++i)
    minor = minor * 10 + (i < static_cast<int>(fraction.size()) ? fraction[static_cast<std::size_t>(i)] - '0' : 0);
  return minor;
}

std::vector<std::string_view> split_ids(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto bar = text.find('|');
    auto piece = core::trim(text.substr(0, bar));
    if (!piece.empty()) out.push_back(piece);
    if (bar == std::string_view::npos) break;
    text.remove_prefix(bar + 1);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> columns = [] {
    std::vector<std::string> c{"id", "type", "section"};
    for (auto lang : core::kLanguages) c.push_back("title_" + std::string(lang));
    for (auto lang : core::kLanguages) c.push_back("description_" + std::string(lang));
    c.insert(c.end(), {"artists", "genre"});
    for (const auto& [column, model] : kPriceColumns) c.emplace_back(column);
    c.insert(c.end(), {"currency", "published", "rating", "release_date", "licensor", "parent_id", "available_from",
                       "available_until"});
    return c;
  }();
  return columns;
}

int currency_digits(std::string_view c) {
  for (std::string_view zero : {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
                                "VND", "VUV", "XAF", "XOF", "XPF"})
    if (c == zero) return 0;
  for (std::string_view three : {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"})
    if (c == three) return 3;
  return 2;
}

std::string major_units(std::int64_t minor, std::string_view currency) {
  const int digits = currency_digits(currency);
  std::string text = std::to_string(minor < 0 ? -minor : minor);
  if (digits > 0) {
    if (text.size() <= static_cast<std::size_t>(digits)) text.insert(0, static_cast<std::size_t>(digits) + 1 - text.size(), '0');
    text.insert(text.size() - static_cast<std::size_t>(digits), ".");
  }
  return minor < 0 ? "-" + text : text;
}

std::map<std::string, std::string> csv_cells(const json::object& doc, std::string_view currency) {
  std::map<std::string, std::string> out;
  out["id"] = text_of(doc, "id");
  const std::string type = text_of(doc, "contentType");
  out["type"] = type;
  out["section"] = std::string(section_of(type));
  for (auto [prefix, key] : {std::pair<std::string_view, std::string_view>{"title_", "title"}, {"description_", "description"}}) {
    const auto* texts = doc.if_contains(key);
    for (auto lang : core::kLanguages)
      out[std::string(prefix) + std::string(lang)] =
          texts && texts->is_object() ? text_of(texts->as_object(), lang) : std::string();
  }
  out["artists"] = joined_ids(doc, "artistIds");
  out["genre"] = joined_ids(doc, "categoryIds");
  std::string shown_currency(currency);
  if (const auto* prices = doc.if_contains("prices"); prices && prices->is_array()) {
    for (const auto& p : prices->as_array()) {
      const auto* po = p.if_object();
      if (!po) continue;
      const std::string c = text_of(*po, "currency"), model = text_of(*po, "businessModel");
      if (!currency.empty() && c != currency) continue;
      for (const auto& [column, m] : kPriceColumns) {
        auto& cell = out[std::string(column)];
        if (model != m || !cell.empty() || !po->if_contains("amount")) continue;
        if (auto amount = amount_of(po->at("amount"))) cell = major_units(*amount, c), shown_currency = c;
      }
    }
  }
  for (const auto& [column, m] : kPriceColumns) out.try_emplace(std::string(column));
  out["currency"] = shown_currency;
  const auto* published = doc.if_contains("published");
  out["published"] = published && published->is_bool() && !published->as_bool() ? "false" : "true";
  out["rating"] = text_of(doc, "rating");
  for (const auto& [column, key] : kTextColumns)
    if (column != "type" && column != "section") out[std::string(column)] = text_of(doc, key);
  out["parent_id"] = text_of(doc, "parentId");
  return out;
}

std::string csv_header() {
  std::string line;
  for (const auto& c : csv_columns()) line += (line.empty() ? "" : ",") + c;
  return line + "\r\n";
}

std::string csv_line(const json::object& doc, std::string_view currency) {
  const auto cells = csv_cells(doc, currency);
  std::string line;
  bool first = true;
  for (const auto& c : csv_columns()) {
    if (!first) line += ',';
    first = false;
    line += core::csv_cell(cells.at(c));
  }
  return line + "\r\n";
}

CsvText read_csv(std::string_view text) {
  CsvText out;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string cell;
  bool quoted = false, was_quoted = false, any = false;
  int line = 1, record_line = 1;
  auto end_cell = [&] {
    // The export's defused formula: "'=..." reads back as "=...".
    if (was_quoted && cell.size() >= 2 && cell[0] == '\'' && std::string_view("=+-@\t\r").find(cell[1]) != std::string_view::npos)
      cell.erase(0, 1);
    record.push_back(std::move(cell));
    cell.clear();
    was_quoted = false;
  };
  auto end_record = [&] {
    end_cell();
    const bool blank = record.size() == 1 && record[0].empty();
    if (!blank) {
      records.push_back(std::move(record));
      out.lines.push_back(record_line);
    }
    record.clear();
    any = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          cell += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        if (c == '\n') ++line;
        cell += c;
      }
      continue;
    }
    if (!any) record_line = line, any = true;
    if (c == '"') {
      if (!cell.empty()) {
        out.error = "line " + std::to_string(line) + ": a quote inside an unquoted cell (quote the cell and double the quote)";
        return out;
      }
      quoted = was_quoted = true;
    } else if (c == ',') {
      end_cell();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      continue;
    } else if (c == '\n') {
      end_record();
      ++line;
    } else {
      cell += c;
    }
  }
  if (quoted) {
    out.error = "line " + std::to_string(record_line) + ": a quoted cell is not closed";
    return out;
  }
  if (any || !cell.empty() || !record.empty()) end_record();
  if (records.empty()) {
    out.error = "line 1: the file is empty (it needs a header line)";
    return out;
  }
  out.header = std::move(records.front());
  for (auto& h : out.header) h = core::lower(core::trim(h));
  out.records.assign(std::make_move_iterator(records.begin() + 1), std::make_move_iterator(records.end()));
  out.lines.erase(out.lines.begin());
  return out;
}

std::vector<CellProblem> header_problems(const std::vector<std::string>& header) {
  std::vector<CellProblem> out;
  const auto& known = csv_columns();
  std::set<std::string> seen;
  for (const auto& h : header) {
    if (std::find(known.begin(), known.end(), h) == known.end())
      out.push_back({h, "is not a column of the catalog file (docs/catalog-file.md)"});
    else if (!seen.insert(h).second)
      out.push_back({h, "appears twice in the header"});
  }
  if (!seen.count("id")) out.push_back({"id", "the header needs an id column"});
  return out;
}

CsvRow apply_csv_line(const std::vector<std::string>& header, const std::vector<std::string>& cells,
                      const json::object* stored, std::string_view currency) {
  CsvRow out;
  out.doc = stored ? *stored : json::object{};
  auto& doc = out.doc;
  const auto before = stored ? csv_cells(*stored, currency) : std::map<std::string, std::string>{};
  if (cells.size() > header.size())
    out.problems.push_back({"line", "has " + std::to_string(cells.size()) + " cells; the header names " +
                                        std::to_string(header.size())});
  std::string section_cell;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const std::string& column = header[i];
    const std::string cell = i < cells.size() ? std::string(core::trim(cells[i])) : std::string();
    if (column == "id") continue;
    if (column == "section") {
      section_cell = cell;
      continue;
    }
    if (column == "currency") {
      if (!cell.empty() && !currency.empty() && cell != currency)
        out.problems.push_back({column, "must be the tenant's currency " + std::string(currency) + " (or empty)"});
      continue;
    }
    // A cell as the export wrote it changes nothing: export -> import keeps every document as it is.
    if (auto it = before.find(column); it != before.end() && it->second == cell) continue;
    auto set_or_erase = [&](std::string_view key) {
      if (cell.empty()) doc.erase(key);
      else doc[key] = cell;
    };
    if (column == "type") {
      if (!cell.empty() || !stored) set_or_erase("contentType");
    } else if (column.starts_with("title_") || column.starts_with("description_")) {
      const bool title = column.starts_with("title_");
      const std::string key = title ? "title" : "description";
      const std::string lang = column.substr(column.find('_') + 1);
      json::object texts = doc.if_contains(key) && doc.at(key).is_object() ? doc.at(key).as_object() : json::object{};
      if (cell.empty()) texts.erase(lang);
      else texts[lang] = cell;
      if (texts.empty()) doc.erase(key);
      else doc[key] = std::move(texts);
    } else if (column == "artists" || column == "genre") {
      const std::string key = column == "artists" ? "artistIds" : "categoryIds";
      json::array ids;
      bool ok = true;
      for (auto piece : split_ids(cell)) {
        if (column == "genre") {
          ids.emplace_back(piece);
          continue;
        }
        auto id = whole(piece);
        if (!id || *id <= 0) {
          out.problems.push_back({column, "must be article ids separated by | (\"2001|2002\")"});
          ok = false;
          break;
        }
        ids.emplace_back(*id);
      }
      if (!ok) continue;
      if (ids.empty()) doc.erase(key);
      else doc[key] = std::move(ids);
    } else if (column.starts_with("price_")) {
      std::string_view model;
      for (const auto& [c, m] : kPriceColumns)
        if (c == column) model = m;
      if (currency.empty()) {
        out.problems.push_back({column, "needs the tenant's currency (settings.currency) to read major units"});
        continue;
      }
      std::optional<std::int64_t> amount;
      if (!cell.empty()) {
        amount = minor_units(cell, currency_digits(currency));
        if (!amount) {
          out.problems.push_back({column, "must be an amount in " + std::string(currency) + " as typed, with at most " +
                                              std::to_string(currency_digits(currency)) + " decimals (\"7.99\")"});
          continue;
        }
        if (*amount > core::kMaxMoneyAmount) {
          out.problems.push_back({column, "must be at most 1000000.00"});
          continue;
        }
      }
      json::array prices = doc.if_contains("prices") && doc.at("prices").is_array() ? doc.at("prices").as_array() : json::array{};
      bool placed = false;
      for (auto it = prices.begin(); it != prices.end();) {
        auto* po = it->if_object();
        if (po && text_of(*po, "currency") == currency && text_of(*po, "businessModel") == model) {
          if (!amount || placed) {
            it = prices.erase(it);
            continue;
          }
          (*po)["amount"] = *amount;
          placed = true;
        }
        ++it;
      }
      if (amount && !placed)
        prices.push_back(json::object{{"amount", *amount}, {"currency", currency}, {"businessModel", model}});
      if (prices.empty() && !doc.if_contains("prices")) continue;
      doc["prices"] = std::move(prices);
    } else if (column == "published") {
      const std::string v = core::lower(cell);
      if (v == "true" || v.empty()) doc.erase("published");  // published is the default
      else if (v == "false") doc["published"] = false;
      else out.problems.push_back({column, "must be true or false"});
    } else if (column == "rating" || column == "parent_id") {
      const std::string key = column == "rating" ? "rating" : "parentId";
      if (cell.empty()) {
        doc.erase(key);
        continue;
      }
      auto n = whole(cell);
      if (!n || *n < 0) out.problems.push_back({column, column == "rating" ? "must be a whole number from 0 to 1000" : "must be an article id"});
      else doc[key] = *n;
    } else {
      for (const auto& [c, key] : kTextColumns)
        if (c == column) set_or_erase(key);
    }
  }
  if (!section_cell.empty()) {
    const std::string type = text_of(doc, "contentType");
    if (known_content_type(type) && section_of(type) != section_cell)
      out.problems.push_back({"section", "is " + std::string(section_of(type)) + " for type " + type +
                                             " (the section follows the type)"});
  }
  return out;
}

std::string column_of_field(std::string_view field, const json::object& doc) {
  if (field.starts_with("articles[")) {
    if (auto dot = field.find("]."); dot != std::string_view::npos) field.remove_prefix(dot + 2);
  }
  const std::string_view key = field.substr(0, field.find_first_of(".["));
  if (key == "title") return "title_en";
  if (key == "description") return "description_en";
  if (key == "contentType") return "type";
  if (key == "categoryIds") return "genre";
  if (key == "artistIds") return "artists";
  if (key == "parentId") return "parent_id";
  if (key == "releaseDate") return "release_date";
  if (key == "licensorName") return "licensor";
  if (key == "availableFrom") return "available_from";
  if (key == "availableUntil") return "available_until";
  if (key == "prices") {
    if (const auto* prices = doc.if_contains("prices"); prices && prices->is_array())
      for (const auto& p : prices->as_array())
        if (const auto* po = p.if_object())
          for (const auto& [c, m] : kPriceColumns)
            if (text_of(*po, "businessModel") == m) return std::string(c);
    return "price_subscription";
  }
  return std::string(field);
}

}  // namespace portal::catalog::file
