#include "domains/media/media_repository.hpp"

#include <boost/json.hpp>

#include "db/timestamp.hpp"
#include "domains/media/media_sql.hpp"

namespace portal::media {

namespace {

db::Value nullable(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

Upload to_upload(const db::Row& r) {
  Upload u;
  u.id = r.text(0);
  u.tenant_id = r.integer(1);
  u.article_id = r.integer(2);
  u.kind = kind_of(r.text(3)).value_or(Kind::audio);
  u.name = r.text(4);
  u.size = r.integer(5);
  u.received = r.integer(6);
  u.job_id = r.optional_text(7);
  u.created_by = r.text(8);
  u.created_at = r.text(9);
  return u;
}

Job to_job(const db::Row& r) {
  Job j;
  j.id = r.text(0);
  j.tenant_id = r.integer(1);
  j.article_id = r.integer(2);
  j.upload_id = r.text(3);
  j.kind = kind_of(r.text(4)).value_or(Kind::audio);
  j.name = r.text(5);
  j.state = state_of(r.text(6));
  j.progress = static_cast<int>(r.integer(7));
  j.error = r.optional_text(8);
  j.attempts = static_cast<int>(r.integer(9));
  j.claimed_by = r.optional_text(10);
  j.claimed_until = r.optional_text(11);
  j.created_at = r.text(12);
  j.updated_at = r.text(13);
  j.media_path = r.optional_text(14);
  j.preview_path = r.optional_text(15);
  return j;
}

}  // namespace

std::optional<ArticleMedia> MediaRepository::article(std::int64_t tenant_id, std::int64_t article_id) {
  auto rows = db_.query(sql::kArticleMediaType, {tenant_id, article_id});
  if (rows.empty()) return std::nullopt;
  ArticleMedia a;
  a.content_type = rows[0].text(0);
  boost::system::error_code ec;
  auto doc = boost::json::parse(rows[0].text(1), ec);
  if (!ec && doc.is_object())
    if (auto* m = doc.as_object().if_contains("media"); m && m->is_object())
      if (auto* t = m->as_object().if_contains("type"); t && t->is_string()) a.media_type = t->as_string();
  return a;
}

void MediaRepository::insert_upload(const Upload& u, const std::function<void(db::Session&)>& also) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kInsertUpload, {u.tenant_id, u.id, u.article_id, std::string(kind_name(u.kind)), u.name, u.size,
                                   u.created_by, u.created_at});
    if (also) also(s);
  });
}

std::optional<Upload> MediaRepository::upload(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kUpload, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_upload(rows[0]);
}

bool MediaRepository::advance(std::int64_t tenant_id, const std::string& id, std::int64_t from, std::int64_t to) {
  return db_.execute(sql::kAdvanceUpload, {tenant_id, id, from, to, db::utc_timestamp()}) == 1;
}

bool MediaRepository::queue(const Job& job, const std::function<void(db::Session&)>& also) {
  bool queued = false;
  db_.transaction([&](db::Session& s) {
    queued = s.execute(sql::kUploadQueued, {job.tenant_id, job.upload_id, job.id, job.created_at}) == 1;
    if (!queued) return;
    s.execute(sql::kInsertJob, {job.tenant_id, job.id, job.article_id, job.upload_id, std::string(kind_name(job.kind)),
                                job.name, job.created_at});
    if (also) also(s);
  });
  return queued;
}

std::optional<Job> MediaRepository::job(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kJob, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_job(rows[0]);
}

std::vector<Job> MediaRepository::jobs(std::int64_t tenant_id, std::optional<std::int64_t> article_id,
                                       std::int64_t limit) {
  auto rows = article_id ? db_.query(sql::kJobsOfArticle, {tenant_id, *article_id, limit})
                         : db_.query(sql::kJobs, {tenant_id, limit});
  std::vector<Job> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(to_job(r));
  return out;
}

std::vector<MediaRepository::Due> MediaRepository::due(const std::string& now, std::int64_t limit) {
  std::vector<Due> out;
  for (const auto& r : db_.query(sql::kDueJobs, {now, limit})) out.push_back({r.integer(0), r.text(1)});
  return out;
}

bool MediaRepository::claim(const Due& d, const std::string& worker, const std::string& lease_end,
                            const std::string& now) {
  return db_.execute(sql::kClaimJob, {d.tenant_id, d.id, worker, lease_end, now}) == 1;
}

bool MediaRepository::progress(const Job& j, const std::string& worker, int progress, const std::string& lease_end,
                               const std::string& now) {
  return db_.execute(sql::kJobProgress, {j.tenant_id, j.id, worker, std::int64_t{progress}, lease_end, now}) == 1;
}

bool MediaRepository::done(const Job& j, const std::string& worker, const std::optional<std::string>& media_path,
                           const std::optional<std::string>& preview_path, const std::string& now,
                           const std::function<void(db::Session&)>& publish) {
  bool won = false;
  db_.transaction([&](db::Session& s) {
    won = s.execute(sql::kJobDone, {j.tenant_id, j.id, worker, nullable(media_path), nullable(preview_path), now}) == 1;
    if (won && publish) publish(s);
  });
  return won;
}

bool MediaRepository::failed(const Job& j, const std::string& worker, const std::string& error,
                             const std::string& now) {
  return db_.execute(sql::kJobFailed, {j.tenant_id, j.id, worker, error, now}) == 1;
}

}  // namespace portal::media
