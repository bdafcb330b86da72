#pragma once
// Media ingest on the wire: an upload's request and answer, and the jobs (GET /backend/admin/media/jobs).
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::media {

// POST /backend/admin/media/uploads
struct NewUploadBody {
  std::optional<std::int64_t> articleId;  // the article of a cover (and of audio, video, a game); none for a logo or an icon
  std::string kind;  // audio | video | artwork | game
  std::string name;  // the file's name, shown in the jobs list
  std::int64_t size = 0;
  std::optional<std::string> purpose;  // artwork: cover (the article's, the default) | logo | icon (the tenant's brand) | structure (a banner slide's or tile's image)
};
BOOST_DESCRIBE_STRUCT(NewUploadBody, (), (articleId, kind, name, size, purpose))

struct UploadDto {
  std::string id;
  std::int64_t articleId = 0;
  std::string kind;
  std::string name;
  std::int64_t size = 0;
  std::int64_t received = 0;       // the offset the next chunk starts at
  std::int64_t chunkLimit = 0;     // the most bytes one chunk may carry
  std::optional<std::string> jobId;  // set once the last byte is in
  std::string purpose;               // cover | logo | icon | structure
};
BOOST_DESCRIBE_STRUCT(UploadDto, (), (id, articleId, kind, name, size, received, chunkLimit, jobId, purpose))

struct JobDto {
  std::string id;
  std::int64_t articleId = 0;
  std::string uploadId;
  std::string kind;
  std::string name;
  std::string state;  // queued | running | done | failed
  int progress = 0;   // 0-100
  std::optional<std::string> error;  // failed: why
  int attempts = 0;
  std::string createdAt;
  std::string updatedAt;
  std::optional<std::string> mediaPath;    // done: the article's new media, under the media root
  std::optional<std::string> previewPath;  // done: its preview (a logo's full size, an icon's 192-pixel one)
  std::string purpose;                     // cover | logo | icon | structure
};
BOOST_DESCRIBE_STRUCT(JobDto, (),
                      (id, articleId, uploadId, kind, name, state, progress, error, attempts, createdAt, updatedAt,
                       mediaPath, previewPath, purpose))

struct JobsDto {
  std::vector<JobDto> jobs;
};
BOOST_DESCRIBE_STRUCT(JobsDto, (), (jobs))

}  // namespace portal::media
