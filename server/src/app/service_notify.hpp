#pragma once
// systemd's readiness protocol (sd_notify(3), the unit's Type=notify): "READY=1" once the portal listens,
// "STOPPING=1" when it starts draining. A datagram to the socket named by $NOTIFY_SOCKET (a path, or an
// abstract name starting with '@'); without the variable (no systemd, a test, a container) nothing is sent.
#include <string_view>

namespace portal::app {

// Sends `state` to the service manager; false when there is none or the send failed (never fatal).
bool notify_service_manager(std::string_view state);

}  // namespace portal::app
