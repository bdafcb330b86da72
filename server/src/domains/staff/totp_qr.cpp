#include "domains/staff/totp_qr.hpp"

#include <qrencode.h>

#include <memory>

#include "core/text.hpp"
#include "http/html_shell.hpp"

namespace portal::staff {

namespace {

constexpr int kQuietZone = 4;  // modules of white around the code (ISO/IEC 18004)

struct QrFree {
  void operator()(QRcode* code) const { QRcode_free(code); }
};

}  // namespace

std::string qr_svg(std::string_view text, std::string_view label) {
  const std::string input(text);
  std::unique_ptr<QRcode, QrFree> code(QRcode_encodeString(input.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1));
  if (!code) return "";
  const int width = code->width;
  const int size = width + 2 * kQuietZone;
  // One path of unit squares, one per dark module (bit 0 of each byte), row by row.
  std::string path;
  path.reserve(static_cast<std::size_t>(width) * width * 4);
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width; ++x) {
      if (code->data[y * width + x] & 1) {
        path += "M" + std::to_string(x + kQuietZone) + " " + std::to_string(y + kQuietZone) + "h1v1h-1z";
      }
    }
  }
  const std::string box = std::to_string(size);
  return "<svg class=\"qr\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + box + " " + box +
         "\" role=\"img\" aria-label=\"" + core::escape_html(label) + "\" shape-rendering=\"crispEdges\"><rect width=\"" + box +
         "\" height=\"" + box + "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

}  // namespace portal::staff
