#pragma once
// The statements of media ingest (migration 0033). Tenant first in every
// statement of one tenant; the workers' look for work and their claim serve
// every tenant (like the mail outbox's), carrying the row's own tenant on.
#include <string_view>

namespace portal::media::sql {

#define PORTAL_MEDIA_UPLOAD_COLUMNS \
  "id, tenant_id, article_id, kind, name, size, received, job_id, created_by, created_at, purpose"
#define PORTAL_MEDIA_JOB_COLUMNS                                                                                   \
  "id, tenant_id, article_id, upload_id, kind, name, state, progress, error, attempts, claimed_by, claimed_until, " \
  "created_at, updated_at, media_path, preview_path, purpose"

// The metrics' job queue age and recent failures (every tenant; index media_jobs_due).
inline constexpr std::string_view kOldestQueuedJob = "SELECT min(created_at) FROM media_jobs WHERE state = 'queued'";
inline constexpr std::string_view kJobsFailedSince =
    "SELECT count(*) FROM media_jobs WHERE state = 'failed' AND updated_at >= $1";
inline constexpr std::string_view kArticleMediaType =
    "SELECT content_type, doc FROM catalog_articles WHERE tenant_id = $1 AND id = $2";

// $1 tenant, $2 id, $3 article, $4 kind, $5 name, $6 size, $7 created_by, $8 now, $9 purpose
inline constexpr std::string_view kInsertUpload =
    "INSERT INTO media_uploads (tenant_id, id, article_id, kind, name, size, received, created_by, created_at, updated_at,"
    " purpose) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $8, $9)";
// The quota of open uploads: on PostgreSQL one tenant's declarations take turns (a transaction-scoped
// advisory lock, keyed by the tenant), so two at once cannot both fit under it; SQLite's writer is one.
inline constexpr std::string_view kLockTenantUploads = "SELECT pg_advisory_xact_lock(727045, CAST($1 AS INTEGER))";
// The bytes a tenant's open (declared, unfinished) uploads declare together.
inline constexpr std::string_view kOpenUploadBytes =
    "SELECT COALESCE(SUM(size), 0) AS bytes FROM media_uploads WHERE tenant_id = $1 AND job_id IS NULL";
// Abandoned uploads (every tenant): unfinished and untouched since before $1. $2 limit.
inline constexpr std::string_view kStaleUploads =
    "SELECT tenant_id, id FROM media_uploads WHERE job_id IS NULL AND updated_at < $1 ORDER BY updated_at LIMIT $2";
// Removes one, only while it is still unfinished and untouched ($3: the same cutoff).
inline constexpr std::string_view kRemoveStaleUpload =
    "DELETE FROM media_uploads WHERE tenant_id = $1 AND id = $2 AND job_id IS NULL AND updated_at < $3";
inline constexpr std::string_view kUpload =
    "SELECT " PORTAL_MEDIA_UPLOAD_COLUMNS " FROM media_uploads WHERE tenant_id = $1 AND id = $2";
// Who uploaded a job's file (the audit's actor of its publish): the account's id, e-mail and role ("" once gone).
inline constexpr std::string_view kUploader =
    "SELECT u.created_by, COALESCE(a.email, ''), COALESCE(a.role, '') FROM media_uploads u"
    " LEFT JOIN staff_accounts a ON a.id = u.created_by WHERE u.tenant_id = $1 AND u.id = $2";
// A chunk counts only when the upload still stands where the chunk starts ($3): two
// requests with the same chunk cannot both move it.
inline constexpr std::string_view kAdvanceUpload =
    "UPDATE media_uploads SET received = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2 AND received = $3"
    " AND job_id IS NULL";
// A chunk's record, in the transaction that moves the upload on. $3 first byte, $4 length, $5 sha256, $6 key.
inline constexpr std::string_view kInsertChunk =
    "INSERT INTO media_upload_chunks (tenant_id, upload_id, first_byte, length, sha256, object_key)"
    " VALUES ($1, $2, $3, $4, $5, $6)";
inline constexpr std::string_view kChunks =
    "SELECT first_byte, length, sha256, object_key FROM media_upload_chunks WHERE tenant_id = $1 AND upload_id = $2"
    " ORDER BY first_byte";
inline constexpr std::string_view kUploadQueued =
    "UPDATE media_uploads SET job_id = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND job_id IS NULL";

// $1 tenant, $2 id, $3 article, $4 upload, $5 kind, $6 name, $7 now, $8 purpose
inline constexpr std::string_view kInsertJob =
    "INSERT INTO media_jobs (tenant_id, id, article_id, upload_id, kind, name, state, progress, attempts, created_at,"
    " updated_at, purpose) VALUES ($1, $2, $3, $4, $5, $6, 'queued', 0, 0, $7, $7, $8)";
inline constexpr std::string_view kJob =
    "SELECT " PORTAL_MEDIA_JOB_COLUMNS " FROM media_jobs WHERE tenant_id = $1 AND id = $2";
// $2 limit
inline constexpr std::string_view kJobs =
    "SELECT " PORTAL_MEDIA_JOB_COLUMNS " FROM media_jobs WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC"
    " LIMIT $2";
inline constexpr std::string_view kJobsOfArticle =
    "SELECT " PORTAL_MEDIA_JOB_COLUMNS " FROM media_jobs WHERE tenant_id = $1 AND article_id = $2"
    " ORDER BY created_at DESC, id DESC LIMIT $3";

// Work for a worker (any tenant): queued jobs first come first, and running
// ones whose lease ended (their instance stopped). $1 now, $2 limit.
inline constexpr std::string_view kDueJobs =
    "SELECT tenant_id, id, created_at FROM media_jobs WHERE state = 'queued'"
    " UNION ALL SELECT tenant_id, id, created_at FROM media_jobs WHERE state = 'running' AND claimed_until < $1"
    " ORDER BY created_at LIMIT $2";
// The claim: the one update that still finds the job claimable wins.
// $3 worker, $4 lease end, $5 now.
inline constexpr std::string_view kClaimJob =
    "UPDATE media_jobs SET state = 'running', claimed_by = $3, claimed_until = $4, attempts = attempts + 1,"
    " progress = 0, updated_at = $5 WHERE tenant_id = $1 AND id = $2"
    " AND (state = 'queued' OR (state = 'running' AND claimed_until < $5))";
// Progress, with the lease moved on; only while this worker holds it. $3 worker, $4 progress, $5 lease end, $6 now.
inline constexpr std::string_view kJobProgress =
    "UPDATE media_jobs SET progress = $4, claimed_until = $5, updated_at = $6"
    " WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";
// The heartbeat: the lease moved on while this worker holds it. $3 worker, $4 lease end.
inline constexpr std::string_view kJobRenew =
    "UPDATE media_jobs SET claimed_until = $4 WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";
// A worker that stops (SIGTERM) hands its job back: queued again at once, the attempt not counted. $3 worker, $4 now.
inline constexpr std::string_view kJobHandBack =
    "UPDATE media_jobs SET state = 'queued', claimed_by = NULL, claimed_until = NULL, progress = 0,"
    " attempts = attempts - 1, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";
// $3 worker, $4 media path, $5 preview path, $6 now
inline constexpr std::string_view kJobDone =
    "UPDATE media_jobs SET state = 'done', progress = 100, error = NULL, media_path = $4, preview_path = $5,"
    " claimed_until = NULL, updated_at = $6 WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";
// $3 worker, $4 error, $5 now
inline constexpr std::string_view kJobFailed =
    "UPDATE media_jobs SET state = 'failed', error = $4, claimed_until = NULL, updated_at = $5"
    " WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";

}  // namespace portal::media::sql
