#pragma once
// The catalog as a CSV file (issue 78 item 2, docs/catalog-file.md): one article per line under a header of
// documented, stable columns. Writing turns a stored article document into its cells; reading turns a line into
// the document to write — the stored one (if any) with the columns the header names set from the cells. Pure: no
// database, no HTTP. Prices are in the tenant currency's major units as typed ("7.99", "7,99").
#include <boost/json/object.hpp>  // free-form: the article document of the catalog file
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::catalog::file {

// The columns, in their order: id, type, section, title_<lang> ×6, description_<lang> ×6, artists, genre,
// price_subscription, price_pay_per_download, price_download_to_own_freemium, currency, published, rating,
// release_date, licensor, parent_id, available_from, available_until.
const std::vector<std::string>& csv_columns();

// ISO 4217 digits after the decimal point (JPY 0, KWD 3, else 2).
int currency_digits(std::string_view currency);
// 799 in EUR -> "7.99".
std::string major_units(std::int64_t minor, std::string_view currency);

// The cells of an article (column -> text); prices only those in `currency` (every one when it is empty).
std::map<std::string, std::string> csv_cells(const boost::json::object& doc, std::string_view currency);
// The header line and an article's line (core::csv_cell quoting, "\r\n" ends).
std::string csv_header();
std::string csv_line(const boost::json::object& doc, std::string_view currency);

// A CSV text read into records (RFC 4180: quoted cells may hold commas, quotes and line breaks; a UTF-8 BOM and
// blank lines are skipped; "\n" or "\r\n" ends a record). A cell the export defused with a leading ' before
// = + - @ loses that '. error: the first malformation ("line 7: a quoted cell is not closed"), else empty.
struct CsvText {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> records;
  std::vector<int> lines;  // the line of the file each record starts on
  std::string error;
};
CsvText read_csv(std::string_view text);

// A problem with one cell of a line: its column and why.
struct CellProblem {
  std::string column;
  std::string reason;
};

// The header's problems: an unknown column, one named twice, no id column.
std::vector<CellProblem> header_problems(const std::vector<std::string>& header);

// The document a line asks for: `stored` (null for a new article) with each column of the header set from its
// cell — an empty cell clears an optional field (a price, a description, the licensor, ...) and leaves the type
// of a stored article as it is; section is derived from type (a cell that disagrees is a problem), currency
// must be the tenant's (or empty). id is set by the caller. Problems are the cells that could not be read
// (a price that is not an amount, published not true/false, ...); the import's validator checks the rest.
struct CsvRow {
  boost::json::object doc;
  std::vector<CellProblem> problems;
};
CsvRow apply_csv_line(const std::vector<std::string>& header, const std::vector<std::string>& cells,
                      const boost::json::object* stored, std::string_view currency);

// The column that holds a field the import's validator names ("title" -> "title_en", "prices.amount" ->
// "price_subscription", "categoryIds" -> "genre"); a field no column holds answers itself ("media.path").
std::string column_of_field(std::string_view field, const boost::json::object& doc);

}  // namespace portal::catalog::file
