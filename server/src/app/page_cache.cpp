#include "app/page_cache.hpp"

namespace portal::app {

std::string with_nonce(const std::vector<std::string>& parts, const std::string& nonce) {
  std::size_t size = 0;
  for (const auto& part : parts) size += part.size() + nonce.size();
  std::string body;
  body.reserve(size);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) body += nonce;
    body += parts[i];
  }
  return body;
}

PageCache::PageCache()
    : kept_(std::make_unique<core::TtlCache<KeptPage>>(kLifetime, kCapacity)), nonce_mark_(http::csp_nonce()) {}

std::shared_ptr<const KeptPage> PageCache::keep(const std::string& key, const std::string& body, bool found,
                                                http::PageSources sources, std::optional<std::chrono::seconds> lifetime) {
  KeptPage kept{{}, found, std::move(sources)};
  if (lifetime && *lifetime < kLifetime) kept.valid_until = std::chrono::steady_clock::now() + *lifetime;
  for (std::size_t at = 0;;) {
    const auto next = body.find(nonce_mark_, at);
    kept.parts.push_back(body.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) break;
    at = next + nonce_mark_.size();
  }
  return kept_->put(key, std::move(kept));
}

}  // namespace portal::app
