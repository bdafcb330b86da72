/**
 * A brand image of the tenant (its logo, its app icon) uploaded from the settings (issue 50 item 1;
 * docs/decisions.md "Brand images"): the file goes up in resumable chunks like any media
 * (src/admin/lib/media-upload.ts, purpose logo or icon, no article), a media job makes its WebP sizes, and the
 * form's field then names them; the operator's Save applies it (one settings change, audited there).
 */
import { useRef, useState } from 'react';
import { formatPercent } from '@/lib/formatters';
import { goToSignIn } from '@/admin/lib/api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { uploadFile } from '@/admin/lib/media-upload';
import { sendChunk, uploadCalls } from '@/admin/lib/upload-api';
import { ACCEPT, settled, type BrandImage, type BrandPurpose, type BrandStep } from '../brand-model';

export function BrandImageUpload({ purpose, label, onMade }: { purpose: BrandPurpose; label: string; onMade: (image: BrandImage) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<BrandStep>({ phase: 'idle' });

  const upload = async (file: File) => {
    setStep({ phase: 'sending', percent: 0 });
    try {
      const state = await uploadFile({
        file,
        resumeKey: `${tenant}:brand:${purpose}:${file.name}:${file.size}:${file.lastModified}`,
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
      const job = await settled(() => uploadCalls.job(api, jobId));
      if (job?.state === 'done' && job.mediaPath) {
        onMade({ media: `/media/generated/${job.mediaPath}`, preview: `/media/generated/${job.previewPath ?? job.mediaPath}` });
        setStep({ phase: 'ready' });
      } else {
        setStep({ phase: 'failed', reason: job?.error ?? undefined });
      }
    } catch {
      setStep({ phase: 'failed' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const busy = step.phase === 'sending' || step.phase === 'making';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border border-border bg-surface px-4 text-sm font-semibold hover:bg-bg focus-within:outline-2 focus-within:outline-accent ${busy ? 'pointer-events-none opacity-60' : ''}`}>
        {t('settings.uploadImage')}
        <span className="sr-only"> ({label})</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          data-brand-upload={purpose}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      <span role="status" aria-live="polite" className="text-sm">
        {step.phase === 'sending' && <span className="text-muted">{t('settings.brandSending', { percent: formatPercent(step.percent, lang) })}</span>}
        {step.phase === 'making' && <span className="text-muted">{t('settings.brandMaking')}</span>}
        {step.phase === 'ready' && <span className="font-semibold text-green-800 dark:text-green-200">{t('settings.brandReady')}</span>}
        {step.phase === 'failed' && (
          <span className="font-semibold text-red-700 dark:text-red-300">{step.reason ? t('settings.brandRefused', { reason: step.reason }) : t('settings.brandFailed')}</span>
        )}
      </span>
    </div>
  );
}
