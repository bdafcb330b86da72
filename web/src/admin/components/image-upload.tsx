/**
 * An image the console uploads, one copy for all of them (issue 73: the structures' slide and tile images, the
 * settings' brand images): the file goes up in resumable chunks like any media (lib/media-upload.ts, no article),
 * a media job makes its WebP sizes (lib/media-job.ts), and `onMade` hands the caller the images the job made, which
 * its form then names (the structure's draft, the settings; each saved and audited there). The caller's messages
 * say what the image is for; with a `value`, its thumbnail stands beside the button.
 */
import { useRef, useState } from 'react';
import { formatPercent } from '@/lib/formatters';
import { goToSignIn } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { IMAGE_ACCEPT, jobSettled, madeImage, type ImageStep, type ImageUploadMessages, type MadeImage } from '@/admin/lib/media-job';
import { uploadFile } from '@/admin/lib/media-upload';
import { sendChunk, uploadCalls, type NewMediaUpload } from '@/admin/lib/upload-api';

/** The current image, small, beside its field or its button; nothing when there is none. */
export function ImageThumbnail({ src, alt, className }: { src: string; alt: string; className: string }) {
  if (!src) return null;
  return <img src={src} alt={alt} className={`shrink-0 rounded-lg border border-border bg-surface ${className}`} data-thumbnail="" />;
}

export function ImageUpload(props: {
  purpose: NewMediaUpload['purpose'];
  /** What the image is (the button's accessible name and the thumbnail's text). */
  label: string;
  messages: ImageUploadMessages;
  onMade: (image: MadeImage) => void;
  /** Kept with the file's name, size and date, so a reload resumes the same upload. */
  resumeKey: string;
  /** The current image, shown as a thumbnail before the button (with `thumbnail` its size) and `noImage` without one. */
  value?: { src: string; alt: string; thumbnail: string; noImage: string };
  /** Attributes of the file input (tests and walks find it by them). */
  inputData?: Record<`data-${string}`, string>;
}) {
  const { purpose, label, messages, onMade, resumeKey, value, inputData } = props;
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<ImageStep>({ phase: 'idle' });

  const upload = async (file: File) => {
    setStep({ phase: 'sending', percent: 0 });
    try {
      const state = await uploadFile({
        file,
        resumeKey: `${tenant}:${resumeKey}:${file.name}:${file.size}:${file.lastModified}`,
        calls: {
          begin: () => uploadCalls.begin(api, { kind: 'artwork', purpose, name: file.name, size: file.size }),
          status: (id) => uploadCalls.status(api, id).catch(() => null),
          send: (id, offset, total, chunk) => sendChunk(tenant, id, offset, total, chunk, goToSignIn),
        },
        onProgress: (sent, total) => setStep({ phase: 'sending', percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
      });
      const jobId = state.jobId;
      if (!jobId) throw new Error('no job');
      setStep({ phase: 'making' });
      const job = await jobSettled(() => uploadCalls.job(api, jobId));
      const made = madeImage(job);
      if (made) {
        onMade(made);
        setStep({ phase: 'ready' });
      } else {
        setStep({ phase: 'failed', ...(job?.error ? { reason: job.error } : {}) });
      }
    } catch {
      setStep({ phase: 'failed' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const busy = step.phase === 'sending' || step.phase === 'making';
  const button = value?.src && messages.replace ? messages.replace : messages.upload;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {value && (value.src ? <ImageThumbnail src={value.src} alt={value.alt} className={`object-cover ${value.thumbnail}`} /> : <span className="text-sm text-muted">{value.noImage}</span>)}
      <label className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border border-border bg-surface px-4 text-sm font-semibold hover:bg-bg focus-within:outline-2 focus-within:outline-accent ${busy ? 'pointer-events-none opacity-60' : ''}`}>
        {t(button)}
        <span className="sr-only"> ({label})</span>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={busy}
          {...inputData}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      <span role="status" aria-live="polite" className="text-sm">
        {step.phase === 'sending' && <span className="text-muted">{t(messages.sending, { percent: formatPercent(step.percent, lang) })}</span>}
        {step.phase === 'making' && <span className="text-muted">{t(messages.making)}</span>}
        {step.phase === 'ready' && <span className="font-semibold text-green-800 dark:text-green-200">{t(messages.ready)}</span>}
        {step.phase === 'failed' && <span className="font-semibold text-red-700 dark:text-red-300">{step.reason ? t(messages.refused, { reason: step.reason }) : t(messages.failed)}</span>}
      </span>
    </div>
  );
}
