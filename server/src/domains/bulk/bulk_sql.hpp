#pragma once
// The bulk jobs' statements (bulk_repository.hpp). Every one names the tenant ($1) but the worker's look for open
// jobs, which serves every tenant.
#include <string_view>

namespace portal::bulk::sql {

inline constexpr std::string_view kInsertJob =
    "INSERT INTO bulk_jobs (id, tenant_id, kind, action, params, total, state, actor_id, actor_email, actor_role, "
    "call, client_address, request_id, created_at) "
    "VALUES ($2, $1, $3, $4, $5, $6, 'queued', $7, $8, $9, $10, $11, $12, $13)";
inline constexpr std::string_view kInsertItem =
    "INSERT INTO bulk_job_items (job_id, position, tenant_id, target, state) VALUES ($1, $2, $3, $4, 'pending')";
#define PORTAL_BULK_JOB_COLUMNS                                                                                      \
  "id, tenant_id, kind, action, params, total, done, failed, state, actor_id, actor_email, actor_role, call, "     \
  "client_address, request_id, created_at, finished_at"
inline constexpr std::string_view kJob = "SELECT " PORTAL_BULK_JOB_COLUMNS " FROM bulk_jobs WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kFailures =
    "SELECT position, target, code, reason FROM bulk_job_items WHERE job_id = $2 AND tenant_id = $1 "
    "AND state = 'failed' ORDER BY position LIMIT $3";
// Open jobs whose lease is free or lapsed ($1: now), oldest first.
inline constexpr std::string_view kOpen =
    "SELECT " PORTAL_BULK_JOB_COLUMNS " FROM bulk_jobs WHERE state <> 'finished' "
    "AND (held_until IS NULL OR held_until <= $1) ORDER BY created_at, id LIMIT $2";
// The claim: one instance's update sees the lease free or lapsed ($3: now) and takes it until $4 under its token $5.
inline constexpr std::string_view kClaim =
    "UPDATE bulk_jobs SET state = 'running', holder = $5, held_until = $4 WHERE tenant_id = $1 AND id = $2 "
    "AND state <> 'finished' AND (held_until IS NULL OR held_until <= $3)";
inline constexpr std::string_view kRenew =
    "UPDATE bulk_jobs SET held_until = $4 WHERE tenant_id = $1 AND id = $2 AND holder = $3 AND state = 'running'";
inline constexpr std::string_view kRelease =
    "UPDATE bulk_jobs SET held_until = NULL, holder = NULL WHERE tenant_id = $1 AND id = $2 AND holder = $3 "
    "AND state = 'running'";
inline constexpr std::string_view kPending =
    "SELECT position, target FROM bulk_job_items WHERE job_id = $2 AND tenant_id = $1 AND state = 'pending' "
    "ORDER BY position LIMIT $3";
// A row out of 'pending' (only the first of two holders gets 1), and the job's count with it.
inline constexpr std::string_view kItemDone =
    "UPDATE bulk_job_items SET state = 'done' WHERE job_id = $2 AND position = $3 AND tenant_id = $1 "
    "AND state = 'pending'";
inline constexpr std::string_view kItemFailed =
    "UPDATE bulk_job_items SET state = 'failed', code = $4, reason = $5 WHERE job_id = $2 AND position = $3 "
    "AND tenant_id = $1 AND state = 'pending'";
inline constexpr std::string_view kCountDone = "UPDATE bulk_jobs SET done = done + 1 WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kCountFailed =
    "UPDATE bulk_jobs SET failed = failed + 1 WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kFinish =
    "UPDATE bulk_jobs SET state = 'finished', finished_at = $4, holder = NULL, held_until = NULL "
    "WHERE tenant_id = $1 AND id = $2 AND holder = $3 AND state = 'running'";

}  // namespace portal::bulk::sql
