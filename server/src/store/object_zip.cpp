#include "store/object_zip.hpp"

#include <ctime>
#include <stdexcept>

namespace portal::store {

namespace {

constexpr std::uint64_t kLocalHeader = 30, kDescriptor = 16, kCentralHeader = 46, kEnd = 22;
constexpr std::uint16_t kVersion = 20;                // 2.0: stored entries with data descriptors
constexpr std::uint16_t kFlags = 0x0008 | 0x0800;     // bit 3: sizes and CRC after the data; bit 11: UTF-8 names

void put16(std::string& out, std::uint16_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>(v >> 8);
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, static_cast<std::uint16_t>(v & 0xFFFF));
  put16(out, static_cast<std::uint16_t>(v >> 16));
}

}  // namespace

std::optional<std::uint64_t> zip_size(const std::vector<ZipEntry>& entries) {
  if (entries.size() > kZipMaxEntries) return std::nullopt;
  std::uint64_t total = kEnd;
  for (const auto& e : entries) {
    if (e.name.size() > 0xFFFF || e.size > kZipMaxBytes) return std::nullopt;
    total += kLocalHeader + e.name.size() + e.size + kDescriptor + kCentralHeader + e.name.size();
    if (total > kZipMaxBytes) return std::nullopt;
  }
  return total;
}

ObjectZip::ObjectZip(MediaStore& store, std::vector<ZipEntry> entries, std::chrono::system_clock::time_point modified)
    : store_(store), entries_(std::move(entries)) {
  const auto total = zip_size(entries_);
  if (!total) throw std::invalid_argument("object zip: more than a plain zip holds");
  size_ = *total;
  // MS-DOS time, UTC, 2 s steps (the format has no zone); 1980 at the earliest.
  const std::time_t t = std::chrono::system_clock::to_time_t(modified);
  std::tm tm{};
  gmtime_r(&t, &tm);
  if (tm.tm_year < 80) tm = std::tm{.tm_sec = 0, .tm_min = 0, .tm_hour = 0, .tm_mday = 1, .tm_mon = 0, .tm_year = 80};
  dos_time_ = static_cast<std::uint16_t>((tm.tm_hour << 11) | (tm.tm_min << 5) | (tm.tm_sec / 2));
  dos_date_ = static_cast<std::uint16_t>(((tm.tm_year - 80) << 9) | ((tm.tm_mon + 1) << 5) | tm.tm_mday);
}

std::string ObjectZip::next(std::size_t piece) {
  if (piece == 0) piece = 1;
  std::string out;
  while (phase_ != Phase::done) {
    if (phase_ == Phase::header) {
      if (index_ == entries_.size()) {
        phase_ = Phase::directory;
        continue;
      }
      const auto& e = entries_[index_];
      offsets_.push_back(written_ + out.size());
      put32(out, 0x04034b50);
      put16(out, kVersion);
      put16(out, kFlags);
      put16(out, 0);  // stored
      put16(out, dos_time_);
      put16(out, dos_date_);
      put32(out, 0);  // CRC, compressed and uncompressed size: in the data descriptor (bit 3)
      put32(out, 0);
      put32(out, 0);
      put16(out, static_cast<std::uint16_t>(e.name.size()));
      put16(out, 0);  // no extra field
      out += e.name;
      crc_.reset();
      read_ = 0;
      phase_ = Phase::data;
      continue;
    }
    if (phase_ == Phase::data) {
      const auto& e = entries_[index_];
      if (read_ < e.size) {
        if (out.size() >= piece) break;  // the headers before are this piece; the data comes next time
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(piece - out.size(), e.size - read_));
        const std::string bytes = store_.read(e.key, read_, want);
        if (bytes.size() != want)
          throw std::runtime_error("object zip: " + e.key + " is shorter than its " + std::to_string(e.size) + " bytes");
        crc_.process_bytes(bytes.data(), bytes.size());
        read_ += bytes.size();
        out += bytes;
        if (read_ < e.size) break;
      }
      phase_ = Phase::descriptor;
      continue;
    }
    if (phase_ == Phase::descriptor) {
      const auto& e = entries_[index_];
      crcs_.push_back(crc_.checksum());
      put32(out, 0x08074b50);
      put32(out, crcs_.back());
      put32(out, static_cast<std::uint32_t>(e.size));
      put32(out, static_cast<std::uint32_t>(e.size));
      ++index_;
      phase_ = Phase::header;
      continue;
    }
    // The central directory, then its end record.
    const std::uint64_t directory_at = written_ + out.size();
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const auto& e = entries_[i];
      put32(out, 0x02014b50);
      put16(out, (3 << 8) | kVersion);  // made by: Unix, so the permissions below are read
      put16(out, kVersion);
      put16(out, kFlags);
      put16(out, 0);
      put16(out, dos_time_);
      put16(out, dos_date_);
      put32(out, crcs_[i]);
      put32(out, static_cast<std::uint32_t>(e.size));
      put32(out, static_cast<std::uint32_t>(e.size));
      put16(out, static_cast<std::uint16_t>(e.name.size()));
      put16(out, 0);  // extra
      put16(out, 0);  // comment
      put16(out, 0);  // disk
      put16(out, 0);  // internal attributes
      put32(out, 0100644u << 16);  // a regular file, rw-r--r--
      put32(out, static_cast<std::uint32_t>(offsets_[i]));
      out += e.name;
    }
    const std::uint64_t directory_size = written_ + out.size() - directory_at;
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint16_t>(entries_.size()));
    put16(out, static_cast<std::uint16_t>(entries_.size()));
    put32(out, static_cast<std::uint32_t>(directory_size));
    put32(out, static_cast<std::uint32_t>(directory_at));
    put16(out, 0);  // no comment
    phase_ = Phase::done;
  }
  written_ += out.size();
  return out;
}

}  // namespace portal::store
