#include "http/body_buffers.hpp"

#include <vector>

namespace portal::http {
namespace {

constexpr std::size_t kKept = 4;
constexpr std::size_t kSmallest = 1024;        // below it the allocator's own caches do better
constexpr std::size_t kLargest = 256 * 1024;   // a rare large answer is not kept around

thread_local std::vector<std::string> kept;

}  // namespace

std::string reusable_body() {
  if (kept.empty()) return {};
  std::string body = std::move(kept.back());
  kept.pop_back();
  return body;
}

void recycle_body(std::string&& body) {
  if (body.capacity() < kSmallest || body.capacity() > kLargest || kept.size() >= kKept) return;
  if (kept.capacity() < kKept) kept.reserve(kKept);
  body.clear();
  kept.push_back(std::move(body));
}

}  // namespace portal::http
