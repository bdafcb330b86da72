#pragma once
// An object's name in a bucket (the object store only; the folder store keeps its keys as paths): each
// tenant's media under one prefix of its own, `tenants/<tenant id>/`, so a bucket policy, a lifecycle rule, a
// report of a tenant's storage or the removal of a tenant's media names one prefix. The keys the portal makes
// start with the kind (media paths in articles and URLs: audio/<tenant>/…, hls/<tenant>/…, art/<tenant>/…,
// brand/<tenant>/…, games/<tenant>-<article>-<run>/…, staging/uploads/<tenant>/…); the tenant moves to the
// front, the rest keeps its order. Keys of no tenant (the demo's shared generated media) go under `shared/`.
// Brand images (a tenant's logo and icon) were shared/brand/<tenant>/… until issue 71; the object store moves
// what an installation still holds there (MediaStore::move_legacy_objects).
//
//   audio/7/20001/j-1/track.mp3        -> tenants/7/audio/20001/j-1/track.mp3
//   games/7-20001-j-1/index.html       -> tenants/7/games/7-20001-j-1/index.html
//   staging/uploads/7/u/0-ab           -> tenants/7/staging/uploads/u/0-ab
//   brand/7/logo/j-1/logo.webp         -> tenants/7/brand/logo/j-1/logo.webp
//   audio/midnight-drive/preview.mp3   -> shared/audio/midnight-drive/preview.mp3
#include <optional>
#include <string>
#include <string_view>

namespace portal::store {

// The tenant a key belongs to, or nullopt for shared media.
std::optional<std::string> tenant_of_key(std::string_view key);
std::string object_name(std::string_view key);

}  // namespace portal::store
