#pragma once
// AWS Signature Version 4, as S3-compatible object stores check it (AWS S3 API reference, "Authenticating
// Requests (AWS Signature Version 4)"): the canonical request, the string to sign, the signing key derived
// from the secret, the date, the region and the service, and the two ways of carrying the signature: the
// Authorization header of a request the portal sends, and the query of a presigned URL a browser follows.
// Tested against the examples the S3 documentation publishes (sigv4_test.cpp).
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::store {

struct AwsCredentials {
  std::string access_key;
  std::string secret_key;
  std::string region = "us-east-1";
  std::string service = "s3";
};

// What is signed of a request. `path` is the object's path as it is ("/bucket/a b.mp3"), encoded here;
// `query` its parameters, not encoded; `headers` by lower-case name (host among them).
struct SigningRequest {
  std::string method;
  std::string path;
  std::vector<std::pair<std::string, std::string>> query;
  std::map<std::string, std::string> headers;
  std::string payload_hash;  // hex SHA-256 of the body, or "UNSIGNED-PAYLOAD"
};

// "20130524T000000Z" for a time.
std::string amz_date(std::chrono::system_clock::time_point t);
// Lower-case hex SHA-256.
std::string sha256_hex(std::string_view bytes);
// RFC 3986 percent-encoding as SigV4 wants it: unreserved characters as they are, everything else %XX
// (upper-case hex); "/" kept when `keep_slash` (a path).
std::string uri_encode(std::string_view text, bool keep_slash);

// The Authorization header's value for `request` signed at `date` (amz_date); the request's headers must
// already hold x-amz-date = date and, for S3, x-amz-content-sha256 = payload_hash.
std::string authorization(const AwsCredentials& credentials, const SigningRequest& request, std::string_view date);

// The query string of a presigned URL (X-Amz-Algorithm … X-Amz-Signature) for `method` on `path` at `host`,
// valid `expires` seconds from `date`; only the host is signed and the payload is UNSIGNED-PAYLOAD. `extra`:
// parameters signed with it (response-content-disposition: the header the store answers with).
std::string presigned_query(const AwsCredentials& credentials, std::string_view method, std::string_view host,
                            std::string_view path, std::string_view date, std::int64_t expires,
                            const std::vector<std::pair<std::string, std::string>>& extra = {});

}  // namespace portal::store
