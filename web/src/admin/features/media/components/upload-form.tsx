/** An upload: the article, the kind of file and the file, sent in chunks that resume after a network error. */
import { useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { formatFileSize, formatPercent } from '@/lib/formatters';
import { Field, INPUT_CLASS, Notice } from '@/admin/components/fields';
import { goToSignIn } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { uploadFile } from '@/admin/lib/media-upload';
import { sendChunk, uploadCalls } from '@/admin/lib/upload-api';
import { ACCEPT, MEDIA_KINDS, isKnownError, type MediaKind, type Sending } from '../media-model';
import { ArticlePicker } from './article-picker';

export function UploadForm({ onQueued }: { onQueued: () => void }) {
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
          begin: () => uploadCalls.begin(api, { articleId: Number(articleId), kind, name: file.name, size: file.size }),
          status: (id) => uploadCalls.status(api, id).catch(() => null),
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
