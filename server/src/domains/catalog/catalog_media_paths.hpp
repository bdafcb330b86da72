#pragma once
// The one catalog write of media ingest (domains/media): an article's media
// paths (doc.media), its cover artwork and its duration are set, its version
// raised (a console form opened before reloads instead of writing the old
// media back) and its kept answers written anew, in the caller's transaction
// (the job's "done").
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>  // free-form: the audit's snapshots of the article's media
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace portal::catalog {

// An article's doc.media, as the player reads it: previewPath left out when there is none.
struct MediaPaths {
  std::string type;  // audio, video, game
  std::string path;
  std::optional<std::string> previewPath;
};
BOOST_DESCRIBE_STRUCT(MediaPaths, (), (type, path, previewPath))

struct MediaChange {
  std::optional<MediaPaths> media;       // replaces doc.media
  std::optional<std::string> cover_url;  // replaces the url of the COVER artwork (added when there is none)
  std::optional<std::int64_t> duration_seconds;
};

// What the audit keeps of the write: the article's media before and after it,
// {"media": doc.media, "durationSeconds": ..., "cover": the COVER artwork's url} (null when absent).
struct MediaPublished {
  boost::json::value before;
  boost::json::value after;
};

// nullopt when the tenant has no such article.
std::optional<MediaPublished> set_article_media(db::Session& s, std::int64_t tenant_id, std::int64_t article_id,
                                                const MediaChange& change);

}  // namespace portal::catalog
