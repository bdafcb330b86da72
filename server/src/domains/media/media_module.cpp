#include "domains/media/media_module.hpp"

namespace portal::media {

Limits limits_of(std::int64_t chunk_bytes, const std::map<std::string, std::int64_t>& size_limits) {
  Limits limits;
  limits.chunk = chunk_bytes;  // a chunk is one request's whole body
  for (const auto& [kind, bytes] : size_limits) {
    if (kind == "gameUnpacked") limits.game_unpacked = bytes;
    if (kind == "tenantOpenUploads") limits.tenant_open_uploads = bytes;
    if (kind == "tenantStoredBytes") limits.tenant_stored_bytes = bytes;
    if (kind == "imagePixels") limits.image_pixels = bytes;  // a count of pixels, not bytes
    if (kind == "toolMemory") limits.tool_memory = bytes;
    if (auto k = kind_of(kind)) (*k == Kind::audio     ? limits.audio
                                 : *k == Kind::video   ? limits.video
                                 : *k == Kind::artwork ? limits.artwork
                                                       : limits.game) = bytes;
  }
  return limits;
}

Media::Media(Deps deps)
    : repository(deps.database),
      service(repository, deps.store, deps.work_root,
              [&] {
                auto limits = limits_of(deps.chunk_bytes, deps.size_limits);
                limits.upload_expiry_seconds = deps.upload_expiry_seconds;
                limits.removal_grace_seconds = deps.removal_grace_seconds;
                return limits;
              }(),
              deps.clock) {
  service.set_workers(deps.workers);
  service.set_look(deps.look);
}

std::unique_ptr<Media> make_media(Media::Deps deps) { return std::make_unique<Media>(std::move(deps)); }

}  // namespace portal::media
