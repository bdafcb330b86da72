#pragma once
// Likes and ratings storage. Every call takes the tenant id first and blocks:
// run it on the database pool. The primary keys make a like and a rating
// unique per user and article; the writes are single statements.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "domains/engagement/engagement_types.hpp"

namespace portal::engagement {

// The content types of one kind, padded to three by repeating the first.
using TypeSet = std::array<std::string_view, 3>;

class EngagementRepository {
 public:
  explicit EngagementRepository(db::Database& db) : db_(db) {}

  // Adds the like unless it exists; true when it was added.
  bool add_like(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                const std::string& content_type, const std::string& now);
  std::optional<LikeRecord> like(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id);
  // True when there was one.
  bool remove_like(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id);
  std::vector<LikeRecord> likes(std::int64_t tenant_id, const std::string& user_uuid, const TypeSet& types,
                                std::int64_t limit, std::int64_t offset);
  std::int64_t count_likes(std::int64_t tenant_id, const std::string& user_uuid, const TypeSet& types);
  std::vector<LikeRecord> all_likes(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t limit);

  // Inserts or updates the user's rating of the article.
  void upsert_rating(std::int64_t tenant_id, const std::string& user_uuid, const RatingRecord& rating,
                     const std::string& now);
  std::optional<RatingRecord> rating(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id);
  RatingSummary summary(std::int64_t tenant_id, std::int64_t article_id);

 private:
  db::Database& db_;
};

}  // namespace portal::engagement
