#pragma once
// The one catalog write of media ingest (domains/media): an article's media
// paths (doc.media), its cover artwork and its duration are set, and its kept
// answers written anew, in the caller's transaction (the job's "done").
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::catalog {

// An article's media as its document holds it (doc.media); previewPath left out when none.
struct ArticleMedia {
  std::string type;  // audio, video, game
  std::string path;
  std::optional<std::string> previewPath;
};
BOOST_DESCRIBE_STRUCT(ArticleMedia, (), (type, path, previewPath))

struct MediaChange {
  std::optional<ArticleMedia> media;        // replaces doc.media
  std::optional<std::string> cover_url;     // replaces the url of the COVER artwork (added when there is none)
  std::optional<std::int64_t> duration_seconds;
};

// False when the tenant has no such article.
bool set_article_media(db::Session& s, std::int64_t tenant_id, std::int64_t article_id, const MediaChange& change);

}  // namespace portal::catalog
