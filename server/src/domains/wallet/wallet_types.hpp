#pragma once
// The wallet (commerce §3 "Wallet item", §7 wallet calls; docs/contracts.md
// "Purchases and wallet"): what a user owns for good. Rows here; no SQL or
// HTTP types.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::wallet {

inline constexpr std::int64_t kPageSize = 50;      // commerce §9: wallet page size
inline constexpr std::int64_t kMaxPageSize = 100;

// How an article came into the wallet.
enum class Source { purchase, credit, voucher };
std::string_view to_string(Source s);

// One article to add. A collection (album, audiobook) is added with its
// members, each naming it as collection.
struct NewItem {
  std::int64_t article_id = 0;
  std::string content_type;
  std::optional<std::int64_t> collection_id;
};

struct Item {
  std::int64_t article_id = 0;
  std::string content_type;
  std::optional<std::int64_t> collection_id;
  std::string source;
  std::string reference;
  std::string acquired_at;
  std::vector<std::int64_t> members;  // a collection's owned members (list answers)
};

struct PageQuery {
  std::vector<std::string> content_types;  // stored content types; empty = every type
  std::int64_t limit = kPageSize;
  std::int64_t offset = 0;
};

struct Page {
  std::vector<Item> items;  // top-level items: bought alone, or collections
  std::int64_t total = 0;
};

// The stored content types an `inclContTypes` value names: FULL_TRACK_MUSIC
// is tracks with their albums and playlists, AUDIO_BOOK audiobooks with their
// chapters, any other value the content type it spells (lower case).
std::vector<std::string> content_types_of(std::string_view incl_cont_type);

}  // namespace portal::wallet
