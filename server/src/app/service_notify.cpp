#include "app/service_notify.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

namespace portal::app {

bool notify_service_manager(std::string_view state) {
  const char* socket_name = std::getenv("NOTIFY_SOCKET");
  if (!socket_name || (socket_name[0] != '/' && socket_name[0] != '@')) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::size_t length = std::strlen(socket_name);
  if (length >= sizeof(address.sun_path)) return false;
  std::memcpy(address.sun_path, socket_name, length);
  if (address.sun_path[0] == '@') address.sun_path[0] = '\0';  // an abstract socket
  const int fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  const auto size = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + length);
  const bool sent = ::sendto(fd, state.data(), state.size(), MSG_NOSIGNAL, reinterpret_cast<const sockaddr*>(&address),
                             size) == static_cast<ssize_t>(state.size());
  ::close(fd);
  return sent;
}

}  // namespace portal::app
