// The readiness message reaches a service manager's socket, as systemd reads it.
#include "app/service_notify.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <string>

namespace portal::app {
namespace {

TEST(ServiceNotify, ReadyReachesTheSocketNamedByNotifySocket) {
  unsetenv("NOTIFY_SOCKET");
  EXPECT_FALSE(notify_service_manager("READY=1")) << "no service manager: nothing sent";

  const std::string path = "/tmp/portal-notify-" + std::to_string(std::random_device{}());
  const int fd = ::socket(AF_UNIX, SOCK_DGRAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  setenv("NOTIFY_SOCKET", path.c_str(), 1);
  EXPECT_TRUE(notify_service_manager("READY=1"));
  char buffer[64] = {};
  const auto n = ::recv(fd, buffer, sizeof buffer, 0);
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0), "READY=1");
  unsetenv("NOTIFY_SOCKET");
  ::close(fd);
  ::unlink(path.c_str());
}

}  // namespace
}  // namespace portal::app
