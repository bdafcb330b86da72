#pragma once
// Answer bodies reuse their buffers: the session hands each sent body back,
// and a handler that copies a kept answer (a cached structure, some ten
// kilobytes) starts from one of them instead of a fresh allocation. A large
// allocation also made glibc consolidate its small free chunks every time.
// Per thread, a few buffers of at most 256 KiB; only for the thread's own answers.
#include <string>

namespace portal::http {

// An empty string, with the capacity of a recently sent body when one is kept.
std::string reusable_body();
// The body of an answer just sent (its contents are dropped).
void recycle_body(std::string&& body);

}  // namespace portal::http
