/**
 * A slide's or a tile's image (issue 73): the file goes up in resumable chunks like any media (purpose
 * `structure`, no article), a media job makes its WebP sizes (image.w1920.webp for a banner, image.w640.webp
 * for a tile, server media_work.hpp), and the node then names the one its place needs. Shown beside its
 * thumbnail; the draft is saved as usual (audited there).
 */
import { useRef, useState } from 'react';
import { formatPercent } from '@/lib/formatters';
import { goToSignIn } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { IMAGE_ACCEPT, jobSettled } from '@/admin/lib/media-job';
import { uploadFile } from '@/admin/lib/media-upload';
import { sendChunk, uploadCalls } from '@/admin/lib/upload-api';
import { imageStep, type ImageStep } from '../image-model';

export function ImageUpload({ value, wide, label, onMade }: { value: string; wide: boolean; label: string; onMade: (url: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<ImageStep>({ phase: 'idle' });

  const upload = async (file: File) => {
    setStep({ phase: 'sending', percent: 0 });
    try {
      const state = await uploadFile({
        file,
        resumeKey: `${tenant}:structure:${file.name}:${file.size}:${file.lastModified}`,
        calls: {
          begin: () => uploadCalls.begin(api, { kind: 'artwork', purpose: 'structure', name: file.name, size: file.size }),
          status: (id) => uploadCalls.status(api, id).catch(() => null),
          send: (id, offset, total, chunk) => sendChunk(tenant, id, offset, total, chunk, goToSignIn),
        },
        onProgress: (sent, total) => setStep({ phase: 'sending', percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
      });
      const jobId = state.jobId;
      if (!jobId) throw new Error('no job');
      setStep({ phase: 'making' });
      const job = await jobSettled(() => uploadCalls.job(api, jobId));
      const made = imageStep(job, wide);
      if (made.phase === 'ready') onMade(made.url);
      setStep(made);
    } catch {
      setStep({ phase: 'failed' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const busy = step.phase === 'sending' || step.phase === 'making';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {value ? <img src={value} alt={t('structures.imageOf', { label })} className={`${wide ? 'aspect-[16/6] w-48' : 'aspect-video w-32'} rounded-lg border border-border bg-surface object-cover`} /> : <span className="text-sm text-muted">{t('structures.noImage')}</span>}
      <label className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border border-border bg-surface px-4 text-sm font-semibold hover:bg-bg focus-within:outline-2 focus-within:outline-accent ${busy ? 'pointer-events-none opacity-60' : ''}`}>
        {value ? t('structures.replaceImage') : t('structures.uploadImage')}
        <span className="sr-only"> ({label})</span>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={busy}
          data-structure-upload
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      <span role="status" aria-live="polite" className="text-sm">
        {step.phase === 'sending' && <span className="text-muted">{t('structures.imageSending', { percent: formatPercent(step.percent, lang) })}</span>}
        {step.phase === 'making' && <span className="text-muted">{t('structures.imageMaking')}</span>}
        {step.phase === 'ready' && <span className="font-semibold text-green-800 dark:text-green-200">{t('structures.imageReady')}</span>}
        {step.phase === 'failed' && <span className="font-semibold text-red-700 dark:text-red-300">{step.reason ? t('structures.imageRefused', { reason: step.reason }) : t('structures.imageFailed')}</span>}
      </span>
    </div>
  );
}
