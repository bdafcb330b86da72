#pragma once
// Compression of text responses: brotli when the client accepts it, else gzip.
// Small bodies and already-compressed types are left alone.
#include "http/context.hpp"

namespace portal::http {

// Compresses res in place when the request's Accept-Encoding allows and the
// body is a compressible type of at least min_size bytes; adds Vary.
void compress_response(const Request& req, Response& res, std::size_t min_size = 1024);

// Whether a body of this type is worth compressing (text, JSON, scripts, SVG, ...).
bool is_compressible(std::string_view content_type);

// True when Accept-Encoding lists coding (or *) with q > 0; a malformed q is
// ignored (as if absent), never an error.
bool accepts_encoding(const Request& req, std::string_view coding);

// The best of "br" / "gzip" the request accepts (q>0), or "" for none.
std::string_view preferred_encoding(const Request& req);

// Adds a field to Vary without repeating it.
void add_vary(Response& res, std::string_view field);

std::string gzip(std::string_view data);
std::string brotli(std::string_view data, int quality = 5);

}  // namespace portal::http
