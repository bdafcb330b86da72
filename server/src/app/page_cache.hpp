#pragma once
// The page cache of the portal face: a page's rendering for visitors without a session, kept a while and split where
// the nonce goes, so a request joins the parts with its own nonce (app/page_shell.cpp).
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ttl_cache.hpp"
#include "http/security_headers.hpp"

namespace portal::app {

// A kept rendering: its parts between the nonces, whether the page was found, what it may load.
struct KeptPage {
  std::vector<std::string> parts;
  bool found = true;
  http::PageSources sources;
  // Sooner than the cache's lifetime when what the page embeds changes sooner (a node's schedule).
  std::chrono::steady_clock::time_point valid_until = std::chrono::steady_clock::time_point::max();
};

// A kept rendering's parts joined by a request's nonce.
std::string with_nonce(const std::vector<std::string>& parts, const std::string& nonce);

class PageCache {
 public:
  // A kept rendering lives as long as the structures and lists it shows
  // (commerce §9; app/page_data.cpp); a page is some 90 KB, so a few hundred.
  static constexpr std::chrono::seconds kLifetime{120};
  static constexpr std::size_t kCapacity = 160;

  PageCache();

  // The nonce a rendering to keep is drawn with (random per process): where keep() splits it.
  const std::string& nonce_mark() const { return nonce_mark_; }
  std::shared_ptr<const KeptPage> get(const std::string& key) const {
    auto kept = kept_->get(key);
    return kept && kept->valid_until > std::chrono::steady_clock::now() ? kept : nullptr;
  }
  // Keeps body (drawn with nonce_mark()) under key, split at the mark; for `lifetime` when that is shorter than
  // the cache's own.
  std::shared_ptr<const KeptPage> keep(const std::string& key, const std::string& body, bool found,
                                       http::PageSources sources, std::optional<std::chrono::seconds> lifetime = {});

 private:
  std::unique_ptr<core::TtlCache<KeptPage>> kept_;
  std::string nonce_mark_;
};

}  // namespace portal::app
