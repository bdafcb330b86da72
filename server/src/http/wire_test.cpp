// The head the session writes is byte for byte the one Beast's serializer writes.
#include "http/wire.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace portal::http {
namespace {

std::string beast_head(const Response& res) {
  std::ostringstream out;
  out << res.base();
  return out.str();
}

TEST(Wire, HeadMatchesBeast) {
  Response ok{Status::ok, 11};
  ok.set(bhttp::field::content_type, "application/json");
  ok.set("X-Request-ID", "28ea86e800000001");
  ok.set(bhttp::field::vary, "X-Tenant-ID, Accept-Encoding");
  ok.body() = R"({"data":1})";
  ok.prepare_payload();
  ok.keep_alive(true);
  std::string head;
  write_head(ok, head);
  EXPECT_EQ(head, beast_head(ok));
  EXPECT_TRUE(head.starts_with("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"));
  EXPECT_TRUE(head.ends_with("\r\n\r\n"));

  Response gone{Status::not_modified, 10};  // HTTP/1.0, no fields
  gone.keep_alive(false);
  write_head(gone, head);  // reuses the string
  EXPECT_EQ(head, beast_head(gone));

  Response custom{Status::too_many_requests, 11};
  custom.reason("Slow Down");
  custom.set(bhttp::field::retry_after, "7");
  write_head(custom, head);
  EXPECT_EQ(head, beast_head(custom));
  EXPECT_TRUE(head.starts_with("HTTP/1.1 429 Slow Down\r\n"));
}

}  // namespace
}  // namespace portal::http
