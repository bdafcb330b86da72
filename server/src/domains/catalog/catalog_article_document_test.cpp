// The typed reads other domains make of a stored article (issue 77 item 1): stored_member reads one member as
// ArticleDocument types it, leaving the rest unread, and sets a stored member that no longer reads aside as
// stored_document does; the members purchases, games, tournaments, vouchers and media read are typed.
#include "domains/catalog/catalog_article_document.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_import.hpp"

namespace portal::catalog {
namespace {
namespace json = boost::json;

json::object parsed(std::string_view text) { return json::parse(text).as_object(); }

// An album of the demo catalog's shapes: its tracks, prices, a member's collection, a voucher's and a game's members.
constexpr std::string_view kAlbum = R"({
  "id": 2102, "contentType": "album", "title": {"en": "Night Drive", "ar": "قيادة ليلية"},
  "durationSeconds": 2580, "licensorName": "Neon Records",
  "collectionInfo": {"articleId": 2102, "label": "NR"},
  "media": {"type": "audio", "path": "audio/2102.mp3"},
  "prices": [{"amount": 899, "currency": "EUR", "businessModel": "PAY_PER_DOWNLOAD"},
             {"amount": 0, "currency": "EUR", "businessModel": "SUBSCRIPTION"}],
  "customProperties": {"trackIds": [2103, 2104], "chapterIds": [], "episodeIds": [7],
                       "gameEngine": "phaser", "teamSize": 3, "status": "running",
                       "discountPercentage": 15, "availableNo": 40, "validityMonths": 6,
                       "subscriptionTypeIds": {"acme": 3}, "mood": "calm"}
})";

TEST(StoredMember, ReadsOneMemberAsTheDocumentTypesIt) {
  const auto doc = parsed(kAlbum);
  EXPECT_EQ(stored_member<&ArticleDocument::durationSeconds>(doc), 2580);
  EXPECT_EQ(stored_member<&ArticleDocument::licensorName>(doc), "Neon Records");
  EXPECT_EQ(stored_member<&ArticleDocument::collectionInfo>(doc)->articleId, 2102);
  EXPECT_EQ(stored_member<&ArticleDocument::media>(doc)->type, "audio");
  const auto prices = stored_member<&ArticleDocument::prices>(doc);
  ASSERT_TRUE(prices);
  ASSERT_EQ(prices->size(), 2u);
  EXPECT_EQ(prices->at(0).amount, 899);
  EXPECT_EQ(prices->at(1).businessModel, "SUBSCRIPTION");
  const auto props = stored_member<&ArticleDocument::customProperties>(doc);
  ASSERT_TRUE(props);
  EXPECT_EQ(props->trackIds, (std::vector<std::int64_t>{2103, 2104}));
  EXPECT_EQ(props->chapterIds, std::vector<std::int64_t>{});
  EXPECT_EQ(props->episodeIds, std::vector<std::int64_t>{7});
  EXPECT_EQ(props->gameEngine, "phaser");
  EXPECT_EQ(props->teamSize, 3);
  EXPECT_EQ(props->status, "running");
  EXPECT_EQ(props->discountPercentage, 15);
  EXPECT_EQ(props->availableNo, 40);
  EXPECT_EQ(props->validityMonths, 6);
  EXPECT_EQ(props->other.members.at("mood"), "calm");
  // The same values as the whole document reads them.
  const auto whole = stored_document(doc);
  EXPECT_EQ(json::value_from(*whole.customProperties), json::value_from(*props));
  EXPECT_EQ(whole.collectionInfo->other.members.at("label"), "NR");
  EXPECT_EQ(json::value(document_json(whole)), json::value(doc)) << "the new members write back as they came";
}

TEST(StoredMember, AbsentOrNotReadingIsEmptyAndANestedMemberIsSetAside) {
  EXPECT_FALSE(stored_member<&ArticleDocument::durationSeconds>(json::object{}));
  EXPECT_FALSE(stored_member<&ArticleDocument::durationSeconds>(parsed(R"({"durationSeconds": null})")));
  EXPECT_FALSE(stored_member<&ArticleDocument::durationSeconds>(parsed(R"({"durationSeconds": "83"})")));
  EXPECT_FALSE(stored_member<&ArticleDocument::durationSeconds>(parsed(R"({"durationSeconds": 1.5})")));
  EXPECT_EQ(stored_member<&ArticleDocument::durationSeconds>(parsed(R"({"durationSeconds": 83.0})")), 83);
  // A wrongly typed member of customProperties is left out, the others kept (as stored_document does).
  const auto doc = parsed(R"({"customProperties": {"trackIds": ["a"], "teamSize": "3", "platforms": ["ios"]}})");
  const auto props = stored_member<&ArticleDocument::customProperties>(doc);
  ASSERT_TRUE(props);
  EXPECT_FALSE(props->trackIds);
  EXPECT_FALSE(props->teamSize);
  EXPECT_EQ(props->platforms, std::vector<std::string>{"ios"});
  EXPECT_EQ(json::value_from(*props), json::value_from(*stored_document(doc).customProperties));
  // A list whose entry does not read is left out whole.
  EXPECT_FALSE(stored_member<&ArticleDocument::prices>(parsed(R"({"prices": [{"amount": 1, "currency": "EUR"}]})")));
  EXPECT_FALSE(stored_member<&ArticleDocument::customProperties>(parsed(R"({"customProperties": "x"})")));
}

TEST(StoreMember, WritesOneMemberAsTheDocumentTypesItLeavingTheOthersAsStored) {
  EXPECT_EQ(member_name<&ArticleDocument::categoryIds>(), "categoryIds");
  EXPECT_EQ(member_name<&ArticleDocument::explicit_>(), "explicit");
  auto doc = parsed(R"({"id": 7, "title": {"ar": "ليل", "en": "Night"}, "published": false, "durationSeconds": 1,
                        "mood": {"calm": true}, "prices": [{"amount": 100, "currency": "EUR", "businessModel": "SUBSCRIPTION", "tier": 2}]})");
  // Replaced in its place; the members before and after it, and the ones the struct does not name, as they were.
  store_member<&ArticleDocument::durationSeconds>(doc, 83);
  EXPECT_EQ(json::serialize(doc),
            R"({"id":7,"title":{"ar":"ليل","en":"Night"},"published":false,"durationSeconds":83,"mood":{"calm":true},)"
            R"("prices":[{"amount":100,"currency":"EUR","businessModel":"SUBSCRIPTION","tier":2}]})");
  // Empty: the key goes, the rest keep their order.
  store_member<&ArticleDocument::published>(doc, std::nullopt);
  EXPECT_EQ(json::serialize(doc),
            R"({"id":7,"title":{"ar":"ليل","en":"Night"},"durationSeconds":83,"mood":{"calm":true},)"
            R"("prices":[{"amount":100,"currency":"EUR","businessModel":"SUBSCRIPTION","tier":2}]})");
  store_member<&ArticleDocument::published>(doc, std::nullopt);  // absent already: nothing happens
  EXPECT_FALSE(doc.contains("published"));
  // A new member goes last, under its wire name.
  store_member<&ArticleDocument::published>(doc, false);
  store_member<&ArticleDocument::explicit_>(doc, true);
  EXPECT_EQ(doc.at("published"), false);
  EXPECT_EQ(doc.at("explicit"), true);
  EXPECT_FALSE(doc.contains("explicit_"));
  // A nested struct: its wire names, absent members left out, the ones it does not name kept.
  auto prices = *stored_member<&ArticleDocument::prices>(doc);
  prices[0].amount = 250;
  store_member<&ArticleDocument::prices>(doc, prices);
  EXPECT_EQ(json::serialize(doc.at("prices")),
            R"([{"amount":250,"currency":"EUR","businessModel":"SUBSCRIPTION","tier":2}])");
  store_member<&ArticleDocument::media>(doc, ArticleMedia{"audio", "audio/7.mp3", std::nullopt, {}});
  EXPECT_EQ(json::serialize(doc.at("media")), R"({"type":"audio","path":"audio/7.mp3"})");
  store_member<&ArticleDocument::categoryIds>(doc, std::vector<std::string>{"pop"});
  EXPECT_EQ(json::serialize(doc.at("categoryIds")), R"(["pop"])");
  // What it wrote reads back as the same value.
  EXPECT_EQ(stored_member<&ArticleDocument::prices>(doc)->at(0).amount, 250);
  EXPECT_EQ(stored_member<&ArticleDocument::media>(doc)->path, "audio/7.mp3");
  EXPECT_EQ(stored_member<&ArticleDocument::durationSeconds>(doc), 83);
  EXPECT_EQ(json::serialize(doc.at("mood")), R"({"calm":true})");
  EXPECT_EQ(json::serialize(doc.at("title")), R"({"ar":"ليل","en":"Night"})");
}

TEST(StoredMember, AFreeOnlineGameIsOneWithAFreemiumPrice) {
  const auto prices = [](std::string_view text) { return stored_member<&ArticleDocument::prices>(parsed(text)); };
  const auto freemium = prices(R"({"prices": [{"amount": 0, "currency": "EUR", "businessModel": "DOWNLOAD_TO_OWN_FREEMIUM"}]})");
  const auto paid = prices(R"({"prices": [{"amount": 99, "currency": "EUR", "businessModel": "PAY_PER_DOWNLOAD"}]})");
  EXPECT_TRUE(has_freemium_price(freemium));
  EXPECT_FALSE(has_freemium_price(paid));
  EXPECT_FALSE(has_freemium_price(std::nullopt));
  EXPECT_TRUE(is_free_online_game("online_game", freemium));
  EXPECT_FALSE(is_free_online_game("online_game", paid));
  EXPECT_FALSE(is_free_online_game("game", freemium));
}

TEST(StoredMember, TheImportChecksTheMembersOtherDomainsReadNamingTheField) {
  const auto field_of = [](std::string_view article) -> std::string {
    const auto r = parse_import(json::parse(std::string(R"({"articles":[)") + std::string(article) + "]}"),
                                [](std::string_view) { return false; });
    if (r) return "";
    return std::string(http_error(r.error()).data.at("field").as_string());
  };
  EXPECT_EQ(field_of(R"({"id":7,"contentType":"tournament","title":{"en":"T"},"customProperties":{"teamSize":"3"}})"),
            "articles[0].customProperties.teamSize");
  EXPECT_EQ(field_of(R"({"id":7,"contentType":"album","title":{"en":"A"},"customProperties":{"trackIds":["8"]}})"),
            "articles[0].customProperties.trackIds[0]");
  EXPECT_EQ(field_of(R"({"id":7,"contentType":"full_track_music","title":{"en":"T"},"collectionInfo":{"articleId":"x"}})"),
            "articles[0].collectionInfo.articleId");
  EXPECT_EQ(field_of(R"({"id":7,"contentType":"voucher","title":{"en":"V"},"customProperties":{"validityMonths":1.5}})"),
            "articles[0].customProperties.validityMonths");
  EXPECT_EQ(field_of(R"({"id":7,"contentType":"album","title":{"en":"A"},"customProperties":{"trackIds":[8]},
                        "collectionInfo":{"articleId":7}})"),
            "");
}

}  // namespace
}  // namespace portal::catalog
