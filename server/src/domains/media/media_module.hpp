#pragma once
// Media ingest as the composition root assembles it (app/app.cpp): the size limits the configuration names by kind
// ("audio", "video", "artwork", "game"), a game's bytes once unpacked ("gameUnpacked"), a tenant's open uploads
// together ("tenantOpenUploads") and its finished media in the store ("tenantStoredBytes"), chunks no larger than one
// request's body, the expiry of abandoned uploads, the grace of replaced media, and how many jobs run at once.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/media/media_repository.hpp"
#include "domains/media/media_service.hpp"
#include "store/media_store.hpp"

namespace portal::media {

// The limits: the defaults, a chunk of chunk_bytes, and each configured size (the kinds, "gameUnpacked",
// "tenantOpenUploads", "tenantStoredBytes"); unknown names are ignored.
Limits limits_of(std::int64_t chunk_bytes, const std::map<std::string, std::int64_t>& size_limits);

struct Media {
  struct Deps {
    db::Database& database;
    store::MediaStore& store;
    std::filesystem::path work_root;  // this instance's disk for jobs' work
    std::int64_t chunk_bytes;  // the server's body limit
    const std::map<std::string, std::int64_t>& size_limits;
    const core::Clock& clock;
    std::int64_t upload_expiry_seconds = 24 * 3600;  // an unfinished upload without a chunk this long is removed
    std::int64_t removal_grace_seconds = 24 * 3600;  // replaced media nothing names this long is removed
    Workers workers = {};                            // jobs at once: this instance's, one tenant's on all
    std::chrono::seconds look{5};                    // an idle slot's look for jobs queued on another instance
  };
  explicit Media(Deps deps);

  MediaRepository repository;
  MediaService service;
};

std::unique_ptr<Media> make_media(Media::Deps deps);

}  // namespace portal::media
