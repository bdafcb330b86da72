#include "domains/engagement/engagement_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/catalog/catalog_sql.hpp"
#include "domains/engagement/engagement_sql.hpp"

namespace portal::engagement {

BOOST_DESCRIBE_STRUCT(LikeRecord, (), (article_id, content_type, created_at))
BOOST_DESCRIBE_STRUCT(RatingRecord, (), (article_id, content_type, score, device_id, updated_at))
BOOST_DESCRIBE_STRUCT(RatingSummary, (), (count, sum))

bool EngagementRepository::add_like(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                    const std::string& content_type, const std::string& now) {
  return db_.execute(sql::kInsertLike, {tenant_id, user_uuid, article_id, content_type, now}) > 0;
}

std::optional<LikeRecord> EngagementRepository::like(std::int64_t tenant_id, const std::string& user_uuid,
                                                     std::int64_t article_id) {
  return db::read_first<LikeRecord>(db_.query(sql::kLike, {tenant_id, user_uuid, article_id}));
}

bool EngagementRepository::remove_like(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id) {
  return db_.execute(sql::kDeleteLike, {tenant_id, user_uuid, article_id}) > 0;
}

std::vector<LikeRecord> EngagementRepository::likes(std::int64_t tenant_id, const std::string& user_uuid,
                                                    const TypeSet& types, std::int64_t limit, std::int64_t offset) {
  return db::read_rows<LikeRecord>(db_.query(sql::kLikesOfTypes, {tenant_id, user_uuid, std::string(types[0]),
                                                                   std::string(types[1]), std::string(types[2]), limit,
                                                                   offset}));
}

std::int64_t EngagementRepository::count_likes(std::int64_t tenant_id, const std::string& user_uuid,
                                               const TypeSet& types) {
  return db_
      .query(sql::kCountLikesOfTypes,
             {tenant_id, user_uuid, std::string(types[0]), std::string(types[1]), std::string(types[2])})[0]
      .integer(0);
}

std::vector<LikeRecord> EngagementRepository::all_likes(std::int64_t tenant_id, const std::string& user_uuid,
                                                        std::int64_t limit) {
  return db::read_rows<LikeRecord>(db_.query(sql::kAllLikes, {tenant_id, user_uuid, limit}));
}

void EngagementRepository::upsert_rating(std::int64_t tenant_id, const std::string& user_uuid,
                                         const RatingRecord& r, const std::string& now) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kUpsertRating, {tenant_id, user_uuid, r.article_id, r.content_type,
                                   static_cast<std::int64_t>(r.score), r.device_id, now});
    s.execute(catalog::sql::kRankByRatings, {tenant_id, r.article_id});  // the top rated rails follow at once
  });
}

std::optional<RatingRecord> EngagementRepository::rating(std::int64_t tenant_id, const std::string& user_uuid,
                                                         std::int64_t article_id) {
  return db::read_first<RatingRecord>(db_.query(sql::kRating, {tenant_id, user_uuid, article_id}));
}

RatingSummary EngagementRepository::summary(std::int64_t tenant_id, std::int64_t article_id) {
  return db::read_first<RatingSummary>(db_.query(sql::kRatingSummary, {tenant_id, article_id})).value_or(RatingSummary{});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(LikeRecord, sql::kLike);
PORTAL_ROW_READS(RatingSummary, sql::kRatingSummary);
PORTAL_ROW_READS(LikeRecord, sql::kLikesOfTypes);
PORTAL_ROW_READS(LikeRecord, sql::kAllLikes);
PORTAL_ROW_READS(RatingRecord, sql::kRating);
}  // namespace portal::engagement
