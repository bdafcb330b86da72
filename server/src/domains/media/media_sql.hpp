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
// Per tenant (its name): the oldest queued job, and the bytes of its finished media in the store.
inline constexpr std::string_view kOldestQueuedByTenant =
    "SELECT t.name AS tenant, min(j.created_at) AS oldest FROM media_jobs j JOIN tenants t ON t.id = j.tenant_id WHERE j.state = 'queued'"
    " GROUP BY t.name ORDER BY t.name";
inline constexpr std::string_view kStoredByTenant =
    "SELECT t.name AS tenant, SUM(j.stored_bytes) AS bytes FROM media_jobs j JOIN tenants t ON t.id = j.tenant_id WHERE j.state = 'done'"
    " GROUP BY t.name HAVING SUM(j.stored_bytes) > 0 ORDER BY t.name";
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
// The bytes of a tenant's finished media in the store (its done jobs' results not yet removed), counted under
// the same lock as the open uploads' (issue 71 item 4).
inline constexpr std::string_view kStoredBytes =
    "SELECT COALESCE(SUM(stored_bytes), 0) FROM media_jobs WHERE tenant_id = $1 AND state = 'done'";
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
    "SELECT u.created_by AS id, COALESCE(a.email, '') AS email, COALESCE(a.role, '') AS role FROM media_uploads u"
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
    "SELECT first_byte, length, sha256, object_key AS key FROM media_upload_chunks WHERE tenant_id = $1 AND upload_id = $2"
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

// Work for a worker (any tenant), fairly shared (issue 71 item 3): queued jobs, and running ones whose lease
// ended (their instance stopped), of tenants under their cap of running jobs; the tenant served least recently
// first (its turn: media_queue_turns), then its oldest job. $1 now, $2 the per-tenant cap, $3 limit.
inline constexpr std::string_view kDueJobs =
    "WITH running AS (SELECT tenant_id, count(*) AS n FROM media_jobs WHERE state = 'running' AND claimed_until >= $1"
    " GROUP BY tenant_id),"
    " due AS (SELECT tenant_id, id, created_at FROM media_jobs WHERE state = 'queued'"
    " UNION ALL SELECT tenant_id, id, created_at FROM media_jobs WHERE state = 'running' AND claimed_until < $1)"
    " SELECT d.tenant_id, d.id FROM due d LEFT JOIN running r ON r.tenant_id = d.tenant_id"
    " LEFT JOIN media_queue_turns t ON t.tenant_id = d.tenant_id WHERE COALESCE(r.n, 0) < $2"
    " ORDER BY COALESCE(t.turn, 0), d.created_at, d.id LIMIT $3";
// The claim: the one update that still finds the job claimable, and its tenant under its cap of running jobs
// (counted here, in the claim: on PostgreSQL one tenant's claims take turns under kLockTenantClaims, so two
// instances cannot both take the tenant's last place). $3 worker, $4 lease end, $5 now, $6 the per-tenant cap.
inline constexpr std::string_view kClaimJob =
    "UPDATE media_jobs SET state = 'running', claimed_by = $3, claimed_until = $4, attempts = attempts + 1,"
    " progress = 0, updated_at = $5 WHERE tenant_id = $1 AND id = $2"
    " AND (state = 'queued' OR (state = 'running' AND claimed_until < $5))"
    " AND (SELECT count(*) FROM media_jobs r WHERE r.tenant_id = $1 AND r.state = 'running'"
    " AND r.claimed_until >= $5) < $6";
inline constexpr std::string_view kLockTenantClaims = "SELECT pg_advisory_xact_lock(727046, CAST($1 AS INTEGER))";
// The tenant served: the next turn (after every tenant's), in the claim's transaction.
inline constexpr std::string_view kTenantServed =
    "INSERT INTO media_queue_turns (tenant_id, turn) VALUES ($1, (SELECT COALESCE(max(turn), 0) + 1 FROM"
    " media_queue_turns)) ON CONFLICT (tenant_id) DO UPDATE SET turn = excluded.turn";
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
// $3 worker, $4 media path, $5 preview path, $6 now, $7 the bytes put into the store
inline constexpr std::string_view kJobDone =
    "UPDATE media_jobs SET state = 'done', progress = 100, error = NULL, media_path = $4, preview_path = $5,"
    " claimed_until = NULL, updated_at = $6, stored_bytes = $7"
    " WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";
// $3 worker, $4 error, $5 now
inline constexpr std::string_view kJobFailed =
    "UPDATE media_jobs SET state = 'failed', error = $4, claimed_until = NULL, updated_at = $5"
    " WHERE tenant_id = $1 AND id = $2 AND state = 'running' AND claimed_by = $3";

// Replaced media (issue 71 item 4). The earlier done jobs whose results the job replaces: the same article's
// media (audio, video, game), or its cover, or the tenant's logo or icon; still in the store. $2 article,
// $3 slot ("media", "artwork:cover", "artwork:logo", "artwork:icon"), $4 the job itself.
inline constexpr std::string_view kReplacedJobs =
    "SELECT " PORTAL_MEDIA_JOB_COLUMNS " FROM media_jobs WHERE tenant_id = $1 AND article_id = $2 AND state = 'done'"
    " AND purged_at IS NULL AND id <> $4"
    " AND (CASE WHEN kind = 'artwork' THEN 'artwork:' || purpose ELSE 'media' END) = $3";
// A job's folder as garbage (again: kept as it was). $2 job, $3 folder, $4 unused since (NULL: unknown), $5 due.
inline constexpr std::string_view kInsertGarbage =
    "INSERT INTO media_garbage (tenant_id, job_id, folder, unused_since, due_at) VALUES ($1, $2, $3, $4, $5)"
    " ON CONFLICT (tenant_id, job_id) DO NOTHING";
// The sweep's work (every tenant): garbage whose time has come. $1 now, $2 limit.
inline constexpr std::string_view kDueGarbage =
    "SELECT tenant_id, job_id, folder, unused_since, due_at FROM media_garbage WHERE due_at <= $1"
    " ORDER BY due_at LIMIT $2";
// The sweep's claim of one: its due time moved on by a lease, while it still is what was read. $3 the due
// time read, $4 the lease's end.
inline constexpr std::string_view kClaimGarbage =
    "UPDATE media_garbage SET due_at = $4 WHERE tenant_id = $1 AND job_id = $2 AND due_at = $3";
// Kept for now: since when it is unused (NULL: in use) and when to look again. $3 unused since, $4 due.
inline constexpr std::string_view kKeepGarbage =
    "UPDATE media_garbage SET unused_since = $3, due_at = $4 WHERE tenant_id = $1 AND job_id = $2";
// The work folders a lease holds ("<job>-<attempts>", media_service.cpp run): the running jobs whose claim has not
// ended, on any instance (index media_jobs_due).
inline constexpr std::string_view kHeldWorkFolders =
    "SELECT id, attempts FROM media_jobs WHERE state = 'running' AND claimed_until > $1";

// Whether anything of the tenant still names a folder ($2: a LIKE pattern, %folder%): an article (its media,
// its artworks), the tenant's settings or style (its logo, its icons), a page structure, a challenge.
inline constexpr std::string_view kFolderReferenced =
    "SELECT 1 FROM catalog_articles WHERE tenant_id = $1 AND doc LIKE $2"
    " UNION ALL SELECT 1 FROM tenants WHERE id = $1 AND (settings LIKE $2 OR custom_style LIKE $2 OR features LIKE $2"
    " OR backend LIKE $2)"
    " UNION ALL SELECT 1 FROM page_structures WHERE tenant_id = $1 AND tree LIKE $2"
    " UNION ALL SELECT 1 FROM catalog_challenges WHERE tenant_id = $1 AND doc LIKE $2 LIMIT 1";
// Removed from the store: its bytes no longer count (once, whoever removes it), and the garbage row goes. $3 now.
inline constexpr std::string_view kJobPurged =
    "UPDATE media_jobs SET stored_bytes = 0, purged_at = $3 WHERE tenant_id = $1 AND id = $2 AND purged_at IS NULL";
inline constexpr std::string_view kDeleteGarbage = "DELETE FROM media_garbage WHERE tenant_id = $1 AND job_id = $2";

}  // namespace portal::media::sql
