#include "domains/media/media_image.hpp"

#include <zlib.h>

#include <charconv>
#include <fstream>

namespace portal::media {

namespace {

constexpr std::uint64_t kImageReadCap = 64ULL << 20;

ImageHeader image_refused(std::string why) { return {std::nullopt, std::move(why)}; }
ImageHeader image_sized(ImageFormat format, std::uint64_t width, std::uint64_t height) {
  return {ImageSize{format, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height)}, {}};
}

// Bounds-checked reads: false (nothing read) when [at, at + n) is not within the bytes.
struct ImageBytes {
  std::string_view b;
  bool has(std::uint64_t at, std::uint64_t n) const { return at <= b.size() && n <= b.size() - at; }
  std::uint8_t u8(std::uint64_t at) const { return static_cast<std::uint8_t>(b[at]); }
  std::uint32_t be16(std::uint64_t at) const { return (std::uint32_t{u8(at)} << 8) | u8(at + 1); }
  std::uint32_t le16(std::uint64_t at) const { return (std::uint32_t{u8(at + 1)} << 8) | u8(at); }
  std::uint32_t be32(std::uint64_t at) const { return (be16(at) << 16) | be16(at + 2); }
  std::uint32_t le32(std::uint64_t at) const { return (le16(at + 2) << 16) | le16(at); }
  std::uint32_t le24(std::uint64_t at) const { return (std::uint32_t{u8(at + 2)} << 16) | le16(at); }
};

const std::string kCutOff = "the image is truncated: its header is cut off";

// PNG: the signature, then IHDR first (libpng refuses any other first chunk), 13 bytes, its CRC right.
ImageHeader png_header(const ImageBytes& in) {
  if (in.b.substr(0, 8) != std::string_view("\x89PNG\r\n\x1a\n", 8)) return image_refused("not a PNG image: a damaged signature");
  if (!in.has(8, 8 + 13 + 4)) return image_refused(kCutOff);
  if (in.be32(8) != 13 || in.b.substr(12, 4) != "IHDR")
    return image_refused("a damaged PNG image: its first chunk is not a 13-byte IHDR");
  const auto crc = static_cast<std::uint32_t>(
      crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(in.b.data() + 12), 4 + 13));
  if (crc != in.be32(12 + 4 + 13)) return image_refused("a damaged PNG image: its header's checksum is wrong");
  const std::uint32_t width = in.be32(16), height = in.be32(20);
  // The PNG specification: each side 1 to 2^31-1.
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu)
    return image_refused("a damaged PNG image: its header declares " + std::to_string(width) + " × " +
                         std::to_string(height) + " pixels");
  return image_sized(ImageFormat::png, width, height);
}

// JPEG: SOI, then segments, each a marker and (but for the standalone ones) its length, up to the first frame
// header (SOFn). A byte where a marker belongs that is not one is refused: libjpeg would skip ahead and might find
// a frame header this walk never saw.
ImageHeader jpeg_header(const ImageBytes& in) {
  std::uint64_t at = 2;  // after SOI (FF D8)
  for (;;) {
    if (!in.has(at, 2)) return image_refused(kCutOff);
    if (in.u8(at) != 0xFF) return image_refused("a damaged JPEG image: no marker where one belongs");
    while (in.has(at + 1, 1) && in.u8(at + 1) == 0xFF) ++at;  // fill bytes
    if (!in.has(at + 1, 1)) return image_refused(kCutOff);
    const std::uint8_t marker = in.u8(at + 1);
    at += 2;
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // TEM, RSTn: no length
    if (marker == 0x00 || marker == 0xD8 || marker == 0xD9 || marker == 0xDA)
      return image_refused("a damaged JPEG image: no frame header before its data");
    if (!in.has(at, 2)) return image_refused(kCutOff);
    const std::uint32_t length = in.be16(at);  // counts its own two bytes
    if (length < 2) return image_refused("a damaged JPEG image: a segment's length is wrong");
    const bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (!frame) {
      at += length;
      continue;
    }
    if (!in.has(at, 8)) return image_refused(kCutOff);
    const std::uint32_t height = in.be16(at + 3), width = in.be16(at + 5), components = in.u8(at + 7);
    if (components == 0 || length != 8 + 3 * components)
      return image_refused("a damaged JPEG image: its frame header's length is wrong");
    if (!in.has(at, length)) return image_refused(kCutOff);
    // A height of 0 leaves it to a DNL marker after the data, which libjpeg does not read.
    if (width == 0 || height == 0)
      return image_refused("a damaged JPEG image: its frame header declares " + std::to_string(width) + " × " +
                           std::to_string(height) + " pixels");
    return image_sized(ImageFormat::jpeg, width, height);
  }
}

// A WebP frame's own size: "VP8 " (lossy, a key frame) or "VP8L" (lossless); `at` is the chunk's payload.
ImageHeader webp_frame(const ImageBytes& in, std::string_view tag, std::uint64_t at, std::uint32_t size) {
  if (tag == "VP8 ") {
    if (size < 10) return image_refused("a damaged WebP image: its frame header is too short");
    if (!in.has(at, 10)) return image_refused(kCutOff);
    if ((in.u8(at) & 1) != 0 || in.u8(at + 3) != 0x9D || in.u8(at + 4) != 0x01 || in.u8(at + 5) != 0x2A)
      return image_refused("a damaged WebP image: its frame is no key frame");
    const std::uint32_t width = in.le16(at + 6) & 0x3FFF, height = in.le16(at + 8) & 0x3FFF;
    if (width == 0 || height == 0) return image_refused("a damaged WebP image: its frame declares 0 pixels");
    return image_sized(ImageFormat::webp, width, height);
  }
  if (size < 5) return image_refused("a damaged WebP image: its frame header is too short");
  if (!in.has(at, 5)) return image_refused(kCutOff);
  const std::uint32_t bits = in.le32(at + 1);
  if (in.u8(at) != 0x2F || (bits >> 29) != 0) return image_refused("a damaged WebP image: a wrong lossless signature");
  return image_sized(ImageFormat::webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1);
}

// WebP: RIFF, then its first chunk: a frame (VP8, VP8L), or VP8X whose canvas must be the size of the frame it
// holds (libwebp refuses a still image that differs); an animation is refused (cwebp does not read one).
ImageHeader webp_header(const ImageBytes& in) {
  if (!in.has(12, 8)) return image_refused(kCutOff);
  const std::uint32_t riff = in.le32(4);
  if (riff < 12 || (riff & 1)) return image_refused("a damaged WebP image: its RIFF size is wrong");
  const std::uint64_t end = std::min<std::uint64_t>(in.b.size(), std::uint64_t{riff} + 8);
  const auto first = in.b.substr(12, 4);
  const std::uint32_t first_size = in.le32(16);
  if (first == "VP8 " || first == "VP8L") return webp_frame(in, first, 20, first_size);
  if (first != "VP8X") return image_refused("a damaged WebP image: no frame where its first chunk belongs");
  if (first_size < 10) return image_refused("a damaged WebP image: its VP8X chunk is too short");
  if (!in.has(20, 10)) return image_refused(kCutOff);
  if (in.u8(20) & 0x02) return image_refused("an animated WebP image is not accepted");
  const std::uint64_t width = std::uint64_t{in.le24(24)} + 1, height = std::uint64_t{in.le24(27)} + 1;
  // The chunks after VP8X (ICCP, ALPH, EXIF, XMP, unknown ones; each padded to an even size) up to the frame.
  std::uint64_t at = 20 + std::uint64_t{first_size} + (first_size & 1);
  for (;;) {
    if (at + 8 > end || !in.has(at, 8)) return image_refused(kCutOff);
    const auto tag = in.b.substr(at, 4);
    const std::uint32_t size = in.le32(at + 4);
    if (tag == "ANIM" || tag == "ANMF") return image_refused("an animated WebP image is not accepted");
    if (tag == "VP8 " || tag == "VP8L") {
      auto frame = webp_frame(in, tag, at + 8, size);
      if (!frame.size) return frame;
      if (frame.size->width != width || frame.size->height != height)
        return image_refused("a damaged WebP image: its canvas is " + std::to_string(width) + " × " +
                             std::to_string(height) + " pixels but its frame " + std::to_string(frame.size->width) +
                             " × " + std::to_string(frame.size->height));
      return frame;
    }
    at += 8 + std::uint64_t{size} + (size & 1);
  }
}

// TIFF (classic, either byte order): the first directory's ImageWidth (256) and ImageLength (257), each once,
// a SHORT or a LONG. cwebp reads the first directory only.
ImageHeader tiff_header(const ImageBytes& in) {
  const bool little = in.u8(0) == 'I';
  const auto u16 = [&](std::uint64_t at) { return little ? in.le16(at) : in.be16(at); };
  const auto u32 = [&](std::uint64_t at) { return little ? in.le32(at) : in.be32(at); };
  const std::uint64_t dir = u32(4);
  if (dir < 8) return image_refused("a damaged TIFF image: its directory's offset is wrong");
  if (!in.has(dir, 2)) return image_refused(kCutOff);
  const std::uint32_t count = u16(dir);
  if (count == 0) return image_refused("a damaged TIFF image: its first directory is empty");
  if (!in.has(dir + 2, std::uint64_t{count} * 12)) return image_refused(kCutOff);
  std::optional<std::uint32_t> width, height;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t e = dir + 2 + std::uint64_t{i} * 12;
    const std::uint32_t tag = u16(e), type = u16(e + 2), values = u32(e + 4);
    if (tag != 256 && tag != 257) continue;
    auto& field = tag == 256 ? width : height;
    if (field) return image_refused("a damaged TIFF image: its size is given twice");
    if (values != 1 || (type != 3 && type != 4))
      return image_refused("a damaged TIFF image: its size is not one SHORT or LONG");
    field = type == 3 ? u16(e + 8) : u32(e + 8);
  }
  if (!width || !height) return image_refused("a damaged TIFF image: its first directory has no size");
  if (*width == 0 || *height == 0)
    return image_refused("a damaged TIFF image: its header declares " + std::to_string(*width) + " × " +
                         std::to_string(*height) + " pixels");
  return image_sized(ImageFormat::tiff, *width, *height);
}

// PNM as cwebp reads it (imageio/pnmdec.c): lines of at most 1,024 bytes, empty lines and "#" comments skipped;
// "P5"/"P6", then "<width> <height>", then "<maxval>"; or "P7" (PAM) and its WIDTH, HEIGHT, DEPTH, MAXVAL,
// TUPLTYPE lines up to ENDHDR. Stricter than cwebp: numbers are plain decimals (its sscanf would take more), and
// every header line ends with its newline.
struct PnmLines {
  std::string_view b;
  std::size_t at = 0;
  // The next line that counts, ended by its newline; nullopt when the bytes end first, or when a line is too
  // long (`bad`).
  std::optional<std::string_view> next(bool& bad) {
    for (;;) {
      const auto nl = b.find('\n', at);
      const auto stop = nl == std::string_view::npos ? b.size() : nl;
      if (stop - at > 1024) {
        bad = true;
        return std::nullopt;
      }
      if (nl == std::string_view::npos) return std::nullopt;
      const auto line = b.substr(at, stop - at);
      at = nl + 1;
      if (line.empty() || line.front() == '#') continue;
      return line;
    }
  }
};

std::optional<std::uint32_t> pnm_number(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;  // at most 999,999,999
  std::uint32_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

ImageHeader pnm_header(const ImageBytes& in) {
  PnmLines lines{in.b};
  bool bad = false;
  const auto magic = lines.next(bad);
  const std::string damaged = "a damaged PNM image: its header is not one cwebp reads";
  if (!magic || (*magic != "P5" && *magic != "P6" && *magic != "P7")) return image_refused(damaged);
  std::optional<std::uint32_t> width, height, depth, maxval;
  if (*magic == "P7") {
    for (;;) {
      const auto line = lines.next(bad);
      if (!line) return image_refused(bad ? damaged : kCutOff);
      if (*line == "ENDHDR") break;
      const auto space = line->find(' ');
      const auto key = line->substr(0, space);
      if (key == "TUPLTYPE") continue;
      std::optional<std::uint32_t>* field = key == "WIDTH" ? &width : key == "HEIGHT" ? &height : key == "DEPTH" ? &depth
                                            : key == "MAXVAL" ? &maxval : nullptr;
      if (!field || field->has_value() || space == std::string_view::npos) return image_refused(damaged);
      *field = pnm_number(line->substr(space + 1));
      if (!*field) return image_refused(damaged);
    }
    if (!width || !height || !depth || !maxval) return image_refused(damaged);
  } else {
    const auto size = lines.next(bad);
    if (!size) return image_refused(bad ? damaged : kCutOff);
    const auto space = size->find(' ');
    if (space == std::string_view::npos) return image_refused(damaged);
    width = pnm_number(size->substr(0, space));
    height = pnm_number(size->substr(space + 1));
    const auto max = lines.next(bad);
    if (!max) return image_refused(bad ? damaged : kCutOff);
    maxval = pnm_number(*max);
    if (!width || !height || !maxval) return image_refused(damaged);
  }
  if (*width == 0 || *height == 0 || *maxval == 0 || *maxval > 65535 || (depth && (*depth == 0 || *depth == 2 || *depth > 4)))
    return image_refused(damaged);
  return image_sized(ImageFormat::pnm, *width, *height);
}

std::string pixels_text(std::uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

}  // namespace

std::string_view image_format_name(ImageFormat f) {
  switch (f) {
    case ImageFormat::png: return "PNG";
    case ImageFormat::jpeg: return "JPEG";
    case ImageFormat::webp: return "WebP";
    case ImageFormat::tiff: return "TIFF";
    case ImageFormat::pnm: return "PNM";
  }
  return "PNG";
}

ImageHeader read_image_header(std::string_view bytes) {
  const ImageBytes in{bytes};
  // cwebp's own choice of reader (imageio/image_dec.c WebPGuessImageType): the first 12 bytes.
  if (!in.has(0, 12)) return image_refused("not an image: too short to be one");
  const std::uint32_t magic = in.be32(0);
  if (magic == 0x89504E47u) return png_header(in);
  if ((magic >> 8) == 0xFFD8FFu) return jpeg_header(in);
  if (magic == 0x49492A00u || magic == 0x4D4D002Au) return tiff_header(in);
  if (magic == 0x52494646u && in.be32(8) == 0x57454250u) return webp_header(in);
  if (in.u8(0) == 'P' && in.u8(1) >= '5' && in.u8(1) <= '7') return pnm_header(in);
  return image_refused("not an image cwebp reads (PNG, JPEG, WebP, TIFF or PNM)");
}

ImageHeader read_image_header_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return image_refused("the image cannot be read");
  std::string bytes;
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  bytes.resize(static_cast<std::size_t>(ec ? 0 : std::min<std::uint64_t>(size, kImageReadCap)));
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return read_image_header(bytes);
}

std::optional<std::string> too_many_pixels(std::uint64_t width, std::uint64_t height, std::int64_t max_pixels) {
  // Each side below 2^32: the product fits.
  if (width * height <= static_cast<std::uint64_t>(max_pixels)) return std::nullopt;
  const auto limit = static_cast<std::uint64_t>(max_pixels);
  const std::string most = limit % 1'000'000 == 0 ? std::to_string(limit / 1'000'000) + " megapixels"
                                                  : pixels_text(limit) + " pixels";
  return "the image is " + std::to_string(width) + " × " + std::to_string(height) + " pixels; at most " + most +
         " are accepted";
}

}  // namespace portal::media
