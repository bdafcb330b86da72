#pragma once
// The media store the configuration names (--media-store, docs/operations.md "Media store"), and this instance's
// folder for media jobs' work.
#include <filesystem>
#include <memory>

#include "app/config.hpp"
#include "store/media_store.hpp"

namespace portal::app {

// Throws when the store cannot be used as configured (S3 keys missing from the environment).
std::unique_ptr<store::MediaStore> make_media_store(const Config& config);
std::filesystem::path media_work_root(const Config& config);
// portal push-media DIR: every file below `from` copied into the configured store under its path; 0 on success.
int push_media(const Config& config, const std::filesystem::path& from);

}  // namespace portal::app
