#include "domains/media/media_routes.hpp"

#include <sodium.h>

#include <boost/json.hpp>
#include <charconv>

#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/media/media_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::media {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, std::string action,
                         std::string object_type, std::string object_id, json::value after) {
  auto e = audit::staff_entry(ctx, tenant_id, std::move(action), std::move(object_type), std::move(object_id));
  e.after = std::move(after);
  return e;
}

std::optional<std::int64_t> number(std::string_view s) {
  std::int64_t n = 0;
  if (s.empty() || std::from_chars(s.data(), s.data() + s.size(), n).ec != std::errc{} ||
      std::from_chars(s.data(), s.data() + s.size(), n).ptr != s.data() + s.size() || n < 0)
    return std::nullopt;
  return n;
}

// Content-Digest (RFC 9530): the chunk's SHA-256 as the client computed it ("sha-256=:<base64>:", among
// other algorithms or alone), as hex; "" when the header is absent or names no SHA-256.
std::string content_digest(const http::RequestContext& ctx) {
  const auto it = ctx.req.find("Content-Digest");
  if (it == ctx.req.end()) return {};
  const std::string_view v = it->value();
  const auto at = v.find("sha-256=:");
  if (at == std::string_view::npos) return {};
  const auto from = at + 9, end = v.find(':', from);
  unsigned char digest[32];
  std::size_t length = 0;
  if (end == std::string_view::npos ||
      sodium_base642bin(digest, sizeof digest, v.data() + from, end - from, nullptr, &length, nullptr,
                        sodium_base64_VARIANT_ORIGINAL) != 0 ||
      length != sizeof digest)
    throw http::ErrorException(
        http::Error::invalid_field("Content-Digest", "sha-256 must be the chunk's 32-byte digest in base64, sha-256=:…:"));
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

// Content-Range: bytes <first>-<last>/<size>. The chunk's offset and the whole size.
Chunk chunk_of(const http::RequestContext& ctx) {
  const auto bad = [] {
    return http::ErrorException(
        http::Error::invalid_field("Content-Range", "must be bytes <first>-<last>/<size> of this chunk"));
  };
  const auto it = ctx.req.find(field::content_range);
  if (it == ctx.req.end()) throw bad();
  std::string_view v = it->value();
  if (!v.starts_with("bytes ")) throw bad();
  v.remove_prefix(6);
  const auto dash = v.find('-'), slash = v.find('/');
  if (dash == std::string_view::npos || slash == std::string_view::npos || slash < dash) throw bad();
  const auto first = number(v.substr(0, dash)), last = number(v.substr(dash + 1, slash - dash - 1)),
             total = number(v.substr(slash + 1));
  if (!first || !last || !total || *last < *first) throw bad();
  const std::string_view bytes = ctx.req.body();
  if (static_cast<std::int64_t>(bytes.size()) != *last - *first + 1)
    throw http::ErrorException(http::Error::invalid_field("Content-Range", "does not match the body's length"));
  return {*first, *total, bytes, content_digest(ctx)};
}

http::Response upload_answer(const http::RequestContext& ctx, const Upload& u, std::int64_t chunk_limit,
                             http::Status status = http::Status::ok) {
  auto res = http::no_store(http::data_response(ctx, json::value_from(upload_dto(u, chunk_limit)), status));
  res.set("Upload-Offset", std::to_string(u.received));
  res.set("Upload-Length", std::to_string(u.size));
  return res;
}

}  // namespace

std::vector<http::Route> media_routes(const RouteDeps& deps) {
  auto begin = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<NewUploadBody>(ctx);
    const std::string purpose = body.purpose.value_or("");
    // The brand is the settings' (owner and admin): an editor uploads covers, not the tenant's logo.
    if ((purpose == "logo" || purpose == "icon") && !http::staff_role_allows(ctx.staff->role, http::StaffRole::admin))
      throw http::ErrorException(http::Error::forbidden("A logo or an icon is uploaded by the tenant's owner or an admin"));
    auto u = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.begin(
          tenant_id, NewUpload{body.articleId.value_or(0), body.kind, body.name, body.size, purpose}, ctx.staff->id,
          [&](db::Session& s, const Upload& made) {
            audit::AuditRepository::append(
                s, audit_entry(ctx, tenant_id, "media.upload", "media_upload", made.id,
                               json::value_from(upload_dto(made, deps.service.limits().chunk))));
          }));
    });
    auto res = upload_answer(ctx, u, deps.service.limits().chunk, http::Status::created);
    res.set(field::location, "/backend/admin/media/uploads/" + u.id);
    co_return res;
  };
  auto status = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto u = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.upload(tenant_id, id)); });
    co_return upload_answer(ctx, u, deps.service.limits().chunk);
  };
  auto chunk = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const Chunk c = chunk_of(ctx);
    auto u = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.receive(tenant_id, id, c, [&](db::Session& s, const Job& job) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, "media.job.queue", "media_job", job.id,
                                                      json::value_from(job_dto(job))));
      }));
    });
    co_return upload_answer(ctx, u, deps.service.limits().chunk);
  };
  auto jobs = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::int64_t> article;
    if (auto a = ctx.query("articleId"); a && !a->empty()) {
      article = number(*a);
      if (!article) throw http::ErrorException(http::Error::invalid_field("articleId", "must be an article id"));
    }
    std::int64_t limit = 50;
    if (auto l = ctx.query("limit"); l && !l->empty()) {
      const auto n = number(*l);
      if (!n || *n < 1 || *n > 200) throw http::ErrorException(http::Error::invalid_field("limit", "must be 1 to 200"));
      limit = *n;
    }
    auto list = co_await db::offload(deps.db_pool, [&] { return deps.service.jobs(tenant_id, article, limit); });
    JobsDto dto;
    for (const auto& j : list) dto.jobs.push_back(job_dto(j));
    co_return http::no_store(http::data_response(ctx, json::value_from(dto)));
  };
  auto job = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    auto j = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.job(tenant_id, id)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(job_dto(j))));
  };

  using http::Access;
  using http::StaffRole;
  using http::TenantFrom;
  using http::Verb;
  auto editor = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::Route{.verb = verb,
                       .pattern = std::move(pattern),
                       .handler = std::move(handler),
                       .tenant = TenantFrom::header,
                       .access = Access::staff,
                       .staff_role = StaffRole::editor};
  };
  http::ApiDoc chunk_doc{
      "Append one chunk of an upload at its offset (Content-Range: bytes first-last/size; the body is the chunk's "
      "bytes, at most chunkLimit; Content-Digest: sha-256=:<base64>: of the chunk, optional, checked when sent). A "
      "chunk that does not start at the received offset is refused with that offset (resume from it); any instance "
      "may take any chunk (they go to the media store); the last chunk queues the job",
      "media", {}, http::schema_of<UploadDto>,
      {"400 VALIDATION_ERROR", "400 CONTENT_DIGEST_MISMATCH", "404 UPLOAD_NOT_FOUND", "409 UPLOAD_OFFSET_MISMATCH",
       "409 UPLOAD_COMPLETE", "413 MEDIA_TOO_LARGE"}};
  chunk_doc.request_media_type = "application/octet-stream";
  return http::with_docs(
      {editor(Verb::post, "/backend/admin/media/uploads", begin), editor(Verb::get, "/backend/admin/media/uploads/{id}", status),
       editor(Verb::put, "/backend/admin/media/uploads/{id}", chunk), editor(Verb::get, "/backend/admin/media/jobs", jobs),
       editor(Verb::get, "/backend/admin/media/jobs/{id}", job)},
      {{"POST /backend/admin/media/uploads",
        {"Declare an upload: the article it is for, its kind (audio, video, artwork or game), the file's name and "
         "size; or a brand image of the tenant (kind artwork, purpose logo or icon, no article: owner and admin "
         "only), made into its WebP sizes by the job, which the settings then name; or an image of a page structure "
         "(kind artwork, purpose structure, no article: a banner slide's or a grid tile's, image.w1920.webp and "
         "image.w640.webp), which the structure's draft then names. Refused at once when the size is over the kind's cap, or when the tenant's unfinished uploads and "
         "this one would declare more than its quota (an unfinished upload expires after a day without a chunk), or when "
         "the tenant's finished media in the store and this upload would pass its stored-bytes quota (replaced media "
         "is removed a day after it is no longer used, and its bytes then count no more)",
         "media", http::schema_of<NewUploadBody>, http::schema_of<UploadDto>,
         {"400 VALIDATION_ERROR", "403 FORBIDDEN", "404 ARTICLE_NOT_FOUND", "409 MEDIA_UPLOAD_QUOTA_EXCEEDED",
          "409 MEDIA_STORAGE_QUOTA_EXCEEDED", "413 MEDIA_TOO_LARGE"}}},
       {"GET /backend/admin/media/uploads/{id}",
        {"Where an upload stands: the bytes received (also in Upload-Offset), the chunk limit and its job once "
         "complete; a client resumes from received",
         "media", {}, http::schema_of<UploadDto>, {"404 UPLOAD_NOT_FOUND"}}},
       {"PUT /backend/admin/media/uploads/{id}", chunk_doc},
       {"GET /backend/admin/media/jobs",
        {"The tenant's media jobs, newest first: state, progress and why a failed one failed", "media", {},
         http::schema_of<JobsDto>, {"400 VALIDATION_ERROR"},
         {{"articleId", "only this article's jobs", "integer"}, {"limit", "at most this many (1-200, 50)", "integer"}}}},
       {"GET /backend/admin/media/jobs/{id}",
        {"One media job", "media", {}, http::schema_of<JobDto>, {"404 MEDIA_JOB_NOT_FOUND"}}}});
}

}  // namespace portal::media
