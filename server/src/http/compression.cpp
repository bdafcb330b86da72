#include "http/compression.hpp"

#include <brotli/encode.h>
#include <zlib.h>

#include <stdexcept>

#include "core/text.hpp"

namespace portal::http {
bool is_compressible(std::string_view content_type) {
  return content_type.starts_with("text/") || content_type.starts_with("application/json") ||
         content_type.starts_with("application/javascript") || content_type.starts_with("image/svg+xml") ||
         content_type.starts_with("application/manifest+json") || content_type.starts_with("application/xml");
}

namespace {

// Whether a weight (RFC 9110 §12.4.2: "q=" 0 to 1 with up to three decimals)
// refuses the coding. A malformed value ("q=x", "q=", "q=1e9") is ignored, as
// if there were none: it never throws.
bool refused_by(std::string_view params) {
  while (!params.empty()) {
    const auto semi = params.find(';');
    const std::string_view param = core::trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view() : params.substr(semi + 1);
    if (param.size() < 2 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=') continue;
    const std::string_view q = core::trim(param.substr(2));
    if (q.empty() || q.size() > 5 || (q[0] != '0' && q[0] != '1')) return false;
    if (q.size() > 1 && (q[1] != '.' || q.find_first_not_of("0123456789", 2) != std::string_view::npos)) return false;
    return q[0] == '0' && q.find_first_not_of("0.") == std::string_view::npos;  // 0, 0.0, 0.000: refused
  }
  return false;
}

// Looks for a coding token whose weight does not refuse it in an Accept-Encoding list.
bool accepts(std::string_view header, std::string_view coding) {
  std::size_t pos = 0;
  while (pos < header.size()) {
    std::size_t end = header.find(',', pos);
    if (end == std::string_view::npos) end = header.size();
    std::string_view item = header.substr(pos, end - pos);
    pos = end + 1;
    const auto semi = item.find(';');
    const std::string_view name = core::trim(item.substr(0, semi));
    if (!core::iequals(name, coding) && name != "*") continue;
    return semi == std::string_view::npos || !refused_by(item.substr(semi + 1));
  }
  return false;
}

}  // namespace

void add_vary(Response& res, std::string_view field) {
  auto it = res.find(bhttp::field::vary);
  if (it == res.end()) {
    res.set(bhttp::field::vary, field);
  } else if (const std::string_view value = it->value(); value.find(field) == std::string_view::npos) {
    std::string joined;
    joined.reserve(value.size() + 2 + field.size());
    joined.append(value).append(", ").append(field);
    res.set(bhttp::field::vary, joined);
  }
}

bool accepts_encoding(const Request& req, std::string_view coding) {
  auto it = req.find(bhttp::field::accept_encoding);
  return it != req.end() && accepts(it->value(), coding);
}

std::string_view preferred_encoding(const Request& req) {
  auto it = req.find(bhttp::field::accept_encoding);
  if (it == req.end()) return "";
  const std::string_view header = it->value();
  if (accepts(header, "br")) return "br";
  if (accepts(header, "gzip")) return "gzip";
  return "";
}

std::string gzip(std::string_view data) {
  z_stream zs{};
  if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) throw std::runtime_error("deflate failed");
  return out;
}

std::string brotli(std::string_view data, int quality) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  std::string out(size, '\0');
  if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                             reinterpret_cast<const uint8_t*>(data.data()), &size,
                             reinterpret_cast<uint8_t*>(out.data())))
    throw std::runtime_error("brotli compression failed");
  out.resize(size);
  return out;
}

void compress_response(const Request& req, Response& res, std::size_t min_size) {
  if (res.body().size() < min_size || res.count(bhttp::field::content_encoding)) return;
  if (!is_compressible(res[bhttp::field::content_type])) return;
  add_vary(res, "Accept-Encoding");
  const std::string_view enc = preferred_encoding(req);
  if (enc.empty()) return;
  res.body() = enc == "br" ? brotli(res.body()) : gzip(res.body());
  res.set(bhttp::field::content_encoding, enc);
  res.prepare_payload();
}

}  // namespace portal::http
