#pragma once
// A zip archive of media store objects, made while it is sent (issue 72 item 1: an album's or an audiobook's
// files in one download). Nothing is written anywhere first and at most one piece is held: each entry is stored
// as it is (audio is compressed already), read from the store piece by piece, its CRC-32 computed as its bytes
// pass and written after them in a data descriptor (flag bit 3, APPNOTE 4.3.9); names are UTF-8 (flag bit 11).
// The objects' sizes are known before the first byte (MediaStore::size), so the archive's length is too: the
// answer has a Content-Length and a browser shows the download's progress. A plain zip (no Zip64): at most
// kZipMaxEntries entries and kZipMaxBytes in all (zip_size says whether they fit). Blocking (the store's
// reads): call next() on a pool, never on an I/O thread.
#include <boost/crc.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/media_store.hpp"

namespace portal::store {

inline constexpr std::uint64_t kZipMaxBytes = 0xFFFFFFFFull;
inline constexpr std::size_t kZipMaxEntries = 0xFFFF;

struct ZipEntry {
  std::string name;  // the entry's path in the archive (UTF-8; core::file_name makes it)
  std::string key;   // the object in the store
  std::uint64_t size = 0;
};

// The archive's length for these entries; nullopt when it would need Zip64.
std::optional<std::uint64_t> zip_size(const std::vector<ZipEntry>& entries);

class ObjectZip {
 public:
  // `entries` as zip_size accepts them; `modified` is every entry's time (the archive's moment).
  ObjectZip(MediaStore& store, std::vector<ZipEntry> entries, std::chrono::system_clock::time_point modified);

  std::uint64_t size() const { return size_; }
  // The next bytes of the archive: about `piece` (an entry's data comes in pieces of at most that; headers
  // whole), "" once all were given. Throws std::runtime_error when an object is gone or holds fewer bytes
  // than its size said: the archive cannot be finished (the answer's connection is closed).
  std::string next(std::size_t piece);

 private:
  enum class Phase { header, data, descriptor, directory, done };
  MediaStore& store_;
  std::vector<ZipEntry> entries_;
  std::vector<std::uint32_t> crcs_;
  std::vector<std::uint64_t> offsets_;  // each entry's local header
  std::uint16_t dos_time_ = 0, dos_date_ = 0;
  std::uint64_t size_ = 0;
  std::uint64_t written_ = 0;  // bytes given so far
  std::size_t index_ = 0;      // the entry under way
  std::uint64_t read_ = 0;     // its bytes read so far
  boost::crc_32_type crc_;
  Phase phase_ = Phase::header;
};

}  // namespace portal::store
