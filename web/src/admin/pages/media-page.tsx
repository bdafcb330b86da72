/**
 * Media (issue 33 item 3): upload audio, video, artwork or a game archive for an article, in chunks
 * that resume after a network error (lib/media-upload.ts), and the tenant's jobs with their state,
 * progress and the reason a failed one failed, polled while any is queued or running.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate, formatFileSize, formatPercent } from '@/lib/formatters';
import { DataTable } from '../components/data-table';
import { Field, INPUT_CLASS, Notice, PageHeader, Section } from '../components/fields';
import { adminCalls, sendChunk, type ArticleHit, type MediaJob } from '../lib/api';
import { useConsole } from '../lib/console-context';
import { useAdminI18n } from '../lib/i18n-context';
import type { AdminKey } from '../lib/i18n';
import { uploadFile } from '../lib/media-upload';

export const MEDIA_KINDS = ['audio', 'video', 'artwork', 'game'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];
const ACCEPT: Record<MediaKind, string> = { audio: 'audio/*', video: 'video/*', artwork: 'image/png,image/jpeg,image/webp,image/tiff', game: '.zip,application/zip' };
const POLL_MS = 1500;
const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** The refusals of an upload the page explains in words of its own (any other: "try again"). */
const KNOWN_ERRORS = ['MEDIA_TOO_LARGE', 'MEDIA_UPLOAD_QUOTA_EXCEEDED', 'ARTICLE_NOT_FOUND', 'VALIDATION_ERROR'] as const;

const isMediaKind = (value: string): value is MediaKind => (MEDIA_KINDS as readonly string[]).includes(value);
const isJobState = (value: string): value is (typeof JOB_STATES)[number] => (JOB_STATES as readonly string[]).includes(value);
const isKnownError = (value: unknown): value is (typeof KNOWN_ERRORS)[number] => typeof value === 'string' && (KNOWN_ERRORS as readonly string[]).includes(value);

function goToSignIn(): void {
  window.location.assign(`/admin/login?lang=${encodeURIComponent(document.documentElement.lang || 'en')}`);
}

/** The article an upload is for: its id typed in, or found by its title in the console's catalog (unpublished ones too). */
function ArticlePicker({ value, onChange }: { value: string; onChange: (id: string, title?: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const ids = useId();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const hits = useQuery({ queryKey: ['admin', tenant, 'media', 'articles', asked, lang], queryFn: () => adminCalls.searchArticles(api, asked, lang), enabled: asked.length > 0 });
  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <Field className="min-w-0" label={t('media.articleId')} hint={t('media.articleIdHint')}>
        {(f) => <input {...f} name="articleId" inputMode="numeric" dir="ltr" required className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />}
      </Field>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${ids}-search`} className="text-sm font-semibold">
          {t('media.findArticle')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${ids}-search`}
            type="search"
            className={`${INPUT_CLASS} min-w-0 flex-1`}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setAsked(term.trim());
              }
            }}
          />
          <Button variant="secondary" onClick={() => setAsked(term.trim())}>
            {t('media.search')}
          </Button>
        </div>
        {asked && (
          <div aria-live="polite" className="min-h-5 text-sm">
            {hits.isPending ? (
              <span className="text-muted">{t('loading')}</span>
            ) : hits.isError ? (
              <span className="text-red-700 dark:text-red-300">{t('loadFailed')}</span>
            ) : hits.data.length === 0 ? (
              <span className="text-muted">{t('media.noArticles')}</span>
            ) : (
              <ul className="mt-1 flex flex-col gap-1" aria-label={t('media.results')}>
                {hits.data.map((hit: ArticleHit) => (
                  <li key={hit.id}>
                    <button
                      type="button"
                      className="w-full rounded-lg border border-border px-3 py-1.5 text-start hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent aria-pressed:border-primary"
                      aria-pressed={String(hit.id) === value}
                      onClick={() => onChange(String(hit.id), hit.title)}
                    >
                      <span className="font-semibold">{hit.title || `#${hit.id}`}</span> <span className="text-muted"><Ltr>{`#${hit.id} · ${hit.contentType}`}</Ltr> · {t(`catalog.state.${hit.state}` as AdminKey)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

type Sending = { phase: 'idle' } | { phase: 'sending'; sent: number; total: number; retrying: boolean } | { phase: 'done'; name: string } | { phase: 'failed'; reason: string };

function UploadForm({ onQueued }: { onQueued: () => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [articleId, setArticleId] = useState('');
  const [chosenTitle, setChosenTitle] = useState<string | undefined>();
  const [kind, setKind] = useState<MediaKind>('audio');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending>({ phase: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    if (!file || !articleId) return;
    setSending({ phase: 'sending', sent: 0, total: file.size, retrying: false });
    try {
      await uploadFile({
        file,
        resumeKey: `${tenant}:${articleId}:${kind}:${file.name}:${file.size}:${file.lastModified}`,
        calls: {
          begin: () => adminCalls.beginUpload(api, { articleId: Number(articleId), kind, name: file.name, size: file.size }),
          status: (id) => adminCalls.upload(api, id).catch(() => null),
          send: (id, offset, total, chunk) => sendChunk(tenant, id, offset, total, chunk, goToSignIn),
        },
        onProgress: (sent, total, retrying) => setSending({ phase: 'sending', sent, total, retrying }),
      });
      setSending({ phase: 'done', name: file.name });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onQueued();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      setSending({ phase: 'failed', reason: isKnownError(code) ? t(`media.errors.${code}`) : t('media.errors.other') });
    }
  };

  const busy = sending.phase === 'sending';
  const percent = sending.phase === 'sending' && sending.total > 0 ? Math.floor((sending.sent / sending.total) * 100) : 0;
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('media.uploadTitle')} className="flex flex-col gap-2">
      <ArticlePicker
        value={articleId}
        onChange={(id, title) => {
          setArticleId(id);
          setChosenTitle(title);
        }}
      />
      {chosenTitle && (
        <p className="text-sm text-muted" aria-live="polite">
          {t('media.chosen', { title: chosenTitle })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <Field label={t('media.kind')} className="min-w-0">
          {(f) => (
            <select {...f} name="kind" className={`${INPUT_CLASS} w-full min-w-0`} value={kind} onChange={(e) => setKind(e.target.value as MediaKind)}>
              {MEDIA_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`media.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field className="min-w-0" label={t('media.file')} hint={file ? formatFileSize(file.size, lang) : t(`media.fileHint.${kind}`)}>
          {(f) => <input {...f} ref={fileInput} name="file" type="file" required accept={ACCEPT[kind]} className={`${INPUT_CLASS} w-full min-w-0 py-2`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy || !file || !articleId}>
          {busy ? t('media.uploading') : t('media.upload')}
        </Button>
        {sending.phase === 'sending' && (
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <progress className="h-2 w-full accent-primary" max={100} value={percent} aria-label={t('media.uploadProgress')} />
            <span className="text-sm text-muted" role="status">
              {sending.retrying ? t('media.retrying') : t('media.sent', { sent: formatFileSize(sending.sent, lang), total: formatFileSize(sending.total, lang), percent: formatPercent(percent, lang) })}
            </span>
          </div>
        )}
      </div>
      {sending.phase === 'done' && <Notice tone="success">{t('media.queued', { name: sending.name })}</Notice>}
      {sending.phase === 'failed' && <Notice tone="error">{sending.reason}</Notice>}
    </form>
  );
}

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
  const jobsKey = ['admin', tenant, 'media', 'jobs'] as const;
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: () => adminCalls.mediaJobs(api, { limit: 50 }),
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
