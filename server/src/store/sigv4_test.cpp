// AWS Signature Version 4 against the examples the S3 documentation publishes ("Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk" and "Authenticating Requests: Using Query
// Parameters"): the example credentials, bucket and date, and AWS's own signatures for them.
#include "store/sigv4.hpp"

#include <gtest/gtest.h>

namespace portal::store {
namespace {

const AwsCredentials kExample{"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", "s3"};
constexpr std::string_view kDate = "20130524T000000Z";
constexpr std::string_view kHost = "examplebucket.s3.amazonaws.com";
const std::string kEmpty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

SigningRequest request(std::string method, std::string path, std::string payload_hash) {
  SigningRequest r;
  r.method = std::move(method);
  r.path = std::move(path);
  r.payload_hash = payload_hash;
  r.headers = {{"host", std::string(kHost)}, {"x-amz-content-sha256", payload_hash}, {"x-amz-date", std::string(kDate)}};
  return r;
}

std::string signature_of(const std::string& authorization) {
  return authorization.substr(authorization.rfind("Signature=") + 10);
}

TEST(SigV4, TheDocumentedGetObjectWithARange) {
  auto r = request("GET", "/test.txt", kEmpty);
  r.headers["range"] = "bytes=0-9";
  EXPECT_EQ(authorization(kExample, r, kDate),
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
}

TEST(SigV4, TheDocumentedPutObjectWithAPayloadAndAnEncodedName) {
  const std::string payload = "Welcome to Amazon S3.";
  auto r = request("PUT", "/test$file.text", sha256_hex(payload));
  EXPECT_EQ(r.payload_hash, "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
  r.headers["date"] = "Fri, 24 May 2013 00:00:00 GMT";
  r.headers["x-amz-storage-class"] = "REDUCED_REDUNDANCY";
  EXPECT_EQ(signature_of(authorization(kExample, r, kDate)),
            "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
}

TEST(SigV4, TheDocumentedBucketCallsWithQueries) {
  auto lifecycle = request("GET", "/", kEmpty);
  lifecycle.query = {{"lifecycle", ""}};
  EXPECT_EQ(signature_of(authorization(kExample, lifecycle, kDate)),
            "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
  auto list = request("GET", "/", kEmpty);
  list.query = {{"prefix", "J"}, {"max-keys", "2"}};  // sorted by name when signed
  EXPECT_EQ(signature_of(authorization(kExample, list, kDate)),
            "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
}

TEST(SigV4, TheDocumentedPresignedGet) {
  EXPECT_EQ(presigned_query(kExample, "GET", kHost, "/test.txt", kDate, 86400),
            "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2F"
            "aws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
            "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
}

TEST(SigV4, EncodesWhatIsNotUnreservedAndKeepsAPathsSlashes) {
  EXPECT_EQ(uri_encode("a b/ü~._-+*", true), "a%20b/%C3%BC~._-%2B%2A");
  EXPECT_EQ(uri_encode("a/b", false), "a%2Fb");
  EXPECT_EQ(amz_date(std::chrono::system_clock::time_point{std::chrono::seconds{1369353600}}), "20130524T000000Z");
}

}  // namespace
}  // namespace portal::store
