/** The draft previewed as the structure call answers it for a guest or a subscriber, on a device, system and time. */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, SELECT_CLASS, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { fieldText, useTypeName } from '../structure-model';
import { structureCalls, type PreviewNode } from '../structures-api';
import { utcFromInput, type Device, type TreeNode } from '../structures-tree';

export function PreviewPanel({ name, tree }: { name: string; tree: TreeNode }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const typeName = useTypeName();
  const [audience, setAudience] = useState<'guest' | 'subscriber'>('guest');
  const [limit, setLimit] = useState('');
  const [device, setDeviceValue] = useState<Device>('');
  const [os, setOsValue] = useState('');
  const [at, setAt] = useState('');
  const [result, setResult] = useState<PreviewNode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const maxRating = audience === 'subscriber' && limit.trim() !== '' ? Number(limit) : undefined;
      setResult(
        await structureCalls.preview(api, name, {
          tree,
          audience,
          lang,
          ...(maxRating !== undefined && Number.isInteger(maxRating) ? { maxRating } : {}),
          ...(device ? { device } : {}),
          ...(os.trim() ? { os: os.trim() } : {}),
          ...(at ? { at: utcFromInput(at) } : {}),
        }),
      );
    } catch (e) {
      const { code, data } = errorOf(e);
      setResult(null);
      setError(code === 'VALIDATION_ERROR' ? t('structures.invalid', { field: fieldText(data.field), reason: fieldText(data.reason) }) : t('structures.failed', { code: code ?? '?' }));
    } finally {
      setBusy(false);
    }
  };
  const shown = result?.substructure ?? [];
  return (
    <Section title={t('structures.preview')}>
      <p className="mb-4 text-sm text-muted">{t('structures.previewIntro')}</p>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <fieldset className="mb-4 flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('structures.audience')}</legend>
          {(['guest', 'subscriber'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="structures-audience" value={value} checked={audience === value} onChange={() => setAudience(value)} className="size-4 accent-primary" />
              {t(`structures.${value}`)}
            </label>
          ))}
        </fieldset>
        {audience === 'subscriber' ? (
          <Field label={t('structures.parentalLimit')} hint={t('structures.parentalLimitHint')}>
            {(ids) => <input {...ids} type="number" min={0} max={1000} inputMode="numeric" className={INPUT_CLASS} value={limit} onChange={(e) => setLimit(e.target.value)} />}
          </Field>
        ) : (
          <div />
        )}
        <Field label={t('structures.device')}>
          {(ids) => (
            <select {...ids} className={SELECT_CLASS} value={device} onChange={(e) => setDeviceValue(e.target.value as Device)}>
              <option value="">{t('structures.deviceAny')}</option>
              <option value="desktop">{t('structures.deviceDesktop')}</option>
              <option value="mobile">{t('structures.deviceMobile')}</option>
            </select>
          )}
        </Field>
        <Field label={t('structures.previewOs')} hint={t('structures.previewOsHint')}>
          {(ids) => <input {...ids} dir="ltr" className={INPUT_CLASS} value={os} onChange={(e) => setOsValue(e.target.value)} />}
        </Field>
        <Field label={t('structures.previewAt')} hint={t('structures.previewAtHint')}>
          {(ids) => <input {...ids} type="datetime-local" step={1} className={INPUT_CLASS} value={at} onChange={(e) => setAt(e.target.value)} />}
        </Field>
      </div>
      <Button className="h-11 px-5" disabled={busy} onClick={() => void run()}>
        {t('structures.previewRun')}
      </Button>
      <div className="mt-4" aria-live="polite">
        {error && <Notice tone="error">{error}</Notice>}
        {result &&
          (shown.length === 0 ? (
            <p className="text-muted">{t('structures.previewEmpty')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm">{t('structures.previewShown', { count: shown.length })}</p>
              <ol className="flex flex-col gap-2" data-testid="structure-preview">
                {shown.map((node, index) => (
                  <li key={`${String(node.id ?? node.name)}-${index}`} className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-border bg-bg px-3 py-2">
                    <span className="font-semibold" data-testid="structure-preview-title">
                      {node.data.title || node.name}
                    </span>
                    <span className="text-sm text-muted">
                      {typeName(typeof node.data.customProperties.type === 'string' ? node.data.customProperties.type : '')} · {t('structures.itemCount', { count: node.substructure.length })}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          ))}
      </div>
    </Section>
  );
}
