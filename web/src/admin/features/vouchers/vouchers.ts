/**
 * The vouchers page's pure parts (docs/decisions.md "Voucher batches"): the CSV of a batch just
 * minted (built in the browser from the one answer that holds the codes: the server keeps only
 * their hashes, so there is no second download), the new-batch form's checks and its body,
 * page counts, and a bulk void's body.
 */
import { csvFileName, toCsv } from '@/admin/lib/csv';
import type { BulkSelection } from '@/admin/lib/bulk-job';
import type { NewVoucherBatch, VoucherBatch, VouchersBulkBody } from './vouchers-api';

/** The states a batch's codes are listed by (GET …/batches/{id}/codes?state=). */
export const CODE_STATES = ['open', 'redeemed', 'voided', 'expired'] as const;

/** A bulk void's body (issue 78 item 3): the ticked codes, or every code of the batch in the list's state ("" for all). */
export function vouchersBulkBody(batchId: string, state: string, selection: BulkSelection): VouchersBulkBody {
  if (!selection.all) return { action: 'void', ids: selection.ids };
  return { action: 'void', filter: { batchId, ...(state ? { state } : {}) } };
}

export const MAX_BATCH_COUNT = 10000;
export const MAX_NOTE_LENGTH = 500;

/** The CSV the server answers with ?format=csv: a header, then one row per code, its texts quoted (the console's CSV writer). */
export function batchCsv(batch: Pick<VoucherBatch, 'id' | 'typeId' | 'productId' | 'validFrom' | 'validUntil' | 'note'>, codes: readonly string[]): string {
  const rest = [batch.id, batch.typeId, batch.productId ?? null, batch.validFrom, batch.validUntil, batch.note];
  return toCsv(BATCH_CSV_HEADER, codes.map((code) => [code, ...rest]), { quoted: BATCH_CSV_QUOTED, finalNewline: true });
}

const BATCH_CSV_HEADER = ['code', 'batchId', 'typeId', 'productId', 'validFrom', 'validUntil', 'note'];
/** Which of its columns the server quotes: the texts, not the code and the numbers. */
const BATCH_CSV_QUOTED = [false, true, false, false, true, true, true];

export function batchCsvName(tenant: string, batch: Pick<VoucherBatch, 'id' | 'createdAt'>): string {
  return csvFileName('vouchers', tenant, batch.createdAt.slice(0, 10), batch.id.slice(0, 8));
}

export interface BatchFormValues {
  grants: string; // "plan:101" or "product:8001"
  count: string;
  validFrom: string; // YYYY-MM-DD or ''
  validUntil: string; // YYYY-MM-DD or ''
  note: string;
}

export type BatchFormError = 'grants' | 'countRange' | 'untilBeforeFrom' | 'noteLength';

/** What is wrong with the form, field by field (the server checks the same and more). */
export function batchFormErrors(values: BatchFormValues): Partial<Record<keyof BatchFormValues, BatchFormError>> {
  const errors: Partial<Record<keyof BatchFormValues, BatchFormError>> = {};
  if (!/^(plan|product):\d+$/.test(values.grants)) errors.grants = 'grants';
  const count = values.count.trim();
  if (!/^\d+$/.test(count) || Number(count) < 1 || Number(count) > MAX_BATCH_COUNT) errors.count = 'countRange';
  if (values.validFrom && values.validUntil && values.validUntil < values.validFrom) errors.validUntil = 'untilBeforeFrom';
  if (values.note.length > MAX_NOTE_LENGTH) errors.note = 'noteLength';
  return errors;
}

/** The body of POST /backend/admin/vouchers/batches from checked form values. */
export function batchBody(values: BatchFormValues): NewVoucherBatch {
  const [kind, id] = values.grants.split(':');
  const body: NewVoucherBatch = { count: Number(values.count.trim()) };
  if (kind === 'product') body.productId = Number(id);
  else body.typeId = Number(id);
  if (values.validFrom) body.validFrom = values.validFrom;
  if (values.validUntil) body.validUntil = values.validUntil;
  if (values.note.trim()) body.note = values.note.trim();
  return body;
}

/** A date input's value a number of days from `now` (UTC). */
export function dayFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}
