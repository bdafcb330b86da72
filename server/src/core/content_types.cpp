#include "core/content_types.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "core/text.hpp"

namespace portal::core {

std::string_view content_type_for(const std::filesystem::path& file) {
  static const std::unordered_map<std::string, std::string_view> types{
      {".html", "text/html; charset=utf-8"},   {".js", "application/javascript; charset=utf-8"},
      {".mjs", "application/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},           {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},               {".png", "image/png"},
      {".jpg", "image/jpeg"},                  {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},                   {".webp", "image/webp"},
      {".avif", "image/avif"},                 {".ico", "image/x-icon"},
      {".woff", "font/woff"},                  {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},                    {".txt", "text/plain; charset=utf-8"},
      {".xml", "application/xml"},             {".mp3", "audio/mpeg"},
      {".ogg", "audio/ogg"},                   {".opus", "audio/ogg"},
      {".m4a", "audio/mp4"},                   {".wav", "audio/wav"},
      {".mp4", "video/mp4"},                   {".webm", "video/webm"},
      {".m3u8", "application/vnd.apple.mpegurl"}, {".ts", "video/mp2t"},
      {".m4s", "video/iso.segment"},           {".vtt", "text/vtt; charset=utf-8"},
      {".wasm", "application/wasm"},           {".map", "application/json"},
      {".zip", "application/zip"},
  };
  std::string ext = file.extension().string();
  ext = core::lower(ext);
  auto it = types.find(ext);
  return it == types.end() ? std::string_view("application/octet-stream") : it->second;
}

}  // namespace portal::core
