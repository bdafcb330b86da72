#pragma once
// Rows of the webhooks domain as stored, and the service's inputs (issue 78 item 1). No SQL, HTTP or JSON types.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::webhooks {

struct Endpoint {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string url;
  std::string description;
  std::vector<std::string> events;
  bool enabled = true;
  bool allow_private = false;
  std::string secret_sealed;
  std::optional<std::string> previous_sealed;
  std::optional<std::string> previous_until;
  std::optional<std::string> failing_since;
  std::optional<std::string> disabled_reason;
  std::string created_at;
  std::string updated_at;
};

// What the console sends for a new endpoint or an edit.
struct EndpointInput {
  std::string url;
  std::string description;
  std::vector<std::string> events;
  bool enabled = true;
  bool allow_private = false;
};

// An endpoint with its secret in clear, once: on creation and on rotation.
struct IssuedSecret {
  Endpoint endpoint;
  std::string secret;  // "whsec_" + base64 of 32 random bytes
};

struct Delivery {
  std::string id;
  std::string message_id;
  std::string event_type;
  std::string status;  // pending, delivered, failed
  std::int64_t attempts = 0;
  std::optional<std::string> next_attempt_at;
  std::string created_at;
  std::optional<std::string> delivered_at;
};

struct Attempt {
  std::string delivery_id;
  std::string at;
  std::int64_t status = 0;  // the answer's HTTP status; 0: none (error says why)
  std::int64_t duration_ms = 0;
  std::string answer;       // the answer's first bytes
  std::string error;
};

// A delivery the worker saw due, and one it claimed.
struct Due {
  std::int64_t tenant_id = 0;
  std::string id;
  std::string due_at;
};
struct Job {
  std::int64_t tenant_id = 0;
  std::string id;
  std::string endpoint_id;
  std::string message_id;
  std::int64_t attempts = 0;  // this one included
};
struct Message {
  std::string id;
  std::string event_type;
  std::string payload;
  std::string created_at;
};

}  // namespace portal::webhooks
