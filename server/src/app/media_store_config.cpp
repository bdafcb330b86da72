#include "app/media_store_config.hpp"

#include <cstdlib>
#include <iostream>

namespace portal::app {

namespace {
std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}
}  // namespace

std::unique_ptr<store::MediaStore> make_media_store(const Config& config) {
  if (config.media_store != "s3") return store::folder_store(config.media_root);
  store::S3Settings s;
  s.endpoint = config.s3_endpoint;
  s.public_endpoint = config.s3_public_endpoint;
  s.bucket = config.s3_bucket;
  s.prefix = config.s3_prefix;
  s.virtual_hosts = config.s3_virtual_hosts;
  s.region = config.s3_region;
  s.access_key = env("PORTAL_S3_ACCESS_KEY");
  s.secret_key = env("PORTAL_S3_SECRET_KEY");
  return store::s3_store(std::move(s));
}

std::filesystem::path media_work_root(const Config& config) {
  if (!config.media_work_dir.empty()) return config.media_work_dir;
  if (config.media_store == "s3") return std::filesystem::temp_directory_path() / "portal-media-work";
  return std::filesystem::path(config.media_root) / "staging" / "jobs";
}

int push_media(const Config& config, const std::filesystem::path& from) {
  try {
    if (!std::filesystem::is_directory(from)) throw std::invalid_argument(from.string() + " is not a folder");
    auto store = make_media_store(config);
    const auto copied = store->copy_folder(from, "");
    std::cout << "portal push-media: " << copied << " files from " << from.string() << " into the " << store->kind()
              << " store\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "portal push-media: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace portal::app
