#include "domains/catalog/catalog_file_csv.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::catalog::file {
namespace {
namespace json = boost::json;

json::object track() {
  return json::parse(R"({"id":2101,"contentType":"full_track_music","title":{"en":"Neon, \"Skyline\"","ar":"نيون"},
    "categoryIds":["music-pop"],"artistIds":[2001],"rating":12,
    "prices":[{"amount":799,"currency":"EUR","businessModel":"PAY_PER_DOWNLOAD"},
              {"amount":499,"currency":"EUR","businessModel":"SUBSCRIPTION"},
              {"amount":1999,"currency":"SAR","businessModel":"SUBSCRIPTION"}],
    "media":{"path":"audio/2101.mp3"}})").as_object();
}

std::vector<std::string> header_of(const std::string& text) { return read_csv(text).header; }

TEST(CatalogFileCsv, WritesTheDocumentedColumnsWithPricesInMajorUnits) {
  EXPECT_EQ(csv_header().substr(0, 30), "id,type,section,title_en,title");
  const auto cells = csv_cells(track(), "EUR");
  EXPECT_EQ(cells.at("section"), "music");
  EXPECT_EQ(cells.at("price_pay_per_download"), "7.99");
  EXPECT_EQ(cells.at("price_subscription"), "4.99");
  EXPECT_EQ(cells.at("price_download_to_own_freemium"), "");
  EXPECT_EQ(cells.at("currency"), "EUR");
  EXPECT_EQ(cells.at("genre"), "music-pop");
  EXPECT_EQ(cells.at("artists"), "2001");
  EXPECT_EQ(cells.at("published"), "true");
  EXPECT_EQ(major_units(5, "EUR"), "0.05");
  EXPECT_EQ(major_units(500, "JPY"), "500");
  EXPECT_EQ(major_units(1500, "KWD"), "1.500");
}

TEST(CatalogFileCsv, ReadsBackWhatItWroteUnchanged) {
  const auto text = csv_header() + csv_line(track(), "EUR");
  const auto read = read_csv(text);
  ASSERT_EQ(read.error, "");
  ASSERT_EQ(read.records.size(), 1u);
  const auto row = apply_csv_line(read.header, read.records[0], nullptr, "EUR");
  EXPECT_TRUE(row.problems.empty());
  EXPECT_EQ(row.doc.at("title").at("en").as_string(), "Neon, \"Skyline\"");
  const auto stored = track();
  const auto again = apply_csv_line(read.header, read.records[0], &stored, "EUR");
  EXPECT_TRUE(again.problems.empty());
  EXPECT_EQ(again.doc, stored);  // export -> import changes nothing, the SAR price and the media included
}

TEST(CatalogFileCsv, SetsOnlyTheColumnsOfTheHeaderAndTakesPricesAsTyped) {
  const auto stored = track();
  auto row = apply_csv_line(header_of("id,price_subscription,price_pay_per_download,published,title_de\n"),
                            {"2101", "5,49", "", "false", "Neon-Skyline"}, &stored, "EUR");
  EXPECT_TRUE(row.problems.empty());
  EXPECT_EQ(row.doc.at("prices"), json::parse(R"([{"amount":549,"currency":"EUR","businessModel":"SUBSCRIPTION"},
    {"amount":1999,"currency":"SAR","businessModel":"SUBSCRIPTION"}])"));
  EXPECT_EQ(row.doc.at("published"), json::value(false));
  EXPECT_EQ(row.doc.at("title").at("de").as_string(), "Neon-Skyline");
  EXPECT_EQ(row.doc.at("title").at("en").as_string(), "Neon, \"Skyline\"");
  EXPECT_EQ(row.doc.at("media"), stored.at("media"));
}

TEST(CatalogFileCsv, NamesEachCellItCannotRead) {
  const auto header = header_of("id,type,section,price_subscription,published,artists,currency,rating\n");
  auto row = apply_csv_line(header, {"9", "full_track_music", "video", "4.999", "yes", "2001|x", "USD", "-1"}, nullptr, "EUR");
  std::vector<std::string> columns;
  for (const auto& p : row.problems) columns.push_back(p.column);
  EXPECT_EQ(columns, (std::vector<std::string>{"price_subscription", "published", "artists", "currency", "rating", "section"}));
  EXPECT_EQ(header_problems(header_of("id,colour,id\n")).size(), 2u);
  EXPECT_EQ(header_problems(header_of("title_en\n")).back().column, "id");
}

TEST(CatalogFileCsv, ReadsQuotedCellsLineBreaksAndDefusedFormulas) {
  const auto read = read_csv("\xEF\xBB\xBFid,title_en\r\n1,\"a, \"\"b\"\"\nc\"\r\n\r\n2,\"'=SUM(A1)\"\n3,'plain\n");
  ASSERT_EQ(read.error, "");
  ASSERT_EQ(read.records.size(), 3u);
  EXPECT_EQ(read.records[0][1], "a, \"b\"\nc");
  EXPECT_EQ(read.records[1][1], "=SUM(A1)");
  EXPECT_EQ(read.records[2][1], "'plain");
  EXPECT_EQ(read.lines, (std::vector<int>{2, 5, 6}));
  EXPECT_NE(read_csv("id\n1,\"open\n").error, "");
  EXPECT_EQ(column_of_field("articles[0].prices.amount", track()), "price_pay_per_download");
  EXPECT_EQ(column_of_field("categoryIds", track()), "genre");
}

}  // namespace
}  // namespace portal::catalog::file
