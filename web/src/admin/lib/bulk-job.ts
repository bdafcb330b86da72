/**
 * Bulk actions on the console's lists (issue 78 item 3): what is selected — rows by id, or every row that matches
 * the list's filter — and a job's progress as the server reports it (BulkJobDto, one shape for every list).
 */
import type { ApiSchema } from '@/lib/api-schema';

export type BulkJob = ApiSchema<'bulk.BulkJobDto'>;
export type BulkFailure = BulkJob['failures'][number];

/** Rows by id (kept across pages), or every row matching the filter (the server resolves it when the job is made). */
export type BulkSelection = { all: false; ids: string[] } | { all: true; total: number };

export const NO_SELECTION: BulkSelection = { all: false, ids: [] };

/** How often a running job is read. */
export const BULK_POLL_MS = 500;

export function selectionCount(selection: BulkSelection): number {
  return selection.all ? selection.total : selection.ids.length;
}

/** The ids of TanStack's row selection state (the keys set to true). */
export function selectedIds(state: Record<string, boolean>): string[] {
  return Object.keys(state).filter((id) => state[id]);
}

/** Whether to offer "select all N that match": every row of the page is selected and more rows match. */
export function offerAllMatching(selection: BulkSelection, pageIds: string[], total: number): boolean {
  if (selection.all || pageIds.length === 0 || total <= selection.ids.length) return false;
  return pageIds.every((id) => selection.ids.includes(id));
}

/** Rows worked so far (changed or refused). */
export function jobProcessed(job: BulkJob): number {
  return job.done + job.failed;
}

export function jobFinished(job: BulkJob): boolean {
  return job.state === 'finished';
}

/** A fresh Idempotency-Key for one confirmed action (a retried request makes the same job). */
export function newBulkKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
