#pragma once
// The pixel size an image declares in its header, read by the portal itself before any
// decoder sees the file (issue 71 item 2): a PNG of a few hundred bytes may declare
// 90000 × 90000 pixels, and a decoder allocates what the header says before it finds
// the data missing. The formats are cwebp's (the one tool that decodes an artwork
// upload), told apart by the same first bytes cwebp tells them apart by, so the header
// read here is the one the decoder reads:
//   PNG   the IHDR chunk, which must come first (its CRC checked)
//   JPEG  the first SOFn frame header, walking the segments before it by their lengths
//   WebP  the VP8 / VP8L frame header, or VP8X's canvas and the frame it holds (equal)
//   TIFF  ImageWidth and ImageLength of the first directory (classic TIFF, not BigTIFF)
//   PNM   P5, P6 and P7 (PAM) headers as cwebp's reader takes them
// Strict and bounds-checked: every length is checked against the bytes there are; a
// header that is cut off, contradicts itself or says 0 pixels is refused with a reason
// (the decoder would refuse it too). Anything else is no image. Pure, but for
// read_image_header_file.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace portal::media {

enum class ImageFormat { png, jpeg, webp, tiff, pnm };
std::string_view image_format_name(ImageFormat f);

struct ImageSize {
  ImageFormat format = ImageFormat::png;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint64_t pixels() const { return static_cast<std::uint64_t>(width) * height; }
};

struct ImageHeader {
  std::optional<ImageSize> size;
  std::string refusal;  // no size: why, for the editor
};

// `bytes`: the file from its first byte (all of it, or as much as holds the header).
ImageHeader read_image_header(std::string_view bytes);

// The same on a file, read whole up to 64 MiB (a TIFF's directory or a JPEG's frame
// header may sit anywhere; no header lies past that in an artwork upload).
ImageHeader read_image_header_file(const std::filesystem::path& file);

// The editor's reason when `width` × `height` is over `max_pixels` ("the image is
// 90000 × 90000 pixels; at most 50 megapixels are accepted"), else nullopt.
std::optional<std::string> too_many_pixels(std::uint64_t width, std::uint64_t height, std::int64_t max_pixels);

}  // namespace portal::media
