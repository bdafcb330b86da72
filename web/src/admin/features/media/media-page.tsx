/**
 * Media (issue 33 item 3): upload audio, video, artwork or a game archive for an article, in chunks
 * that resume after a network error (src/admin/lib/media-upload.ts), and the tenant's jobs with their state,
 * progress and the reason a failed one failed, polled while any is queued or running.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate, formatPercent } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { MediaJob } from '@/admin/lib/upload-api';
import { UploadForm } from './components/upload-form';
import { mediaCalls } from './media-api';
import { POLL_MS, isJobState, isMediaKind } from './media-model';
import { mediaKeys } from './media-keys';

const column = createColumnHelper<MediaJob>();

function StateBadge({ job }: { job: MediaJob }) {
  const { t, lang } = useAdminI18n();
  const tones: Record<string, string> = {
    queued: 'border-border text-text',
    running: 'border-primary text-text',
    done: 'border-green-700 text-green-900 dark:border-green-400 dark:text-green-100',
    failed: 'border-red-700 text-red-900 dark:border-red-400 dark:text-red-100',
  };
  return (
    <span className="flex flex-col gap-1">
      <span className={`inline-block w-fit rounded-full border px-2 py-0.5 text-xs font-semibold ${tones[job.state] ?? ''}`}>{isJobState(job.state) ? t(`media.states.${job.state}`) : job.state}</span>
      {job.state === 'running' && <progress className="h-1.5 w-24 accent-primary" max={100} value={job.progress} aria-label={t('media.jobProgress', { percent: formatPercent(job.progress, lang) })} />}
    </span>
  );
}

export default function MediaPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const jobsKey = mediaKeys.jobs(tenant);
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: () => mediaCalls.jobs(api, { limit: 50 }),
    refetchInterval: (query) => (query.state.data?.some((j) => j.state === 'queued' || j.state === 'running') ? POLL_MS : false),
  });
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('media.columns.file'), cell: (info) => <span className="break-all"><Ltr>{info.getValue()}</Ltr></span> }),
      // A brand image belongs to no article: the tenant's logo or app icon (Settings).
      column.accessor('articleId', {
        header: () => t('media.columns.article'),
        cell: (info) => (info.row.original.purpose === 'logo' ? t('settings.logo') : info.row.original.purpose === 'icon' ? t('settings.icon') : <Ltr>{`#${info.getValue()}`}</Ltr>),
      }),
      column.accessor('kind', { header: () => t('media.columns.kind'), cell: (info) => {
          const kind = info.getValue();
          return isMediaKind(kind) ? t(`media.kinds.${kind}`) : kind;
        },
      }),
      column.accessor('state', { header: () => t('media.columns.state'), cell: (info) => <StateBadge job={info.row.original} /> }),
      column.accessor('progress', { header: () => t('media.columns.progress'), cell: (info) => formatPercent(info.getValue(), lang) }),
      column.accessor('error', {
        header: () => t('media.columns.reason'),
        enableSorting: false,
        cell: (info) => (info.getValue() ? <span className="text-red-800 dark:text-red-200" dir="ltr">{info.getValue()}</span> : <span className="text-muted">{t('media.none')}</span>),
      }),
      column.accessor('updatedAt', { header: () => t('media.columns.updated'), cell: (info) => <time dateTime={info.getValue()}>{formatDate(info.getValue(), lang, { dateStyle: 'short', timeStyle: 'medium' })}</time> }),
    ],
    [t, lang],
  );
  return (
    <>
      <PageHeader title={t('media.title')} intro={t('media.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('media.uploadTitle')}>
          <UploadForm onQueued={() => void queryClient.invalidateQueries({ queryKey: jobsKey })} />
        </Section>
        <Section title={jobs.data ? t('media.jobsTotal', { count: jobs.data.length }) : t('media.jobsTitle')}>
          {jobs.isPending ? (
            <p role="status" className="text-muted">
              {t('loading')}
            </p>
          ) : jobs.isError ? (
            <Notice tone="error">{t('loadFailed')}</Notice>
          ) : (
            <DataTable
              data={jobs.data}
              columns={columns}
              getRowId={(row) => row.id}
              label={t('media.jobsTitle')}
              wide
              empty={t('media.noJobs')}
              sortable
              rowAttributes={(job) => ({ 'data-state': job.state, 'data-job': job.id })}
              align="middle"
            />
          )}
        </Section>
      </div>
    </>
  );
}
