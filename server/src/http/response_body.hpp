#pragma once
// The body of an answer: text in memory (nearly every answer), or a stream the
// session sends after the head, piece by piece (a file from disk, read off the
// I/O threads: http/static_files). One Beast Body type, so http::Response stays
// one type through routes, pipeline and session.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/buffer.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace portal::http {

// Bytes sent after an answer's head. read() fills `into` with the next piece
// (it may suspend: the read runs elsewhere) and returns its length; it returns
// 0 or throws only when the source failed or shrank, and the session then
// closes the connection (the head has promised size() bytes).
class BodyStream {
 public:
  virtual ~BodyStream() = default;
  virtual std::uint64_t size() const = 0;
  virtual boost::asio::awaitable<std::size_t> read(boost::asio::mutable_buffer into) = 0;
};

// An answer's text; when `stream` is set, the stream is the body and the text
// stays empty. Assigning text drops a stream.
class ResponseText : public std::string {
 public:
  ResponseText() = default;
  ResponseText(std::string text) : std::string(std::move(text)) {}  // NOLINT: text is a body

  template <class T>
    requires(!std::is_same_v<std::remove_cvref_t<T>, ResponseText> && std::is_assignable_v<std::string&, T &&>)
  ResponseText& operator=(T&& text) {
    stream.reset();
    std::string::operator=(std::forward<T>(text));
    return *this;
  }

  std::shared_ptr<BodyStream> stream;
};

// Beast's Body requirements for a response that is never parsed nor written
// by Beast (the session writes heads itself, http/wire.hpp): the value and its size.
struct ResponseBody {
  using value_type = ResponseText;
  static std::uint64_t size(const value_type& body) { return body.stream ? body.stream->size() : body.size(); }
};

}  // namespace portal::http
