/**
 * A list's bulk actions (issue 78 item 3): the bar over a grid whose rows can be selected — how many are selected,
 * "select all N that match" once the page is selected, the list's own action controls — then a dialog that names
 * the count before anything starts, the job's progress (a progress bar polling the server's job) and its result
 * with every refused row and why. The job runs on the server: closing the dialog or leaving the page stops nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Ltr } from '@/components/ui/ltr-text';
import { Notice } from '@/admin/components/fields';
import { errorOf } from '@/admin/lib/console-context';
import { BULK_POLL_MS, jobFinished, jobProcessed, newBulkKey, offerAllMatching, selectionCount, type BulkJob, type BulkSelection } from '@/admin/lib/bulk-job';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey, Translate } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';

/** The refusals a row may meet, by the single action's error code (else the server's own words). */
const ROW_CODES = ['ARTICLE_NOT_FOUND', 'ARTICLE_VERSION_CONFLICT', 'SUBSCRIPTION_TYPE_NOT_FOUND', 'PLAN_VERSION_CONFLICT', 'USER_NOT_FOUND', 'VOUCHER_NOT_FOUND', 'VOUCHER_ALREADY_REDEEMED', 'VOUCHER_ALREADY_VOIDED', 'VALIDATION_ERROR', 'INTERNAL_ERROR'] as const;

function rowReason(t: Translate, code: string, reason: string): string {
  const known = ROW_CODES.find((c) => c === code);
  return known ? t(`bulk.rowCodes.${known}` as AdminKey, { reason }) : reason;
}

function startError(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  if (code === 'NOTHING_SELECTED' || code === 'TOO_MANY_ROWS') return t(`bulk.errors.${code}` as AdminKey);
  return failureText(t, error);
}

export interface BulkBarProps {
  selection: BulkSelection;
  /** The ids of the rows on the page shown, and how many rows match the filter. */
  pageIds: string[];
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  /** The selected rows named with their count ("1,000 articles"). */
  rows: (count: number) => string;
  /** The list's action controls (an action and its parameters). */
  controls: ReactNode;
  /** What the confirmation asks (naming the count), or null while the action is not ready to start. */
  confirmText: string | null;
  /** Makes the job (with the Idempotency-Key of this confirmation). */
  start: (key: string) => Promise<BulkJob>;
  readJob: (id: string) => Promise<BulkJob>;
  queryKey: readonly unknown[];
  /** The job finished: the list reads its rows again. */
  onFinished: () => void;
  /** How a refused row is named (its id when not given, or not known). */
  targetName?: (target: string) => string;
}

function Progress({ job }: { job: BulkJob }) {
  const { t } = useAdminI18n();
  const processed = jobProcessed(job);
  const width = job.total > 0 ? Math.round((processed / job.total) * 100) : 0;
  const text = t('bulk.progress', { processed, total: job.total });
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={t('bulk.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={processed}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-border"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${width}%` }} />
      </div>
      <p className="text-sm" aria-live="polite">{text}</p>
    </div>
  );
}

function Result({ job, targetName }: { job: BulkJob; targetName: (target: string) => string }) {
  const { t } = useAdminI18n();
  return (
    <div className="flex flex-col gap-3" data-bulk-result="">
      <Notice tone={job.failed > 0 ? 'error' : 'success'}>
        {t('bulk.finished', { changed: t('bulk.changed', { count: job.done }), refused: t('bulk.refused', { count: job.failed }) })}
      </Notice>
      {job.failures.length > 0 && (
        <section aria-label={t('bulk.failuresTitle')}>
          <h3 className="mb-1 font-semibold">{t('bulk.failuresTitle')}</h3>
          <ul className="max-h-60 list-none overflow-y-auto text-sm">
            {job.failures.map((f) => (
              <li key={f.target} className="border-b border-border py-1 last:border-0" data-failed={f.target}>
                <Ltr>{targetName(f.target)}</Ltr>: {rowReason(t, f.code, f.reason)}
              </li>
            ))}
          </ul>
          {job.failed > job.failures.length && <p className="text-sm text-muted">{t('bulk.moreFailures', { count: job.failed - job.failures.length })}</p>}
        </section>
      )}
    </div>
  );
}

export function BulkBar({ selection, pageIds, total, onSelectAll, onClear, rows, controls, confirmText, start, readJob, queryKey, onFinished, targetName = (target) => target }: BulkBarProps) {
  const { t } = useAdminI18n();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newBulkKey);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = selectionCount(selection);
  const job = useQuery({
    queryKey: [...queryKey, jobId],
    queryFn: () => readJob(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && jobFinished(query.state.data) ? false : BULK_POLL_MS),
  });
  const finished = job.data ? jobFinished(job.data) : false;

  const confirm = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const made = await start(key);
      setJobId(made.id);
    } catch (error) {
      setFailure(startError(t, error));
    } finally {
      setStarting(false);
    }
  };
  const close = () => {
    setOpen(false);
    if (jobId !== null) {
      if (finished) onFinished();
      setJobId(null);
      setKey(newBulkKey());  // the next confirmation is another job
    }
    setFailure(null);
  };

  if (count === 0 && !open) return null;
  return (
    <div role="region" aria-label={t('bulk.barLabel')} className="mb-4 flex flex-col gap-3 rounded-xl border border-border bg-bg p-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-semibold" aria-live="polite">
          {selection.all ? t('bulk.allSelected', { count }) : t('bulk.selected', { count })}
        </p>
        {offerAllMatching(selection, pageIds, total) && (
          <Button variant="secondary" onClick={onSelectAll}>
            {t('bulk.selectAll', { count: total })}
          </Button>
        )}
        <Button variant="secondary" onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {controls}
        <Button disabled={confirmText === null} onClick={() => setOpen(true)}>
          {t('bulk.apply')}
        </Button>
      </div>
      <DialogShell open={open} onOpenChange={(next) => !next && close()} title={t('bulk.confirmTitle')} closeLabel={t('bulk.close')}>
        <div className="flex flex-col gap-4">
          <p className="text-base" data-bulk-confirm="">{confirmText}</p>
          <p className="text-sm text-muted">{t('bulk.howItRuns', { rows: rows(count) })}</p>
          {failure && <Notice tone="error">{failure}</Notice>}
          {job.data && (finished ? <Result job={job.data} targetName={targetName} /> : <Progress job={job.data} />)}
          {job.data && !finished && <p className="text-sm text-muted">{t('bulk.background')}</p>}
          <div className="flex flex-wrap justify-end gap-3">
            {jobId === null ? (
              <>
                <Button variant="secondary" onClick={close}>
                  {t('bulk.cancel')}
                </Button>
                <Button disabled={starting} onClick={() => void confirm()}>
                  {starting ? t('bulk.starting') : t('bulk.start', { rows: rows(count) })}
                </Button>
              </>
            ) : (
              <Button variant={finished ? 'primary' : 'secondary'} onClick={close}>
                {t('bulk.close')}
              </Button>
            )}
          </div>
        </div>
      </DialogShell>
    </div>
  );
}
