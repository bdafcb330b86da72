// The enrolment page's QR code: an SVG of the otpauth address with its quiet zone, labelled for screen readers.
#include "domains/staff/totp_qr.hpp"

#include <gtest/gtest.h>

namespace portal::staff {
namespace {

TEST(TotpQr, DrawsTheAddressAsAnSvgWithItsQuietZone) {
  const std::string uri = "otpauth://totp/Aurora%20Play:boss%40aurora.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Aurora%20Play";
  const std::string svg = qr_svg(uri, "QR code of the key <for> the app");
  ASSERT_FALSE(svg.empty());
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_NE(svg.find("role=\"img\""), std::string::npos);
  EXPECT_NE(svg.find("aria-label=\"QR code of the key &lt;for&gt; the app\""), std::string::npos);
  // 117 bytes at level M need version 6 (41 modules) or more; with 4 modules of quiet zone each side, 49.
  const auto box = svg.find("viewBox=\"0 0 ");
  ASSERT_NE(box, std::string::npos);
  const int size = std::stoi(svg.substr(box + 13));
  EXPECT_GE(size, 49);
  EXPECT_EQ((size - 8 - 17) % 4, 0) << "a QR code is 17 + 4 × version modules wide";
  // The first dark module is a finder pattern's corner, just inside the quiet zone.
  EXPECT_NE(svg.find("d=\"M4 4h1v1h-1z"), std::string::npos);
  EXPECT_EQ(qr_svg(uri, "x"), qr_svg(uri, "x")) << "the same address draws the same code";
}

TEST(TotpQr, TextTooLongForAQrCodeDrawsNothing) { EXPECT_EQ(qr_svg(std::string(8000, 'a'), "x"), ""); }

}  // namespace
}  // namespace portal::staff
